/// A whole RGB or RGBA TIFF image (the first directory) in memory, with what is needed to write
/// it back the same way: layout, compression, predictor, extra samples and descriptive tags.
public struct TIFFImage: Hashable, Sendable {
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int
  /// Samples per pixel: 3 (RGB) or more (RGB + extra samples; the first extra is alpha).
  public var samplesPerPixel: Int
  /// All samples, interleaved, rows top to bottom.
  public var samples: TIFFSamples
  /// The ExtraSamples values (`samplesPerPixel − 3` of them: 0 unspecified, 1 associated
  /// alpha, 2 unassociated alpha).
  public var extraSamples: [UInt16]
  /// Whether the file stores one plane per sample (PlanarConfiguration 2).
  public var isPlanar: Bool
  /// Tile size, or nil for strips.
  public var tiling: TIFFTiling?
  /// Rows per strip (strips only).
  public var rowsPerStrip: Int
  /// Compression.
  public var compression: TIFFCompression
  /// Predictor (1 none, 2 horizontal, 3 floating point).
  public var predictor: UInt16
  /// Descriptive tags: ICC profile, resolution, strings.
  public var metadata: TIFFMetadata

  /// Creates an image with strips of 16 rows, contiguous samples and Deflate.
  /// - Precondition: `samples.count == width · height · samplesPerPixel` (a programmer error).
  public init(width: Int, height: Int, samplesPerPixel: Int, samples: TIFFSamples) {
    self.init(
      width: width, height: height, samplesPerPixel: samplesPerPixel, samples: samples,
      validating: true)
  }

  init(width: Int, height: Int, samplesPerPixel: Int, samples: TIFFSamples, validating: Bool) {
    precondition(
      !validating || samples.count == width * height * samplesPerPixel, "sample count mismatch")
    self.width = width
    self.height = height
    self.samplesPerPixel = samplesPerPixel
    self.samples = samples
    self.extraSamples =
      samplesPerPixel > 3 ? [2] + Array(repeating: 0, count: samplesPerPixel - 4) : []
    self.isPlanar = false
    self.tiling = nil
    self.rowsPerStrip = 16
    self.compression = .deflate
    self.predictor = 1
    self.metadata = TIFFMetadata()
  }

  /// The sample type.
  public var sampleType: TIFFSampleType { samples.type }

  /// What the fourth sample means.
  public var alpha: TIFFAlpha {
    guard samplesPerPixel > 3 else { return .none }
    switch extraSamples.first {
    case 1: return .premultiplied
    case 2: return .straight
    default: return .unspecified
    }
  }

  /// Rows per strip worth writing: ``rowsPerStrip`` when its strips hold at least 8 KiB
  /// (libtiff's default strip size), else as many rows as make about 64 KiB (at least one, at
  /// most the height). Strips of a row or a few cost an offset, a byte count and a codec
  /// call each, and compress worse.
  public var sensibleRowsPerStrip: Int {
    let rowBytes = width * (isPlanar ? 1 : samplesPerPixel) * sampleType.byteCount
    guard rowBytes > 0, rowsPerStrip * rowBytes < 8 << 10 else { return rowsPerStrip }
    return min(max(1, (64 << 10) / rowBytes), max(height, 1))
  }
}
