/// The fast 1D stage: a 1D-only table, or the shaper in front of a 3D table.
///
/// Linear interpolation per channel; with linear extrapolation the boundary interval's slope
/// continues past the domain (docs/semantics.md §3).
struct Table1DKernel<Mode: ExtrapolationMode>: PixelKernel {
  /// `size · 3` values, interleaved RGB rows (file order).
  let values: UnsafePointer<Float>
  /// Input side of the table.
  let axis: AxisMap

  @inline(__always)
  func transform(_ x: RGBBlock) -> RGBBlock {
    let cell = axis.cells(of: x, Mode.self)
    return RGBBlock(
      r: channel(cell.r, cell.fraction.r, offset: 0),
      g: channel(cell.g, cell.fraction.g, offset: 1),
      b: channel(cell.b, cell.fraction.b, offset: 2))
  }

  /// `v0 + f·(v1 − v0)` for one channel of the four pixels.
  @inline(__always)
  private func channel(_ i: SIMD4<Int32>, _ f: SIMD4<Float>, offset: Int) -> SIMD4<Float> {
    let row = i &* 3 &+ Int32(offset)
    let p0 = values + Int(row[0])
    let p1 = values + Int(row[1])
    let p2 = values + Int(row[2])
    let p3 = values + Int(row[3])
    let v0 = SIMD4(p0[0], p1[0], p2[0], p3[0])
    let v1 = SIMD4(p0[3], p1[3], p2[3], p3[3])
    return v0 + f * (v1 - v0)
  }
}
