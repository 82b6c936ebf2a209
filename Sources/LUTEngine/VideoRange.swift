/// The `LUT_IN_VIDEO_RANGE` / `LUT_OUT_VIDEO_RANGE` mappings of Resolve `.cube` files
/// (docs/semantics.md §2), shared by every kernel so that they round identically.
enum VideoRange {
  /// Scale of full → video range: 876/1023.
  static let scale: Float = 876.0 / 1023.0
  /// Offset of full → video range: 64/1023.
  static let offset: Float = 64.0 / 1023.0
  /// Scale of video → full range: 1023/876.
  static let inverseScale: Float = 1023.0 / 876.0

  /// Full-range input mapped to video range: `x·876/1023 + 64/1023`.
  @inline(__always)
  static func toVideo(_ x: SIMD4<Float>) -> SIMD4<Float> { x * scale + offset }

  /// A video-range result mapped back to full range: `(y − 64/1023)·1023/876`.
  @inline(__always)
  static func toFull(_ y: SIMD4<Float>) -> SIMD4<Float> { (y - offset) * inverseScale }
}
