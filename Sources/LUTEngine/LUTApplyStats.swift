/// What one batch application saw.
public struct LUTApplyStats: Sendable, Hashable {
  /// Pixels processed.
  public var pixelCount: Int
  /// Pixels with at least one non-finite RGB input (NaN or ±∞). They were mapped to the
  /// domain edges of the first stage, as docs/semantics.md §3 specifies.
  public var nonFinitePixelCount: Int

  /// Creates statistics.
  public init(pixelCount: Int = 0, nonFinitePixelCount: Int = 0) {
    self.pixelCount = pixelCount
    self.nonFinitePixelCount = nonFinitePixelCount
  }
}
