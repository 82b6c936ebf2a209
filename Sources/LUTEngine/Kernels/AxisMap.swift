/// The input side of one table stage: maps RGB input to continuous node positions and cells.
///
/// `t = (x − lo)/(hi − lo)·(N − 1)`, `i = clamp(floor(t), 0, N − 2)`, `f = t − i`
/// (DESIGN.md §3), computed for the three channels at once.
struct AxisMap: Sendable {
  /// Domain minimum per channel; lane 3 is 0.
  let lo: SIMD4<Float>
  /// `hi − lo` per channel; lane 3 is 1.
  let span: SIMD4<Float>
  /// `N − 1`: the position of the last node.
  let last: Float
  /// `N − 2`: the index of the last cell.
  let lastCell: Float

  /// The map of a table with `size` nodes per axis over `[domainMin, domainMax]`.
  init(domainMin: SIMD3<Float>, domainMax: SIMD3<Float>, size: Int) {
    lo = SIMD4(domainMin, 0)
    span = SIMD4(domainMax - domainMin, 1)
    last = Float(size - 1)
    lastCell = Float(size - 2)
  }

  /// The continuous node position of `x`.
  ///
  /// Non-finite channels go to an edge (NaN and −∞ to 0, +∞ to `N − 1`), which lies inside the
  /// domain, so that channel is not extrapolated while the others still are.
  @inline(__always)
  func position(_ x: SIMD4<Float>) -> SIMD4<Float> {
    let t = (x - lo) / span * last
    return x.hasNonFinite ? resolveNonFinite(x, t) : t
  }

  /// `t` clamped to the domain, `[0, N − 1]` (clamp extrapolation).
  @inline(__always)
  func clampedToDomain(_ t: SIMD4<Float>) -> SIMD4<Float> {
    t.clamped(lowerBound: .zero, upperBound: SIMD4(last, last, last, 0))
  }

  /// The cell `i` holding position `t` and the fractions `t − i` (outside `[0, 1]` when `t`
  /// is outside the domain).
  @inline(__always)
  func cell(_ t: SIMD4<Float>) -> (r: Int, g: Int, b: Int, fraction: SIMD4<Float>) {
    // Clamping before the conversion keeps it in range and makes truncation a floor.
    let c = t.clamped(lowerBound: .zero, upperBound: SIMD4(lastCell, lastCell, lastCell, 0))
    let r = Int(c.x)
    let g = Int(c.y)
    let b = Int(c.z)
    return (r, g, b, t - SIMD4(Float(r), Float(g), Float(b), 0))
  }

  @inline(never)
  private func resolveNonFinite(_ x: SIMD4<Float>, _ t: SIMD4<Float>) -> SIMD4<Float> {
    var resolved = t
    for k in 0..<3 where !x[k].isFinite {
      resolved[k] = x[k] == .infinity ? last : 0
    }
    return resolved
  }
}

extension SIMD4<Float> {
  /// Whether any lane is NaN or ±∞ (`x − x` is NaN exactly for those).
  @inline(__always)
  var hasNonFinite: Bool { any((self - self) .!= .zero) }
}
