public import FileOutput

/// PNG files for previews, charts and Hald CLUTs: 8- or 16-bit RGB(A) from and to `Float` 0–1.
///
/// Values are code values divided by the largest code (255 or 65535); no gamma or colour
/// management is applied in either direction.
public enum PNGImage {
  /// Writes `pixels` as an 8- or 16-bit PNG, RGBA if `pixels.hasAlpha`, else RGB.
  ///
  /// Each value becomes `round(v · max)` clamped to `0…max`; NaN → 0.
  /// - Parameters:
  ///   - pixels: The image.
  ///   - path: The destination.
  ///   - bitDepth: 8 or 16.
  ///   - writer: Protects the inputs; see FileOutput's `AtomicFileWriter`.
  /// - Throws: `RasterIOError` `.invalidRequest` (bad depth or empty image) or `.io`.
  public static func write(
    _ pixels: RGBAPixels, to path: String, bitDepth: Int = 8,
    using writer: AtomicFileWriter = AtomicFileWriter()
  ) throws {
    guard bitDepth == 8 || bitDepth == 16, pixels.width > 0, pixels.height > 0 else {
      throw RasterIOError(.invalidRequest, path: path, "PNG needs bit depth 8 or 16 and pixels")
    }
    let channels = pixels.hasAlpha ? 4 : 3
    let maxCode: Float = bitDepth == 8 ? 255 : 65535
    let codes = pixels.values.enumerated().compactMap { index, value -> UInt16? in
      guard channels == 4 || index % 4 != 3 else { return nil }
      let scaled = (value * maxCode).rounded()
      return scaled > 0 ? UInt16(Swift.min(scaled, maxCode)) : 0
    }
    try writer.write(to: path) { file in
      let result =
        bitDepth == 8
        ? codes.map { UInt8($0) }.withUnsafeBytes { bytes in
          encode(file, bytes, pixels, channels, bitDepth)
        }
        : codes.withUnsafeBytes { bytes in
          encode(file, bytes, pixels, channels, bitDepth)
        }
      try result.get()
    }
  }

  private static func encode(
    _ file: OutputFile, _ bytes: UnsafeRawBufferPointer, _ pixels: RGBAPixels,
    _ channels: Int, _ depth: Int
  ) -> Result<Void, RasterIOError> {
    guard let base = bytes.baseAddress else {
      return .failure(RasterIOError(.invalidRequest, path: file.destination, "no pixels"))
    }
    return PNGCalls.write(
      to: file, pixels: base, width: pixels.width,
      height: pixels.height, channels: channels, depth: depth)
  }

  /// Reads any PNG (palette, grey, 1–16 bits are expanded) as RGBA `Float` 0–1 (opaque alpha
  /// added when absent; `hasAlpha` tells).
  /// - Returns: The pixels and the file's bit depth (8 or 16).
  /// - Throws: `RasterIOError` `.notRecognized`, `.io`, `.corrupt`, `.tooLarge`.
  public static func read(path: String, limits: RasterLimits = .standard) throws
    -> (pixels: RGBAPixels, bitDepth: Int)
  {
    guard try ImageFileFormat.detect(path: path) == .png else {
      throw RasterIOError(.notRecognized, path: path, "not a PNG file")
    }
    let header = try PNGCalls.header(path: path).get()
    try limits.check(width: Int64(header.width), height: Int64(header.height), path: path)
    let count = header.width * header.height * 4
    let values: [Float]
    if header.depth == 16 {
      let codes = try [UInt16](unsafeUninitializedCapacity: count) { buffer, initialized in
        guard let base = buffer.baseAddress else { return }
        try PNGCalls.readRGBA(
          path: path, into: base, rowBytes: header.width * 8, height: header.height
        )
        .get()
        initialized = count
      }
      values = codes.map { Float($0) / 65535 }
    } else {
      let codes = try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
        guard let base = buffer.baseAddress else { return }
        try PNGCalls.readRGBA(
          path: path, into: base, rowBytes: header.width * 4, height: header.height
        )
        .get()
        initialized = count
      }
      values = codes.map { Float($0) / 255 }
    }
    let pixels = RGBAPixels(
      width: header.width, height: header.height, values: values, hasAlpha: true)
    return (pixels, header.depth)
  }
}
