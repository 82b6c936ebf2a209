/// The fast tetrahedral 3D stage (docs/semantics.md §3, Tests/Fixtures/conformance/README.md §3.3).
///
/// Branch-free: the tetrahedron's two middle corners are chosen with lane masks that follow
/// the same decision tree as `ReferenceKernel` (so ties pick the same piece), and blended as
/// `C000·(1 − w1) + CA·(w1 − w2) + CB·(w2 − w3) + C111·w3` with `w1 ≥ w2 ≥ w3` the sorted
/// fractions. With linear extrapolation the fractions are not clamped: the blend uses them
/// clamped to 0…1 and, in pixels outside the domain, adds the tetrahedron's first-order step
/// `e1·(CA − C000) + e2·(CB − CA) + e3·(C111 − CB)`, `e = w − clamp(w)`, as ReferenceKernel.
struct TetrahedralKernel<Mode: ExtrapolationMode>: PixelKernel {
  /// The table.
  let table: PlanarTable
  /// Input side of the table.
  let axis: AxisMap

  @inline(__always)
  func transform(_ x: RGBBlock) -> RGBBlock {
    let cell = axis.cells(of: x, Mode.self)
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
    // The sorted fractions, lane by lane: the blend below is scalarised by LLVM anyway, and
    // scalar min/max compile to branch-free minss/maxss (measured: 40 instructions per pixel
    // fewer than lane-mask selects). min/max return one of their operands, so ties give the
    // same value whichever operand wins.
    let s0 = sorted(r, g, b, 0)
    let s1 = sorted(r, g, b, 1)
    let s2 = sorted(r, g, b, 2)
    let s3 = sorted(r, g, b, 3)
    let w1 = SIMD4(s0.0, s1.0, s2.0, s3.0)
    let w2 = SIMD4(s0.1, s1.1, s2.1, s3.1)
    let w3 = SIMD4(s0.2, s1.2, s2.2, s3.2)
    let last = table.blueStride + table.greenStride + 1
    let c000 = table.gather(base.lanes, offset: 0)
    let ca = table.gather((base &+ second).lanes, offset: 0)
    let cb = table.gather((base &+ third).lanes, offset: 0)
    let c111 = table.gather(base.lanes, offset: last)
    guard Mode.extendsLinearly else {
      return c000 * (1 - w1) + ca * (w1 - w2) + cb * (w2 - w3) + c111 * w3
    }
    let (k1, k2, k3) = (Lanes.clamp(w1, 0, 1), Lanes.clamp(w2, 0, 1), Lanes.clamp(w3, 0, 1))
    let inside = c000 * (1 - k1) + ca * (k1 - k2) + cb * (k2 - k3) + c111 * k3
    let (e1, e2, e3) = (w1 - k1, w2 - k2, w3 - k3)
    let moved = (e1 .!= 0) .| (e2 .!= 0) .| (e3 .!= 0)
    guard any(moved) else { return inside }
    let step = (ca - c000) * e1 + (cb - ca) * e2 + (c111 - cb) * e3
    var out = inside
    out.r.replace(with: inside.r + step.r, where: moved)
    out.g.replace(with: inside.g + step.g, where: moved)
    out.b.replace(with: inside.b + step.b, where: moved)
    return out
  }

  /// The fractions of pixel `lane`, largest first.
  @inline(__always)
  private func sorted(_ r: SIMD4<Float>, _ g: SIMD4<Float>, _ b: SIMD4<Float>, _ lane: Int)
    -> (Float, Float, Float)
  {
    let (x, y, z) = (r[lane], g[lane], b[lane])
    return (max(x, max(y, z)), max(min(x, y), min(max(x, y), z)), min(x, min(y, z)))
  }
}
