/// Where DPX keeps what DPXImage reads and writes: byte offsets into the file (SMPTE 268M's
/// generic header, image element 1), and how a line's components lie in its words.
enum DPXLayout {
  static let magic = 0x5344_5058 as UInt32  // "SDPX"
  static let imageOffset = 4
  static let version = 8
  static let fileSize = 16
  static let dittoKey = 20
  static let genericSize = 24
  static let industrySize = 28
  static let userSize = 32
  static let creator = 160
  static let encryption = 660
  static let orientation = 768
  static let elementCount = 770
  static let pixelsPerLine = 772
  static let linesPerElement = 776
  /// Image element 1's fields.
  static let dataSign = 780
  static let referenceHighCode = 792
  static let descriptor = 800
  static let transfer = 801
  static let colorimetric = 802
  static let bitSize = 803
  static let packing = 804
  static let encoding = 806
  static let dataOffset = 808
  static let endOfLinePadding = 812
  /// The generic (1664) and industry (384) headers: where written pixels start.
  static let headerBytes = 2048

  /// Bytes of one line of `width · channels` components before its end-of-line padding:
  /// 8-bit codes bytewise, 10-bit three to a 32-bit word (a line ends on a whole word), 12 and
  /// 16 bits one to a 16-bit word. No other alignment, as OpenImageIO (libdpx) writes and reads.
  static func lineBytes(width: Int, channels: Int, bitDepth: Int) -> Int {
    let n = width * channels
    switch bitDepth {
    case 8: return n
    case 10: return (n + 2) / 3 * 4
    default: return 2 * n
    }
  }
}

/// Reads and writes big- or little-endian integers in a byte buffer.
struct DPXBytes {
  var bytes: [UInt8]
  let bigEndian: Bool

  func u16(_ at: Int) -> UInt16 {
    let a = UInt16(bytes[at])
    let b = UInt16(bytes[at + 1])
    return bigEndian ? a << 8 | b : b << 8 | a
  }

  func u32(_ at: Int) -> UInt32 {
    let v = (0..<4).map { UInt32(bytes[at + $0]) }
    return bigEndian
      ? v[0] << 24 | v[1] << 16 | v[2] << 8 | v[3] : v[3] << 24 | v[2] << 16 | v[1] << 8 | v[0]
  }

  mutating func set16(_ at: Int, _ value: UInt16) {
    let hi = UInt8(value >> 8)
    let lo = UInt8(value & 0xFF)
    bytes[at] = bigEndian ? hi : lo
    bytes[at + 1] = bigEndian ? lo : hi
  }

  mutating func set32(_ at: Int, _ value: UInt32) {
    for k in 0..<4 {
      let shift = bigEndian ? 24 - 8 * k : 8 * k
      bytes[at + k] = UInt8((value >> UInt32(shift)) & 0xFF)
    }
  }
}
