internal import COpenEXR

/// A per-thread ZIP encoder for OpenEXR chunks using libdeflate, plugged into OpenEXRCore's
/// encode pipeline as `compress_fn`.
///
/// The format is OpenEXR's ZIP (and ZIPS) chunk encoding: the packed bytes are split into even
/// and odd bytes (first and second half), each byte is replaced by its difference to the
/// previous one plus 128 (mod 256), and the result is zlib-compressed. A chunk that would not
/// shrink is stored as it is. Level 4 matches OpenEXR's C++ default.
final class EXRZipEncoder {
  private let compressor: OpaquePointer?
  private var scratch = UnsafeMutableRawBufferPointer(start: nil, count: 0)
  private var output = UnsafeMutableRawBufferPointer(start: nil, count: 0)

  init() { compressor = libdeflate_alloc_compressor(4) }

  deinit {
    libdeflate_free_compressor(compressor)
    scratch.deallocate()
    output.deallocate()
  }

  /// Encodes `count` bytes at `packed`; returns the bytes to store (valid until the next call).
  /// The corresponding C functions are `libdeflate_zlib_compress_bound` and
  /// `libdeflate_zlib_compress`.
  func encode(_ packed: UnsafeRawPointer, count: Int) -> UnsafeRawBufferPointer? {
    guard let compressor else { return nil }
    let bound = libdeflate_zlib_compress_bound(compressor, count)
    grow(&scratch, to: count)
    grow(&output, to: max(bound, count))
    guard let s = scratch.baseAddress, let o = output.baseAddress else { return nil }
    reorderAndPredict(packed.assumingMemoryBound(to: UInt8.self), count, into: s)
    let size = libdeflate_zlib_compress(compressor, s, count, o, output.count)
    guard size > 0, size < count else {
      o.copyMemory(from: packed, byteCount: count)
      return UnsafeRawBufferPointer(start: o, count: count)
    }
    return UnsafeRawBufferPointer(start: o, count: size)
  }

  private func reorderAndPredict(
    _ source: UnsafePointer<UInt8>, _ count: Int, into destination: UnsafeMutableRawPointer
  ) {
    let d = destination.assumingMemoryBound(to: UInt8.self)
    let half = (count + 1) / 2
    for i in 0..<half { d[i] = source[2 &* i] }
    for i in 0..<(count - half) { d[half &+ i] = source[2 &* i &+ 1] }
    var previous = count > 0 ? d[0] : 0
    var i = 1
    while i < count {
      let current = d[i]
      d[i] = current &- previous &+ 128
      previous = current
      i &+= 1
    }
  }

  private func grow(_ buffer: inout UnsafeMutableRawBufferPointer, to size: Int) {
    guard buffer.count < size else { return }
    buffer.deallocate()
    buffer = .allocate(byteCount: size, alignment: 16)
  }
}

/// What an encode pipeline's `encoding_user_data` points at: where the encoded bytes go and,
/// for ZIP parts, the thread's encoder.
struct EXREncodeTarget {
  var bytes: UnsafeMutablePointer<[UInt8]>
  var zip: Unmanaged<EXRZipEncoder>?
}

/// The pipeline's `compress_fn` for ZIP and ZIPS parts.
func exrZipCompress(_ pipeline: UnsafeMutablePointer<exr_encode_pipeline_t>?) -> exr_result_t {
  guard let pipeline, let target = pipeline.pointee.encoding_user_data,
    let zip = target.assumingMemoryBound(to: EXREncodeTarget.self).pointee.zip,
    let packed = pipeline.pointee.packed_buffer,
    let encoded = zip.takeUnretainedValue().encode(
      packed, count: Int(pipeline.pointee.packed_bytes))
  else { return exr_result_t(EXR_ERR_OUT_OF_MEMORY.rawValue) }
  pipeline.pointee.compressed_buffer = UnsafeMutableRawPointer(mutating: encoded.baseAddress)
  pipeline.pointee.compressed_bytes = encoded.count
  pipeline.pointee.compressed_alloc_size = 0
  return 0
}

/// The pipeline's `write_fn`: copies the encoded bytes to the target, and detaches a buffer
/// owned by ``EXRZipEncoder`` so OpenEXR never frees it.
func exrKeepEncodedBytes(_ pipeline: UnsafeMutablePointer<exr_encode_pipeline_t>?)
  -> exr_result_t
{
  guard let pipeline, let raw = pipeline.pointee.encoding_user_data else {
    return exr_result_t(EXR_ERR_INVALID_ARGUMENT.rawValue)
  }
  let target = raw.assumingMemoryBound(to: EXREncodeTarget.self).pointee
  // Readers take a chunk as big as its unpacked bytes for uncompressed, so a codec result
  // that does not shrink (OpenEXRCore 3.1.5 keeps one of exactly that size) is stored raw.
  let p = pipeline.pointee
  let stored =
    p.compressed_bytes < p.packed_bytes
    ? UnsafeRawBufferPointer(start: p.compressed_buffer, count: Int(p.compressed_bytes))
    : UnsafeRawBufferPointer(start: p.packed_buffer, count: Int(p.packed_bytes))
  target.bytes.pointee.removeAll(keepingCapacity: true)
  target.bytes.pointee.append(contentsOf: stored)
  if target.zip != nil, pipeline.pointee.compressed_buffer != pipeline.pointee.packed_buffer {
    pipeline.pointee.compressed_buffer = nil
    pipeline.pointee.compressed_alloc_size = 0
  }
  return 0
}
