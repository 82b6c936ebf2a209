import Foundation

/// Little-endian classic TIFF files built and parsed byte by byte, without libtiff: the input
/// of a metadata test is written independently of the code under test, and its output is read
/// back the same way (issue 34).
enum TIFFDirectoryBytes {
  /// One IFD entry: tag, field type and the values' bytes as stored (little-endian).
  struct Entry: Equatable, CustomStringConvertible {
    var tag: UInt16
    var type: UInt16
    var count: UInt32
    var bytes: [UInt8]

    var description: String { "tag \(tag) type \(type) ×\(count) \(bytes)" }

    static func short(_ tag: UInt16, _ values: [UInt16]) -> Entry {
      Entry(tag: tag, type: 3, count: UInt32(values.count), bytes: values.flatMap(le16))
    }
    static func long(_ tag: UInt16, _ values: [UInt32]) -> Entry {
      Entry(tag: tag, type: 4, count: UInt32(values.count), bytes: values.flatMap(le32))
    }
    static func ascii(_ tag: UInt16, _ text: String) -> Entry {
      let bytes = Array(text.utf8) + [0]
      return Entry(tag: tag, type: 2, count: UInt32(bytes.count), bytes: bytes)
    }
    /// BYTE (1) or UNDEFINED (7) data.
    static func bytes(_ tag: UInt16, type: UInt16 = 7, _ bytes: [UInt8]) -> Entry {
      Entry(tag: tag, type: type, count: UInt32(bytes.count), bytes: bytes)
    }
    static func rational(_ tag: UInt16, _ values: [(UInt32, UInt32)]) -> Entry {
      Entry(
        tag: tag, type: 5, count: UInt32(values.count),
        bytes: values.flatMap { le32($0.0) + le32($0.1) })
    }
  }

  static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
  static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }

  /// Bytes an IFD of `entries` takes with the values that do not fit in an entry (word-aligned).
  private static func size(of entries: [Entry]) -> Int {
    2 + 12 * entries.count + 4 + entries.reduce(0) { $0 + ($1.bytes.count > 4 ? padded($1) : 0) }
  }
  private static func padded(_ e: Entry) -> Int { (e.bytes.count + 1) & ~1 }

  /// The IFD at `offset`, its out-of-line values after it.
  private static func ifd(_ entries: [Entry], at offset: Int) -> [UInt8] {
    let sorted = entries.sorted { $0.tag < $1.tag }
    var extra: [UInt8] = []
    let extraStart = offset + 2 + 12 * sorted.count + 4
    var out = le16(UInt16(sorted.count))
    for e in sorted {
      out += le16(e.tag) + le16(e.type) + le32(e.count)
      if e.bytes.count <= 4 {
        out += e.bytes + Array(repeating: 0, count: 4 - e.bytes.count)
      } else {
        out += le32(UInt32(extraStart + extra.count))
        extra += e.bytes + Array(repeating: 0, count: padded(e) - e.bytes.count)
      }
    }
    return out + le32(0) + extra
  }

  /// A one-strip 8-bit RGB image of `width`×`height` whose first IFD holds `extra` besides the
  /// geometry tags, with an EXIF and a GPS IFD when given.
  static func rgbFile(
    width: Int, height: Int, extra: [Entry], exif: [Entry] = [], gps: [Entry] = []
  ) -> [UInt8] {
    let payload = (0..<(width * height * 3)).map { UInt8(($0 * 37) & 0xFF) }
    var main: [Entry] = [
      .long(256, [UInt32(width)]), .long(257, [UInt32(height)]), .short(258, [8, 8, 8]),
      .short(259, [1]), .short(262, [2]), .long(273, [0]), .short(277, [3]),
      .long(278, [UInt32(height)]), .long(279, [UInt32(payload.count)]),
    ]
    main += extra
    if !exif.isEmpty { main.append(.long(34665, [0])) }
    if !gps.isEmpty { main.append(.long(34853, [0])) }
    let exifAt = 8 + size(of: main)
    let gpsAt = exifAt + (exif.isEmpty ? 0 : size(of: exif))
    let payloadAt = gpsAt + (gps.isEmpty ? 0 : size(of: gps))
    main = main.map { e in
      switch e.tag {
      case 273: .long(273, [UInt32(payloadAt)])
      case 34665: .long(34665, [UInt32(exifAt)])
      case 34853: .long(34853, [UInt32(gpsAt)])
      default: e
      }
    }
    var file: [UInt8] = [0x49, 0x49, 0x2A, 0] + le32(8) + ifd(main, at: 8)
    if !exif.isEmpty { file += ifd(exif, at: exifAt) }
    if !gps.isEmpty { file += ifd(gps, at: gpsAt) }
    return file + payload
  }

  /// The entries of a little-endian classic TIFF's first IFD and of the EXIF and GPS IFDs it
  /// points at, by tag, with their values' bytes.
  static func parse(_ data: [UInt8]) throws -> (
    main: [UInt16: Entry], exif: [UInt16: Entry], gps: [UInt16: Entry]
  ) {
    struct Malformed: Error {}
    guard data.count >= 8, data[0] == 0x49, data[1] == 0x49, data[2] == 42 else {
      throw Malformed()
    }
    func u16(_ o: Int) throws -> UInt16 {
      guard o + 2 <= data.count else { throw Malformed() }
      return UInt16(data[o]) | UInt16(data[o + 1]) << 8
    }
    func u32(_ o: Int) throws -> UInt32 {
      guard o + 4 <= data.count else { throw Malformed() }
      return (0..<4).reduce(0) { $0 | UInt32(data[o + $1]) << (8 * $1) }
    }
    let sizes: [UInt16: Int] = [
      1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4,
    ]
    func entries(at offset: Int) throws -> [UInt16: Entry] {
      var found: [UInt16: Entry] = [:]
      for i in 0..<Int(try u16(offset)) {
        let at = offset + 2 + 12 * i
        let (tag, type, count) = (try u16(at), try u16(at + 2), try u32(at + 4))
        let byteCount = Int(count) * (sizes[type] ?? 1)
        let start = byteCount <= 4 ? at + 8 : Int(try u32(at + 8))
        guard start + byteCount <= data.count else { throw Malformed() }
        found[tag] = Entry(
          tag: tag, type: type, count: count, bytes: Array(data[start..<(start + byteCount)]))
      }
      return found
    }
    let main = try entries(at: Int(try u32(4)))
    func sub(_ tag: UInt16) throws -> [UInt16: Entry] {
      guard let pointer = main[tag] else { return [:] }
      return try entries(at: Int(pointerValue(pointer)))
    }
    func pointerValue(_ e: Entry) -> UInt32 {
      (0..<4).reduce(0) { $0 | UInt32(e.bytes[$1]) << (8 * $1) }
    }
    return (main, try sub(34665), try sub(34853))
  }
}
