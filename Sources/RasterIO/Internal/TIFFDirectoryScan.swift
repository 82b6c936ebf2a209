#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a TIFF file's header and directory entries straight from its bytes (`pread`), without
/// libtiff: classic and BigTIFF, either byte order. Used where libtiff's view is not enough (the
/// exact rationals of ``TIFFRawRationals``) or comes too late (``TIFFTagPrecheck``, before
/// libtiff holds every tag in memory).
struct TIFFDirectoryScan {
  /// One directory entry: where a tag's values lie.
  struct Entry {
    /// The tag number.
    var tag: UInt32
    /// The TIFF field type.
    var type: UInt16
    /// The number of values (clamped to `Int`).
    var count: Int
    /// File offset of the values (inside the entry when they fit there).
    var valueOffset: UInt64
    /// `count` × the size of one value; nil for a type this scan does not know or a product
    /// past `Int`.
    var byteCount: Int?
  }

  private let descriptor: Int32
  private let bigEndian: Bool
  private let bigTIFF: Bool

  /// The layout of the file open on `descriptor`, nil when its header is not TIFF's.
  init?(descriptor: Int32) {
    guard let h = Self.bytes(descriptor, at: 0, count: 4), h[0] == h[1],
      h[0] == 0x49 || h[0] == 0x4D
    else { return nil }
    let bigEndian = h[0] == 0x4D
    let magic = bigEndian ? UInt16(h[2]) << 8 | UInt16(h[3]) : UInt16(h[3]) << 8 | UInt16(h[2])
    guard magic == 42 || magic == 43 else { return nil }
    self.descriptor = descriptor
    self.bigEndian = bigEndian
    bigTIFF = magic == 43
  }

  /// Bytes per value of each TIFF field type (BYTE … IFD8); 0 for an unknown type.
  private static let typeSizes: [Int] = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4, 0, 0, 8, 8, 8]

  /// The offset of the first directory, from the header.
  var firstDirectory: UInt64? {
    bigTIFF
      ? bytes(at: 8, count: 8).map { long8($0, 0) }
      : bytes(at: 4, count: 4).map { UInt64(word($0, 0)) }
  }

  /// The entries of the directory at `offset`; empty when it cannot be read or declares more
  /// than 65535 entries.
  func entries(at offset: UInt64) -> [Entry] {
    let (countSize, entrySize) = bigTIFF ? (8, 20) : (2, 12)
    guard let head = bytes(at: offset, count: countSize) else { return [] }
    let count = bigTIFF ? Int(clamping: long8(head, 0)) : Int(half(head, 0))
    guard count <= 65535,
      let table = bytes(at: offset + UInt64(countSize), count: count * entrySize)
    else { return [] }
    return (0..<count).map { i in
      let at = i * entrySize
      let type = half(table, at + 2)
      let n = bigTIFF ? Int(clamping: long8(table, at + 4)) : Int(word(table, at + 4))
      let size = Int(type) < Self.typeSizes.count ? Self.typeSizes[Int(type)] : 0
      let (product, overflow) = n.multipliedReportingOverflow(by: size)
      let byteCount = size == 0 || overflow ? nil : product
      let valueAt = at + (bigTIFF ? 12 : 8)
      let inline = byteCount.map { $0 <= (bigTIFF ? 8 : 4) } ?? false
      let valueOffset =
        inline
        ? offset + UInt64(countSize + valueAt)
        : bigTIFF ? long8(table, valueAt) : UInt64(word(table, valueAt))
      return Entry(
        tag: UInt32(half(table, at)), type: type, count: n, valueOffset: valueOffset,
        byteCount: byteCount)
    }
  }

  /// The first value of an entry of type LONG, IFD, LONG8 or IFD8 (a sub-directory pointer).
  func offsetValue(_ entry: Entry) -> UInt64? {
    switch entry.type {
    case 4, 13: bytes(at: entry.valueOffset, count: 4).map { UInt64(word($0, 0)) }
    case 16, 18: bytes(at: entry.valueOffset, count: 8).map { long8($0, 0) }
    default: nil
    }
  }

  /// The 32-bit words at `offset` (`count` of them), in host order.
  func words(at offset: UInt64, count: Int) -> [UInt32]? {
    bytes(at: offset, count: count * 4).map { b in (0..<count).map { word(b, $0 * 4) } }
  }

  /// `values` written over the 32-bit words at `offset` in the file's byte order; false when
  /// the write fails.
  func write(words values: [UInt32], at offset: UInt64) -> Bool {
    let out = values.flatMap { v in
      let le = (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) }
      return bigEndian ? le.reversed() : le
    }
    let written = out.withUnsafeBytes {
      pwrite(descriptor, $0.baseAddress, $0.count, off_t(offset))
    }
    return written == out.count
  }

  private func bytes(at offset: UInt64, count: Int) -> [UInt8]? {
    Self.bytes(descriptor, at: offset, count: count)
  }

  private static func bytes(_ descriptor: Int32, at offset: UInt64, count: Int) -> [UInt8]? {
    guard count > 0, offset < UInt64(Int64.max) else { return nil }
    var out = [UInt8](repeating: 0, count: count)
    let got = out.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
    return got == count ? out : nil
  }

  private func half(_ b: [UInt8], _ at: Int) -> UInt16 {
    let (x, y) = (UInt16(b[at]), UInt16(b[at + 1]))
    return bigEndian ? x << 8 | y : y << 8 | x
  }

  private func word(_ b: [UInt8], _ at: Int) -> UInt32 {
    (0..<4).reduce(0) { v, i in v | UInt32(b[at + (bigEndian ? 3 - i : i)]) << (8 * UInt32(i)) }
  }

  private func long8(_ b: [UInt8], _ at: Int) -> UInt64 {
    (0..<8).reduce(0) { v, i in v | UInt64(b[at + (bigEndian ? 7 - i : i)]) << (8 * UInt64(i)) }
  }
}
