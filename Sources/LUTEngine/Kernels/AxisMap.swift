/// The input side of one table stage, for one pixel: the channels are the lanes of a
/// `SIMD4<Float>` (red, green, blue, unused).
///
/// `t = (x − lo)/(hi − lo)·(N − 1)`, `i = clamp(floor(t), 0, N − 2)`, `f = t − i`
/// (DESIGN.md §3), in the same operations and order as `ReferenceKernel`.
struct AxisMap: Sendable {
  /// Domain minimum per channel (fourth lane 0).
  let lo: SIMD4<Float>
  /// `hi − lo` per channel (fourth lane 1).
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

  /// The continuous node positions of `x` (per lane), unclamped.
  ///
  /// Non-finite channels go to an edge (NaN and −∞ to 0, +∞ to `N − 1`), which lies inside
  /// the domain, so that channel is not extrapolated while the others still are.
  func positions(_ x: SIMD4<Float>) -> SIMD4<Float> {
    let t = (x - lo) / span * last
    // `t − t` is 0 in finite lanes and NaN otherwise; the fourth lane is 0.
    let probe = t - t
    return probe.x + probe.y + probe.z == 0 ? t : resolveNonFinite(x, t)
  }

  /// `t` clamped to the domain, `[0, N − 1]`, under clamp extrapolation; unchanged under
  /// linear extrapolation.
  func extrapolated<Mode: ExtrapolationMode>(_ t: SIMD4<Float>, _: Mode.Type) -> SIMD4<Float> {
    guard !Mode.extendsLinearly else { return t }
    return SIMD4(clamp(t.x, 0, last), clamp(t.y, 0, last), clamp(t.z, 0, last), 0)
  }

  /// The cell `i` holding the finite position `t`, and the fraction `t − i` (outside
  /// `[0, 1]` exactly where `t` is outside the domain).
  ///
  /// Scalar code on purpose: the standard library's SIMD bitwise operations, shifts and lane
  /// conversions are generic lane loops in SIL, which the optimiser will not inline.
  func cell(_ t: Float) -> (index: Int, fraction: Float) {
    let c = clamp(t, 0, lastCell)
    // Adding 1.5·2²³ rounds `0 ≤ c < 2²²` to an integer held in the low mantissa bits, with
    // no range checks; one compare turns round-to-nearest into floor.
    var index = Int((c + 12_582_912).bitPattern &- 0x4B40_0000)
    index &-= Float(index) > c ? 1 : 0
    return (index, t - Float(index))
  }

  /// The non-finite channels of `x` at their edges; the others keep their position in `t`
  /// (a finite input whose position overflowed stays as it is, like the reference's).
  @inline(never)
  private func resolveNonFinite(_ x: SIMD4<Float>, _ t: SIMD4<Float>) -> SIMD4<Float> {
    var resolved = t
    for k in 0..<3 where !x[k].isFinite { resolved[k] = x[k] == .infinity ? last : 0 }
    return resolved
  }
}

/// `min(max(x, lower), upper)` of a finite `x`, as the reference's.
func clamp(_ x: Float, _ lower: Float, _ upper: Float) -> Float {
  min(max(x, lower), upper)
}
