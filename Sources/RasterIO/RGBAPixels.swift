/// Interleaved RGBA pixels as `Float`, the working buffer a LUT is applied to.
public struct RGBAPixels: Hashable, Sendable {
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int
  /// `width × height × 4` values, R G B A per pixel, rows top to bottom. Alpha is 1 when the
  /// image has none.
  public var values: [Float]
  /// Whether the source had an alpha channel.
  public var hasAlpha: Bool

  /// Creates pixels.
  /// - Precondition: `values.count == width * height * 4` (a programmer error otherwise).
  public init(width: Int, height: Int, values: [Float], hasAlpha: Bool) {
    precondition(values.count == width * height * 4, "RGBAPixels needs width·height·4 values")
    self.width = width
    self.height = height
    self.values = values
    self.hasAlpha = hasAlpha
  }
}
