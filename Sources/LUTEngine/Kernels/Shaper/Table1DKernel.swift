/// The fast 1D stage: a 1D-only table, or the shaper in front of a 3D table.
///
/// Linear interpolation per channel; with linear extrapolation the boundary interval's slope
/// continues past the domain (DESIGN.md §3).
struct Table1DKernel<Mode: ExtrapolationMode>: PixelKernel {
  /// `size · 3` values, interleaved RGB rows (file order).
  let values: UnsafePointer<Float>
  /// Input side of the table.
  let axis: AxisMap

  @inline(__always)
  func transform(_ x: SIMD4<Float>) -> SIMD4<Float> {
    var t = axis.position(x)
    if !Mode.extendsLinearly { t = axis.clampedToDomain(t) }
    let cell = axis.cell(t)
    let r = values + 3 * cell.r
    let g = values + 3 * cell.g + 1
    let b = values + 3 * cell.b + 2
    let v0 = SIMD4(r[0], g[0], b[0], 0)
    let v1 = SIMD4(r[3], g[3], b[3], 0)
    return v0 + cell.fraction * (v1 - v0)
  }
}
