/// One channel of an OpenEXR part: its name, sampling and every sample.
public struct EXRChannel: Hashable, Sendable {
  /// Full name, layer included (`R`, `diffuse.R`, `Z`).
  public var name: String
  /// The samples, row-major over the channel's sampled grid (see ``EXRPart/sampleCount(xSampling:ySampling:)``).
  public var samples: EXRSamples
  /// Horizontal subsampling (1 = every column).
  public var xSampling: Int
  /// Vertical subsampling (1 = every row).
  public var ySampling: Int
  /// The `pLinear` hint lossy codecs use (perceptually linear data).
  public var perceptuallyLinear: Bool

  /// Creates a channel.
  public init(
    name: String, samples: EXRSamples, xSampling: Int = 1, ySampling: Int = 1,
    perceptuallyLinear: Bool = false
  ) {
    self.name = name
    self.samples = samples
    self.xSampling = xSampling
    self.ySampling = ySampling
    self.perceptuallyLinear = perceptuallyLinear
  }

  /// The stored pixel type.
  public var pixelType: EXRPixelType { samples.pixelType }

  /// The layer: everything before the last `.` (`""` for the unnamed layer).
  public var layer: String {
    guard let dot = name.lastIndex(of: ".") else { return "" }
    return String(name[..<dot])
  }

  /// The name without its layer (`R` for `diffuse.R`).
  public var baseName: String {
    guard let dot = name.lastIndex(of: ".") else { return name }
    return String(name[name.index(after: dot)...])
  }
}

/// Where a part's header attributes came from, so the writer can carry every attribute it does
/// not model (with OpenEXR's `exr_copy_unset_attributes`).
///
/// The writer re-opens this file at write time. That keeps the model free of C memory and
/// carries attributes of any type, including ones OpenEXR does not know; the price is that the
/// source file must still exist when writing (it does for `apply`, in place or not, because the
/// rename happens after the write).
public struct EXRAttributeSource: Hashable, Sendable {
  /// The file read.
  public var path: String
  /// The part in that file.
  public var partIndex: Int

  /// Creates a source reference.
  public init(path: String, partIndex: Int) {
    self.path = path
    self.partIndex = partIndex
  }
}

/// One part of an OpenEXR file: the required header fields, the channels, and a link to the
/// source header for everything else.
public struct EXRPart: Hashable, Sendable {
  /// The part name (`name` attribute; required in multi-part files).
  public var name: String?
  /// The pixels stored.
  public var dataWindow: EXRBox
  /// The intended display area.
  public var displayWindow: EXRBox
  /// The compression used for this part.
  public var compression: EXRCompression
  /// Chunk order.
  public var lineOrder: EXRLineOrder
  /// The tile size, or nil for scanline storage.
  public var tiling: EXRTiling?
  /// `pixelAspectRatio`.
  public var pixelAspectRatio: Float
  /// `screenWindowCenter`.
  public var screenWindowCenter: SIMD2<Float>
  /// `screenWindowWidth`.
  public var screenWindowWidth: Float
  /// The channels, in the file's (alphabetical) order.
  public var channels: [EXRChannel]
  /// String attributes (read from the file; written over the copied ones).
  public var stringAttributes: [String: String]
  /// The `chromaticities` attribute, if any (written over the copied one).
  public var chromaticities: EXRChromaticities?
  /// The `preview` attribute, if any (written over the copied one): `apply` makes it again
  /// from the graded pixels.
  public var preview: EXRPreview?
  /// The `multiView` attribute's views, the default view first (empty without one). Read
  /// only: the writer carries the attribute by copying it from ``attributeSource``.
  public var views: [String]
  /// The header to copy every other attribute from, or nil for a new part.
  public var attributeSource: EXRAttributeSource?
  /// A mip- or rip-mapped part's levels below full resolution, in file order (empty for
  /// scanline and single-level parts); ``channels`` holds level (0, 0).
  public var levels: [EXRLevel]

  /// Creates a part with default header values (display window = data window).
  public init(
    name: String? = nil, dataWindow: EXRBox, compression: EXRCompression = .zip,
    tiling: EXRTiling? = nil, channels: [EXRChannel] = []
  ) {
    self.name = name
    self.dataWindow = dataWindow
    self.displayWindow = dataWindow
    self.compression = compression
    self.lineOrder = .increasingY
    self.tiling = tiling
    self.pixelAspectRatio = 1
    self.screenWindowCenter = .zero
    self.screenWindowWidth = 1
    self.channels = channels
    self.stringAttributes = [:]
    self.chromaticities = nil
    self.preview = nil
    self.views = []
    self.attributeSource = nil
    self.levels = []
  }

  /// Width of the data window.
  public var width: Int { dataWindow.width }
  /// Height of the data window.
  public var height: Int { dataWindow.height }

  /// The number of samples a channel with this sampling holds over the data window: the
  /// columns and rows whose coordinate is a multiple of the sampling.
  public func sampleCount(xSampling: Int, ySampling: Int) -> (columns: Int, rows: Int) {
    (
      Self.multiples(of: xSampling, from: Int(dataWindow.minX), through: Int(dataWindow.maxX)),
      Self.multiples(of: ySampling, from: Int(dataWindow.minY), through: Int(dataWindow.maxY))
    )
  }

  /// The index of the channel named `name`, or nil.
  public func channelIndex(named name: String) -> Int? {
    channels.firstIndex { $0.name == name }
  }

  /// How many multiples of `step` lie in `lower…upper`.
  static func multiples(of step: Int, from lower: Int, through upper: Int) -> Int {
    guard step > 0, upper >= lower else { return 0 }
    func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
    return floorDiv(upper, step) - floorDiv(lower - 1, step)
  }
}

/// One resolution level of a mip- or rip-mapped tiled part, other than full resolution.
public struct EXRLevel: Hashable, Sendable {
  /// The level across: the part's width halved this many times (rounded as its
  /// ``EXRTiling/rounding`` says).
  public var x: Int
  /// The level down.
  public var y: Int
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// The channels, with the part's names and types in the part's order; samples row-major
  /// over `width` × `height`.
  public var channels: [EXRChannel]

  /// Creates a level.
  public init(x: Int, y: Int, width: Int, height: Int, channels: [EXRChannel]) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.channels = channels
  }
}

/// A whole OpenEXR file in memory: every part, every channel, every sample.
///
/// Reading and writing keep everything: pixel types, compression, tiling, channel names and
/// sampling, and (through ``EXRPart/attributeSource``) every header attribute.
public struct EXRImage: Hashable, Sendable {
  /// The parts, in file order.
  public var parts: [EXRPart]

  /// Creates an image from parts.
  public init(parts: [EXRPart]) {
    self.parts = parts
  }
}
