/// Where a pixel's red, green and blue floats sit in an interleaved buffer.
///
/// Pixel `p` starts at float `p · pixelStride`; its red is `redOffset` floats further on, and so
/// on. Floats of the pixel that are not R, G or B (alpha, extra channels, padding) are never
/// changed by the engine: their bits come out as they went in. (The x86 kernels may read the
/// float after a packed pixel's blue and, for 4-float pixels, store it back unchanged, so do not
/// let another thread write those floats during an apply; they never touch a float past the
/// buffer's last pixel.)
public struct PixelLayout: Sendable, Hashable {
  /// Floats from one pixel to the next, at least 3.
  public var pixelStride: Int
  /// Offset of red inside a pixel.
  public var redOffset: Int
  /// Offset of green inside a pixel.
  public var greenOffset: Int
  /// Offset of blue inside a pixel.
  public var blueOffset: Int

  /// Creates a layout.
  ///
  /// - Precondition: the three offsets are distinct and in `0..<pixelStride`.
  public init(pixelStride: Int, redOffset: Int = 0, greenOffset: Int = 1, blueOffset: Int = 2) {
    precondition(
      [redOffset, greenOffset, blueOffset].allSatisfy { (0..<pixelStride).contains($0) }
        && Set([redOffset, greenOffset, blueOffset]).count == 3,
      "PixelLayout: RGB offsets must be distinct and inside the pixel")
    self.pixelStride = pixelStride
    self.redOffset = redOffset
    self.greenOffset = greenOffset
    self.blueOffset = blueOffset
  }

  /// `channels` floats per pixel with RGB first (RGB, RGBA, RGBA + extra channels).
  public static func interleaved(channels: Int) -> PixelLayout {
    PixelLayout(pixelStride: channels)
  }

  /// Packed RGB.
  public static let rgb = PixelLayout(pixelStride: 3)
  /// Packed RGBA (alpha untouched).
  public static let rgba = PixelLayout(pixelStride: 4)

  /// The number of whole pixels in a buffer of `floatCount` floats.
  ///
  /// - Precondition: `floatCount` is a multiple of `pixelStride`.
  func pixelCount(floatCount: Int) -> Int {
    precondition(floatCount % pixelStride == 0, "PixelLayout: buffer is not whole pixels")
    return floatCount / pixelStride
  }
}
