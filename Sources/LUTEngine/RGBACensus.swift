import CLUTKernels

/// What one pass over interleaved RGBA Float pixels finds before a lookup: the counts `apply`
/// reports and whether alpha can be skipped (CLUTKernels' census: AVX2 where the CPU has it).
package struct RGBACensus: Sendable {
  /// Pixels whose R, G or B is NaN or infinite (all exponent bits set).
  package var nonFinitePixels: Int
  /// Pixels with an R, G or B above 1 (EDR highlights).
  package var brightPixels: Int
  /// Whether every alpha is exactly 1.
  package var isOpaque: Bool

  /// Counts the pixels of `rgba` (four Floats per pixel).
  package init(_ rgba: UnsafeBufferPointer<Float>) {
    guard let base = rgba.baseAddress else {
      (nonFinitePixels, brightPixels, isOpaque) = (0, 0, true)
      return
    }
    let census = edr_rgba_census(base, Int64(rgba.count / 4))
    nonFinitePixels = Int(census.nonFinitePixels)
    brightPixels = Int(census.brightPixels)
    isOpaque = census.opaque
  }
}
