/// A TIFF sample type RasterIO handles (BitsPerSample + SampleFormat).
public enum TIFFSampleType: Hashable, Sendable, CaseIterable {
  /// 8-bit unsigned integer.
  case uint8
  /// 16-bit unsigned integer.
  case uint16
  /// 32-bit unsigned integer.
  case uint32
  /// 16-bit IEEE 754 half float.
  case float16
  /// 32-bit IEEE 754 float.
  case float32

  /// BitsPerSample.
  public var bitsPerSample: Int {
    switch self {
    case .uint8: 8
    case .uint16, .float16: 16
    case .uint32, .float32: 32
    }
  }

  /// Whether samples are IEEE floats (SampleFormat 3) rather than unsigned integers (1).
  public var isFloat: Bool { self == .float16 || self == .float32 }

  /// Bytes per sample.
  public var byteCount: Int { bitsPerSample / 8 }

  /// The type for BitsPerSample and SampleFormat, or nil if unsupported.
  init?(bits: Int, isFloat: Bool) {
    switch (bits, isFloat) {
    case (8, false): self = .uint8
    case (16, false): self = .uint16
    case (32, false): self = .uint32
    case (16, true): self = .float16
    case (32, true): self = .float32
    default: return nil
    }
  }
}

/// TIFF samples, interleaved (R G B [A, extra…] per pixel) whatever the file's layout. Half
/// floats are kept as bit patterns.
public enum TIFFSamples: Hashable, Sendable {
  /// 8-bit unsigned.
  case uint8([UInt8])
  /// 16-bit unsigned.
  case uint16([UInt16])
  /// 32-bit unsigned.
  case uint32([UInt32])
  /// Half floats as bit patterns.
  case float16([UInt16])
  /// 32-bit floats.
  case float32([Float])

  /// The sample type.
  public var type: TIFFSampleType {
    switch self {
    case .uint8: .uint8
    case .uint16: .uint16
    case .uint32: .uint32
    case .float16: .float16
    case .float32: .float32
    }
  }

  /// Number of samples.
  public var count: Int {
    switch self {
    case .uint8(let v): v.count
    case .uint16(let v): v.count
    case .uint32(let v): v.count
    case .float16(let v): v.count
    case .float32(let v): v.count
    }
  }
}

/// A TIFF compression scheme (the Compression tag's code).
public struct TIFFCompression: RawRepresentable, Hashable, Sendable {
  /// The tag value.
  public var rawValue: UInt16
  /// Creates a compression from its tag value.
  public init(rawValue: UInt16) { self.rawValue = rawValue }

  /// No compression (1).
  public static let none = TIFFCompression(rawValue: 1)
  /// LZW (5).
  public static let lzw = TIFFCompression(rawValue: 5)
  /// Old-style JPEG-in-TIFF (7).
  public static let jpeg = TIFFCompression(rawValue: 7)
  /// Adobe Deflate (8).
  public static let deflate = TIFFCompression(rawValue: 8)
  /// PackBits (32773).
  public static let packBits = TIFFCompression(rawValue: 32773)
  /// LZMA2 (34925).
  public static let lzma = TIFFCompression(rawValue: 34925)
  /// Zstandard (50000).
  public static let zstd = TIFFCompression(rawValue: 50000)

  private static let names: [(String, TIFFCompression)] = [
    ("none", .none), ("lzw", .lzw), ("jpeg", .jpeg), ("deflate", .deflate), ("zip", .deflate),
    ("packbits", .packBits), ("lzma", .lzma), ("zstd", .zstd),
  ]

  /// The compression called `name` (`none`, `lzw`, `deflate`/`zip`, `packbits`, `lzma`,
  /// `zstd`, `jpeg`), or nil.
  public init?(name: String) {
    guard let match = Self.names.first(where: { $0.0 == name.lowercased() }) else { return nil }
    self = match.1
  }

  /// A short name (`deflate`…), or the number for other codes.
  public var name: String {
    Self.names.first(where: { $0.1 == self }).map(\.0) ?? String(rawValue)
  }
}

/// What a TIFF's first extra sample means (the ExtraSamples tag).
public enum TIFFAlpha: Hashable, Sendable {
  /// Three samples per pixel: no alpha.
  case none
  /// Associated alpha (ExtraSamples 1): colour is premultiplied.
  case premultiplied
  /// Unassociated alpha (ExtraSamples 2): colour is straight.
  case straight
  /// A fourth sample of unspecified meaning (ExtraSamples 0), treated as alpha by the caller's
  /// choice.
  case unspecified
}

/// A tiled TIFF's tile size (multiples of 16, as TIFF requires).
public struct TIFFTiling: Hashable, Sendable {
  /// Tile width.
  public var width: Int
  /// Tile height.
  public var height: Int
  /// Creates a tile size.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }
}

/// The descriptive tags RasterIO carries from input to output: everything of the first
/// directory except what describes the pixels' storage (sizes, layout, compression, strips and
/// tiles), which is written afresh, plus the EXIF and GPS sub-directories.
public struct TIFFMetadata: Hashable, Sendable {
  /// ASCII tags by tag number (ImageDescription 270, Make 271, Model 272, PageName 285,
  /// Software 305, DateTime 306, Artist 315, HostComputer 316, Copyright 33432, DocumentName 269).
  public var strings: [UInt32: String] = [:]
  /// The ICC profile (tag 34675), bytes as stored.
  public var iccProfile: [UInt8]?
  /// XResolution.
  public var xResolution: Float?
  /// YResolution.
  public var yResolution: Float?
  /// ResolutionUnit (1 none, 2 inch, 3 centimetre).
  public var resolutionUnit: UInt16?
  /// Orientation (1–8).
  public var orientation: UInt16?
  /// Every other tag libtiff keeps as a custom field of the first directory, in tag order:
  /// XMP (700), IPTC (33723), Photoshop image resources (34377), GeoTIFF keys, private tags…
  public var otherTags: [TIFFTag] = []
  /// The EXIF sub-directory's tags (tag 34665 points at it), in tag order; empty when none.
  /// Its Interoperability sub-directory (40965) is not kept.
  public var exif: [TIFFTag] = []
  /// The GPS sub-directory's tags (tag 34853 points at it), in tag order; empty when none.
  public var gps: [TIFFTag] = []

  /// Empty metadata.
  public init() {}

  /// The ASCII tags carried.
  static let stringTags: [UInt32] = [269, 270, 271, 272, 285, 305, 306, 315, 316, 33432]

  /// Custom tags not copied as ``otherTags`` (nor from the EXIF and GPS directories): those
  /// with fields of their own above, and pointers to sub-directories (EXIF 34665 and GPS 34853
  /// are rebuilt; Interoperability 40965 is dropped), whose offsets would be wrong in the
  /// output.
  static let notOtherTags: Set<UInt32> = Set(stringTags).union([34675, 34665, 34853, 40965])
}

extension [TIFFTag] {
  /// The tags with the rationals of `pairs` (by tag) where their counts match.
  func withRationals(_ pairs: [UInt32: [UInt32]]) -> [TIFFTag] {
    map { tag in
      var tag = tag
      if let values = pairs[tag.tag], values.count == 2 * tag.count { tag.rationals = values }
      return tag
    }
  }

  /// The exact rationals by tag, for ``TIFFRawRationals/patch(descriptor:directory:_:path:)``.
  var rationals: [UInt32: [UInt32]] {
    Dictionary(compactMap { t in t.rationals.map { (t.tag, $0) } }, uniquingKeysWith: { a, _ in a })
  }
}

/// One TIFF tag's values as libtiff holds them in memory, for copying to another file.
public struct TIFFTag: Hashable, Sendable {
  /// The tag number.
  public var tag: UInt32
  /// The TIFF field type (1 BYTE, 2 ASCII, 3 SHORT, 4 LONG, 5 RATIONAL, 7 UNDEFINED…).
  public var type: UInt16
  /// Number of values (for ASCII, bytes including the final NUL).
  public var count: Int
  /// The values in host byte order, `count` × the in-memory size of one (rationals as libtiff
  /// stores them: `Float` or `Double`); for BYTE and UNDEFINED tags, the bytes as stored in
  /// the file.
  public var bytes: [UInt8]
  /// For RATIONAL and SRATIONAL tags, the numerator and denominator of each value as stored
  /// in the file (libtiff holds EXIF and GPS rationals as `Float`); written back over
  /// libtiff's own conversion.
  public var rationals: [UInt32]?

  /// Creates a tag from its values.
  public init(tag: UInt32, type: UInt16, count: Int, bytes: [UInt8], rationals: [UInt32]? = nil) {
    self.tag = tag
    self.type = type
    self.count = count
    self.bytes = bytes
    self.rationals = rationals
  }
}
