import Foundation

/// The exact numerator/denominator pairs of a TIFF directory's RATIONAL and SRATIONAL tags,
/// read from a file's bytes and patched into another's. libtiff 4.5 holds EXIF and GPS
/// rationals as `Float`, so through its API a camera's 1/125 s would come back as
/// 8590191/2³⁰; the pairs as stored go back into the output once libtiff has written it (the
/// same tags, the same counts, so the same sizes).
enum TIFFRawRationals {
  /// Rationals per tag beyond which a tag keeps libtiff's values (no allocation from a count
  /// a hostile file declares).
  static let maxCount = 1 << 16

  /// Byte order and offset size of a file, from its header.
  private struct Layout {
    var bigEndian: Bool
    var bigTIFF: Bool
  }

  /// Where a tag's values lie.
  private struct Entry {
    var tag: UInt32
    var type: UInt16
    var count: Int
    var valueOffset: UInt64
  }

  /// The pairs (numerator, denominator, …) of the RATIONAL (5) and SRATIONAL (10) tags in the
  /// directory at `offset`, by tag; empty when the bytes cannot be read.
  static func read(descriptor: Int32, directory offset: UInt64) -> [UInt32: [UInt32]] {
    guard let layout = layout(descriptor) else { return [:] }
    var found: [UInt32: [UInt32]] = [:]
    for e in entries(descriptor, layout, at: offset) {
      guard let bytes = bytes(descriptor, at: e.valueOffset, count: e.count * 8) else { continue }
      found[e.tag] = (0..<(2 * e.count)).map { word(bytes, $0 * 4, layout) }
    }
    return found
  }

  /// Writes `pairs` over the values of the same rational tags in the directory at `offset`
  /// (tags whose count differs are left alone).
  static func patch(
    descriptor: Int32, directory offset: UInt64, _ pairs: [UInt32: [UInt32]], path: String
  ) throws {
    guard !pairs.isEmpty, let layout = layout(descriptor) else { return }
    for e in entries(descriptor, layout, at: offset) {
      guard let values = pairs[e.tag], values.count == 2 * e.count else { continue }
      let out = values.flatMap { v in
        let le = (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) }
        return layout.bigEndian ? le.reversed() : le
      }
      let written = out.withUnsafeBytes {
        pwrite(descriptor, $0.baseAddress, $0.count, off_t(e.valueOffset))
      }
      guard written == out.count else {
        throw RasterIOError(
          .io, path: path, "cannot write tag \(e.tag): \(String(cString: strerror(errno)))")
      }
    }
  }

  /// The offset of the first directory, from the header.
  static func firstDirectory(descriptor: Int32) -> UInt64? {
    guard let layout = layout(descriptor) else { return nil }
    return layout.bigTIFF
      ? bytes(descriptor, at: 8, count: 8).map { long8($0, 0, layout) }
      : bytes(descriptor, at: 4, count: 4).map { UInt64(word($0, 0, layout)) }
  }

  private static func layout(_ descriptor: Int32) -> Layout? {
    guard let h = bytes(descriptor, at: 0, count: 4), h[0] == h[1], h[0] == 0x49 || h[0] == 0x4D
    else { return nil }
    let layout = Layout(bigEndian: h[0] == 0x4D, bigTIFF: false)
    switch half(h, 2, layout) {
    case 42: return layout
    case 43: return Layout(bigEndian: layout.bigEndian, bigTIFF: true)
    default: return nil
    }
  }

  /// The rational entries of the directory at `offset`.
  private static func entries(_ descriptor: Int32, _ layout: Layout, at offset: UInt64)
    -> [Entry]
  {
    let (countSize, entrySize) = layout.bigTIFF ? (8, 20) : (2, 12)
    guard let head = bytes(descriptor, at: offset, count: countSize) else { return [] }
    let count = layout.bigTIFF ? Int(clamping: long8(head, 0, layout)) : Int(half(head, 0, layout))
    guard count <= 65535,
      let table = bytes(descriptor, at: offset + UInt64(countSize), count: count * entrySize)
    else { return [] }
    var found: [Entry] = []
    for i in 0..<count {
      let at = i * entrySize
      let type = half(table, at + 2, layout)
      let n =
        layout.bigTIFF
        ? Int(clamping: long8(table, at + 4, layout)) : Int(word(table, at + 4, layout))
      guard type == 5 || type == 10, n > 0, n <= maxCount else { continue }
      let valueAt = at + (layout.bigTIFF ? 12 : 8)
      let inline = n * 8 <= (layout.bigTIFF ? 8 : 4)
      let valueOffset =
        inline
        ? offset + UInt64(countSize + valueAt)
        : layout.bigTIFF ? long8(table, valueAt, layout) : UInt64(word(table, valueAt, layout))
      found.append(
        Entry(tag: UInt32(half(table, at, layout)), type: type, count: n, valueOffset: valueOffset))
    }
    return found
  }

  private static func bytes(_ descriptor: Int32, at offset: UInt64, count: Int) -> [UInt8]? {
    guard count > 0, offset < UInt64(Int64.max) else { return nil }
    var out = [UInt8](repeating: 0, count: count)
    let got = out.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
    return got == count ? out : nil
  }

  private static func half(_ b: [UInt8], _ at: Int, _ layout: Layout) -> UInt16 {
    let (x, y) = (UInt16(b[at]), UInt16(b[at + 1]))
    return layout.bigEndian ? x << 8 | y : y << 8 | x
  }

  private static func word(_ b: [UInt8], _ at: Int, _ layout: Layout) -> UInt32 {
    (0..<4).reduce(0) { v, i in
      v | UInt32(b[at + (layout.bigEndian ? 3 - i : i)]) << (8 * UInt32(i))
    }
  }

  private static func long8(_ b: [UInt8], _ at: Int, _ layout: Layout) -> UInt64 {
    (0..<8).reduce(0) { v, i in
      v | UInt64(b[at + (layout.bigEndian ? 7 - i : i)]) << (8 * UInt64(i))
    }
  }
}
