/// Size limits checked against a file's declared dimensions before any pixel buffer is allocated.
///
/// The defaults follow exrcheck's spirit on a 24 GB machine: 16384 per side and 2²⁸ pixels
/// (16384²), tiles up to 4096², 1 GiB of decoded samples per file (channels × pixels × bytes
/// per sample, all parts together), libtiff's single allocation capped at 256 MiB, EXR
/// headers up to 1024 channels per part, 4096 attributes and 16 MiB of attribute values per
/// file, and 16 MiB of TIFF tag values per file.
public struct RasterLimits: Hashable, Sendable {
  /// Largest accepted width or height, in pixels.
  public var maxSide: Int
  /// Largest accepted width × height, in pixels (per part for EXR).
  public var maxPixels: Int
  /// Largest accepted tile width or height, in pixels.
  public var maxTileSide: Int
  /// Largest single allocation libtiff may make, in bytes.
  public var maxLibraryAllocation: Int
  /// Largest total of decoded samples per file, in bytes (every channel of every part, or
  /// every sample of a TIFF): the pixel limits alone do not bound a file with many channels.
  public var maxDecodedBytes: Int
  /// Largest number of channels in one EXR part, checked from the header before OpenEXR reads
  /// it (one buffer and one pointer per channel are made before any sample is decoded).
  public var maxEXRChannels: Int
  /// Largest number of header attributes in one EXR file, all parts together, checked before
  /// OpenEXR reads the header (its attribute list is quadratic in the count).
  public var maxEXRAttributes: Int
  /// Largest total of EXR header attribute values in one file, in bytes, checked before
  /// OpenEXR reads the header: every value is held in memory and copied into the output's
  /// header, so a huge attribute (a 64 MiB string in a 16×16 image) costs a few times its size.
  public var maxEXRHeaderBytes: Int
  /// Largest total of TIFF tag values in one file, in bytes (the first directory and its EXIF
  /// and GPS directories; strip and tile tables are sized by the image and not counted),
  /// checked before libtiff reads the tags: each kept tag (XMP, ICC, private tags) is held by
  /// libtiff and copied for the output, so one huge tag costs a few times its size.
  public var maxTIFFTagBytes: Int

  /// Creates limits; the defaults are the documented ones.
  public init(
    maxSide: Int = 16384, maxPixels: Int = 1 << 28, maxTileSide: Int = 4096,
    maxLibraryAllocation: Int = 256 << 20, maxDecodedBytes: Int = 1 << 30,
    maxEXRChannels: Int = 1024, maxEXRAttributes: Int = 4096, maxEXRHeaderBytes: Int = 16 << 20,
    maxTIFFTagBytes: Int = 16 << 20
  ) {
    self.maxSide = maxSide
    self.maxPixels = maxPixels
    self.maxTileSide = maxTileSide
    self.maxLibraryAllocation = maxLibraryAllocation
    self.maxDecodedBytes = maxDecodedBytes
    self.maxEXRChannels = maxEXRChannels
    self.maxEXRAttributes = maxEXRAttributes
    self.maxEXRHeaderBytes = maxEXRHeaderBytes
    self.maxTIFFTagBytes = maxTIFFTagBytes
  }

  /// The default limits.
  public static let standard = RasterLimits()

  /// Throws `.tooLarge` unless `bytes` of decoded samples (`what` says whose) fit
  /// ``maxDecodedBytes``; called before the sample buffers are allocated.
  func check(decodedBytes bytes: Int, _ what: String, path: String) throws(RasterIOError) {
    guard bytes <= maxDecodedBytes else {
      throw RasterIOError(
        .tooLarge, path: path,
        "\(what) would decode to \(bytes) bytes, above the limit of \(maxDecodedBytes)")
    }
  }

  /// Throws `.tooLarge` unless `width`×`height` fits (both computed in 64 bits by the caller).
  func check(width: Int64, height: Int64, path: String) throws(RasterIOError) {
    guard width > 0, height > 0 else {
      throw RasterIOError(.corrupt, path: path, "image size \(width)×\(height) is empty")
    }
    guard width <= Int64(maxSide), height <= Int64(maxSide), width * height <= Int64(maxPixels)
    else {
      throw RasterIOError(
        .tooLarge, path: path,
        "image size \(width)×\(height) exceeds the limit (\(maxSide) per side, \(maxPixels) pixels)"
      )
    }
  }
}
