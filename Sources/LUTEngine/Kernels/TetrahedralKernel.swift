/// The fast tetrahedral 3D stage (DESIGN.md §3, conformance README §3.3), one pixel at a time
/// with the colour channels in the vector lanes.
///
/// Branch-free: the tetrahedron's two middle corners are chosen with scalar compares (which
/// compile to conditional moves) following the same decision tree as `ReferenceKernel`, so
/// ties pick the same piece, and blended as `C000·(1 − w1) + CA·(w1 − w2) + CB·(w2 − w3) +
/// C111·w3` with `w1 ≥ w2 ≥ w3` the sorted fractions. With linear extrapolation the
/// fractions are not clamped.
struct TetrahedralKernel<Mode: ExtrapolationMode>: PixelKernel {
  /// The table.
  let table: NodeTable
  /// Input side of the table.
  let axis: AxisMap

  func transform(_ rgb: SIMD4<Float>) -> SIMD4<Float> {
    let t = axis.extrapolated(axis.positions(rgb), Mode.self)
    let (cr, cg, cb) = (axis.cell(t.x), axis.cell(t.y), axis.cell(t.z))
    let p = table.cellStart(cr.index, cg.index, cb.index)
    let (r, g, b) = (cr.fraction, cg.fraction, cb.fraction)
    let (red, green, blue) = (1, table.greenStride, table.blueStride)
    // The reference's tree: r>g: (g>b: r>g>b | r>b: r>b≥g | b≥r>g);
    //                       else (b>g: b>g≥r | b>r: g≥b>r | g≥r≥b).
    // Selected with integer masks, so that LLVM does not turn the tree into branches.
    let rg = mask(r > g)
    let gb = mask(g > b)
    let bg = mask(b > g)
    let second = pick(rg, pick(gb | mask(r > b), red, blue), pick(bg, blue, green))
    let third = pick(
      rg, pick(gb, red &+ green, red &+ blue),
      pick(bg | mask(b > r), green &+ blue, red &+ green))
    // min/max return one of their operands, so ties give the same value whichever wins.
    let w1 = max(r, max(g, b))
    let w2 = max(min(r, g), min(max(r, g), b))
    let w3 = min(r, min(g, b))
    return p[0] * (1 - w1) + p[second] * (w1 - w2) + p[third] * (w2 - w3)
      + p[red &+ green &+ blue] * w3
  }

  /// All ones when `condition` holds, zero otherwise.
  private func mask(_ condition: Bool) -> Int { 0 &- Int(condition ? 1 : 0) }

  /// `a` where `mask` is all ones, `b` where it is zero.
  private func pick(_ mask: Int, _ a: Int, _ b: Int) -> Int { b ^ ((a ^ b) & mask) }
}
