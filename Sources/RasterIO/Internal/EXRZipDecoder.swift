internal import COpenEXR

/// A per-thread ZIP decoder for OpenEXR chunks using libdeflate, plugged into OpenEXRCore's
/// decode pipeline as `decompress_fn` (the inverse of ``EXRZipEncoder``: zlib-decompress,
/// undo the byte differences, then merge the two halves back into alternating bytes).
final class EXRZipDecoder {
  private let decompressor: OpaquePointer?
  private var scratch = UnsafeMutableRawBufferPointer(start: nil, count: 0)

  init() { decompressor = libdeflate_alloc_decompressor() }

  deinit {
    libdeflate_free_decompressor(decompressor)
    scratch.deallocate()
  }

  /// Decodes `packed` into exactly `count` bytes at `destination`; false if the data is
  /// corrupt or of the wrong size. The corresponding C function is `libdeflate_zlib_decompress`.
  func decode(
    _ packed: UnsafeRawBufferPointer, into destination: UnsafeMutableRawPointer, count: Int
  )
    -> Bool
  {
    guard let decompressor, let source = packed.baseAddress else { return false }
    if scratch.count < count {
      scratch.deallocate()
      scratch = .allocate(byteCount: count, alignment: 16)
    }
    guard let s = scratch.baseAddress else { return false }
    var produced = 0
    let result = libdeflate_zlib_decompress(
      decompressor, source, packed.count, s, count, &produced)
    guard result == LIBDEFLATE_SUCCESS, produced == count else { return false }
    let t = s.assumingMemoryBound(to: UInt8.self)
    var previous: UInt8 = count > 0 ? t[0] : 0
    var i = 1
    while i < count {
      previous = t[i] &+ previous &- 128
      t[i] = previous
      i &+= 1
    }
    let d = destination.assumingMemoryBound(to: UInt8.self)
    let half = (count + 1) / 2
    for j in 0..<half { d[2 &* j] = t[j] }
    for j in 0..<(count - half) { d[2 &* j &+ 1] = t[half &+ j] }
    return true
  }
}

/// The pipeline's `decompress_fn` for ZIP and ZIPS parts; `decoding_user_data` holds the
/// thread's ``EXRZipDecoder``.
func exrZipDecompress(_ pipeline: UnsafeMutablePointer<exr_decode_pipeline_t>?) -> exr_result_t {
  guard let pipeline else { return exr_result_t(EXR_ERR_INVALID_ARGUMENT.rawValue) }
  let p = pipeline.pointee
  let packedSize = Int(p.chunk.packed_size)
  let unpackedSize = Int(p.chunk.unpacked_size)
  if packedSize == 0 || packedSize == unpackedSize { return 0 }  // stored as it is
  guard let user = p.decoding_user_data, let packed = p.packed_buffer,
    let unpacked = p.unpacked_buffer
  else { return exr_result_t(EXR_ERR_INVALID_ARGUMENT.rawValue) }
  let decoder = Unmanaged<EXRZipDecoder>.fromOpaque(user).takeUnretainedValue()
  let ok = decoder.decode(
    UnsafeRawBufferPointer(start: packed, count: packedSize), into: unpacked, count: unpackedSize)
  return ok ? 0 : exr_result_t(EXR_ERR_CORRUPT_CHUNK.rawValue)
}
