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

  /// The pairs (numerator, denominator, …) of the RATIONAL (5) and SRATIONAL (10) tags in the
  /// directory at `offset`, by tag; empty when the bytes cannot be read.
  static func read(descriptor: Int32, directory offset: UInt64) -> [UInt32: [UInt32]] {
    guard let scan = TIFFDirectoryScan(descriptor: descriptor) else { return [:] }
    var found: [UInt32: [UInt32]] = [:]
    for e in rationals(scan, at: offset) {
      guard let words = scan.words(at: e.valueOffset, count: 2 * e.count) else { continue }
      found[e.tag] = words
    }
    return found
  }

  /// Writes `pairs` over the values of the same rational tags in the directory at `offset`
  /// (tags whose count differs are left alone).
  static func patch(
    descriptor: Int32, directory offset: UInt64, _ pairs: [UInt32: [UInt32]], path: String
  ) throws {
    guard !pairs.isEmpty, let scan = TIFFDirectoryScan(descriptor: descriptor) else { return }
    for e in rationals(scan, at: offset) {
      guard let values = pairs[e.tag], values.count == 2 * e.count else { continue }
      guard scan.write(words: values, at: e.valueOffset) else {
        throw RasterIOError(
          .io, path: path, "cannot write tag \(e.tag): \(String(cString: strerror(errno)))")
      }
    }
  }

  /// The offset of the first directory, from the header.
  static func firstDirectory(descriptor: Int32) -> UInt64? {
    TIFFDirectoryScan(descriptor: descriptor)?.firstDirectory
  }

  /// The rational entries of the directory at `offset`.
  private static func rationals(_ scan: TIFFDirectoryScan, at offset: UInt64)
    -> [TIFFDirectoryScan.Entry]
  {
    scan.entries(at: offset).filter { e in
      (e.type == 5 || e.type == 10) && e.count > 0 && e.count <= maxCount
    }
  }
}
