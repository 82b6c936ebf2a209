/// The fast tetrahedral 3D stage (DESIGN.md §3, conformance README §3.3).
///
/// Branch-free: the tetrahedron's two middle corners are chosen with lane masks that follow
/// the same decision tree as `ReferenceKernel` (so ties pick the same piece), and blended as
/// `C000·(1 − w1) + CA·(w1 − w2) + CB·(w2 − w3) + C111·w3` with `w1 ≥ w2 ≥ w3` the sorted
/// fractions. With linear extrapolation the fractions are not clamped.
struct TetrahedralKernel<Mode: ExtrapolationMode>: PixelKernel {
  /// The table.
  let table: PlanarTable
  /// Input side of the table.
  let axis: AxisMap

  @inline(__always)
  func transform(_ x: RGBBlock) -> RGBBlock {
    var t = axis.positions(x)
    if !Mode.extendsLinearly { t = axis.clampedToDomain(t) }
    let cell = axis.cells(t)
    let green = SIMD4(repeating: Int32(table.greenStride))
    let blue = SIMD4(repeating: Int32(table.blueStride))
    let base = table.cellIndices(cell.r, cell.g, cell.b)
    let (r, g, b) = (cell.fraction.r, cell.fraction.g, cell.fraction.b)
    // The reference's tree: r>g: (g>b: r>g>b | r>b: r>b≥g | b≥r>g);
    //                       else (b>g: b>g≥r | b>r: g≥b>r | g≥r≥b).
    let rg = Lanes.greaterMask(r, g)
    let gb = Lanes.greaterMask(g, b)
    let rb = Lanes.greaterMask(r, b)
    let bg = Lanes.greaterMask(b, g)
    let br = Lanes.greaterMask(b, r)
    let red = SIMD4<Int32>(repeating: 1)
    let second = Lanes.select(
      rg, Lanes.select(gb | rb, red, blue), Lanes.select(bg, blue, green))
    let third = Lanes.select(
      rg, Lanes.select(gb, red &+ green, red &+ blue),
      Lanes.select(bg | br, green &+ blue, red &+ green))
    // The sorted fractions; min/max return one of their operands, so ties give the same value
    // whichever operand wins.
    let w1 = Lanes.max(r, Lanes.max(g, b))
    let w3 = Lanes.min(r, Lanes.min(g, b))
    let w2 = Lanes.max(Lanes.min(r, g), Lanes.min(Lanes.max(r, g), b))
    let last = table.blueStride + table.greenStride + 1
    return table.gather(base.lanes, offset: 0) * (1 - w1)
      + table.gather((base &+ second).lanes, offset: 0) * (w1 - w2)
      + table.gather((base &+ third).lanes, offset: 0) * (w2 - w3)
      + table.gather(base.lanes, offset: last) * w3
  }
}
