/// The fast 1D stage: a 1D-only table, or the shaper in front of a 3D table.
///
/// Linear interpolation per channel; with linear extrapolation the boundary interval's slope
/// continues past the domain (DESIGN.md §3).
struct Table1DKernel<Mode: ExtrapolationMode>: PixelKernel {
  /// `size · 3` values, interleaved RGB rows (file order).
  let values: UnsafePointer<Float>
  /// Input side of the table.
  let axis: AxisMap

  func transform(_ rgb: SIMD4<Float>) -> SIMD4<Float> {
    let t = axis.extrapolated(axis.positions(rgb), Mode.self)
    return SIMD4(channel(t.x, 0), channel(t.y, 1), channel(t.z, 2), 0)
  }

  /// `v0 + f·(v1 − v0)` for channel `k` at position `t`.
  private func channel(_ t: Float, _ k: Int) -> Float {
    let cell = axis.cell(t)
    let p = values + (3 &* cell.index &+ k)
    return p[0] + cell.fraction * (p[3] - p[0])
  }
}
