/// An OpenEXR channel's stored pixel type.
public enum EXRPixelType: Int, Hashable, Sendable, CaseIterable {
  /// 32-bit unsigned integer.
  case uint = 0
  /// 16-bit IEEE 754 half float.
  case half = 1
  /// 32-bit IEEE 754 float.
  case float = 2

  /// Bytes per sample.
  public var byteCount: Int { self == .half ? 2 : 4 }
}

/// An OpenEXR compression method (the file's `compression` attribute).
public enum EXRCompression: Int, Hashable, Sendable, CaseIterable {
  /// Uncompressed.
  case none = 0
  /// Run-length encoding (lossless).
  case rle = 1
  /// zlib, one scanline per chunk (lossless).
  case zips = 2
  /// zlib, 16 scanlines per chunk (lossless).
  case zip = 3
  /// Wavelet + Huffman, 32 scanlines (lossless).
  case piz = 4
  /// 24-bit float rounding + zlib (lossy for float).
  case pxr24 = 5
  /// 4×4 blocks, fixed rate (lossy for half).
  case b44 = 6
  /// B44 with flat-area optimisation (lossy for half).
  case b44a = 7
  /// DCT, 32 scanlines (lossy).
  case dwaa = 8
  /// DCT, 256 scanlines (lossy).
  case dwab = 9

  /// The name used on the command line and by OpenEXR tools (`none`, `zip`, `dwaa`…).
  public var name: String {
    switch self {
    case .none: "none"
    case .rle: "rle"
    case .zips: "zips"
    case .zip: "zip"
    case .piz: "piz"
    case .pxr24: "pxr24"
    case .b44: "b44"
    case .b44a: "b44a"
    case .dwaa: "dwaa"
    case .dwab: "dwab"
    }
  }

  /// The compression called `name` (case-insensitive), or nil.
  public init?(name: String) {
    guard let match = Self.allCases.first(where: { $0.name == name.lowercased() }) else {
      return nil
    }
    self = match
  }
}

/// The order in which a part's scanline chunks are stored (the `lineOrder` attribute).
public enum EXRLineOrder: Int, Hashable, Sendable {
  /// Top to bottom.
  case increasingY = 0
  /// Bottom to top.
  case decreasingY = 1
  /// Any order (tiled files only).
  case randomY = 2
}

/// An integer pixel rectangle, corners inclusive, as in `dataWindow` and `displayWindow`.
public struct EXRBox: Hashable, Sendable {
  /// Left column.
  public var minX: Int32
  /// Top row.
  public var minY: Int32
  /// Right column (inclusive).
  public var maxX: Int32
  /// Bottom row (inclusive).
  public var maxY: Int32

  /// Creates a box from inclusive corners.
  public init(minX: Int32, minY: Int32, maxX: Int32, maxY: Int32) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
  }

  /// The box `(0, 0)–(width − 1, height − 1)`.
  public init(width: Int, height: Int) {
    self.init(minX: 0, minY: 0, maxX: Int32(width - 1), maxY: Int32(height - 1))
  }

  /// Columns covered (computed in 64 bits, so a hostile box cannot overflow).
  public var width: Int { Int(Int64(maxX) - Int64(minX) + 1) }
  /// Rows covered.
  public var height: Int { Int(Int64(maxY) - Int64(minY) + 1) }
}

/// How many resolutions a tiled part stores (the `tiles` attribute's level mode).
public enum EXRLevelMode: Int, Hashable, Sendable {
  /// One full-resolution level.
  case oneLevel = 0
  /// Mip-map: levels (0, 0), (1, 1), (2, 2)…, each half the previous one across and down.
  case mipmap = 1
  /// Rip-map: levels (x, y) for every x and y, halved across x times and down y times.
  case ripmap = 2
}

/// How a mip- or rip-map level's size is rounded when halving an odd size.
public enum EXRLevelRounding: Int, Hashable, Sendable {
  /// Down (5 → 2).
  case down = 0
  /// Up (5 → 3).
  case up = 1
}

/// A tiled part's tile description: tile size, level mode and rounding (the `tiles` attribute).
public struct EXRTiling: Hashable, Sendable {
  /// Tile width in pixels.
  public var width: Int
  /// Tile height in pixels.
  public var height: Int
  /// The resolutions stored (one, mip-map or rip-map); see ``EXRPart/levels``.
  public var levelMode: EXRLevelMode
  /// How level sizes are rounded.
  public var rounding: EXRLevelRounding

  /// Creates a tile description (single-level unless told otherwise).
  public init(
    width: Int, height: Int, levelMode: EXRLevelMode = .oneLevel,
    rounding: EXRLevelRounding = .down
  ) {
    self.width = width
    self.height = height
    self.levelMode = levelMode
    self.rounding = rounding
  }

  /// The levels below full resolution that a `width` × `height` part with this tiling
  /// stores, in file order, sized as OpenEXR sizes them: level `l` of a size `n` is
  /// `n / 2^l` rounded down or up (at least 1), and there are levels down to 1 pixel
  /// (mip-maps: of the larger side; rip-maps: of each side).
  public func levelSizes(width: Int, height: Int) -> [(x: Int, y: Int, width: Int, height: Int)] {
    func count(_ n: Int) -> Int {
      var log = 0  // log2(n), rounded down, then up if so told
      while 1 << (log + 1) <= n { log += 1 }
      if rounding == .up, 1 << log < n { log += 1 }
      return log + 1
    }
    func size(_ n: Int, _ l: Int) -> Int {
      max(1, rounding == .down ? n >> l : (n + (1 << l) - 1) >> l)
    }
    let pairs: [(Int, Int)] =
      switch levelMode {
      case .oneLevel: []
      case .mipmap: (0..<count(max(width, height))).map { ($0, $0) }
      case .ripmap: (0..<count(height)).flatMap { y in (0..<count(width)).map { ($0, y) } }
      }
    return pairs.dropFirst().map { ($0.0, $0.1, size(width, $0.0), size(height, $0.1)) }
  }
}

/// The CIE xy chromaticities of a part's primaries and white (the `chromaticities` attribute).
public struct EXRChromaticities: Hashable, Sendable {
  /// Red primary x, y.
  public var red: SIMD2<Float>
  /// Green primary x, y.
  public var green: SIMD2<Float>
  /// Blue primary x, y.
  public var blue: SIMD2<Float>
  /// White point x, y.
  public var white: SIMD2<Float>

  /// Creates chromaticities.
  public init(red: SIMD2<Float>, green: SIMD2<Float>, blue: SIMD2<Float>, white: SIMD2<Float>) {
    self.red = red
    self.green = green
    self.blue = blue
    self.white = white
  }
}
