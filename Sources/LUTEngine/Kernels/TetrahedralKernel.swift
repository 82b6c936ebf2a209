/// The fast tetrahedral 3D stage (DESIGN.md §3, conformance README §3.3).
///
/// Branch-free: the tetrahedron's two middle corners are chosen with lane masks that follow
/// the same decision tree as `ReferenceKernel` (so ties pick the same piece), and blended as
/// `C000·(1 − w1) + CA·(w1 − w2) + CB·(w2 − w3) + C111·w3` with `w1 ≥ w2 ≥ w3` the sorted
/// fractions. With linear extrapolation the fractions are not clamped.
struct TetrahedralKernel<Mode: ExtrapolationMode>: PixelKernel {
  /// The padded nodes, `size³` of them, red fastest.
  let nodes: UnsafePointer<SIMD4<Float>>
  /// Input side of the table.
  let axis: AxisMap
  /// Node offset of one step in green (`size`).
  let greenStride: Int
  /// Node offset of one step in blue (`size²`).
  let blueStride: Int

  @inline(__always)
  func transform(_ x: RGBBlock) -> RGBBlock {
    var t = axis.positions(x)
    if !Mode.extendsLinearly { t = axis.clampedToDomain(t) }
    let cell = axis.cells(t)
    let (green, blue) = (SIMD4(repeating: Int32(greenStride)), SIMD4(repeating: Int32(blueStride)))
    let base = cell.r &+ cell.g &* green &+ cell.b &* blue
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
    let weights = RGBBlock(r: w1, g: w2, b: w3)
    return RGBBlock(
      pixel(base, second, third, weights, 0), pixel(base, second, third, weights, 1),
      pixel(base, second, third, weights, 2), pixel(base, second, third, weights, 3))
  }

  /// The blend of pixel `lane`; `weights` holds w1, w2, w3 in its r, g, b.
  @inline(__always)
  private func pixel(
    _ base: SIMD4<Int32>, _ second: SIMD4<Int32>, _ third: SIMD4<Int32>, _ weights: RGBBlock,
    _ lane: Int
  ) -> SIMD4<Float> {
    let p = nodes + Int(base[lane])
    let (w1, w2, w3) = (weights.r[lane], weights.g[lane], weights.b[lane])
    let c111 = p[blueStride &+ greenStride &+ 1]
    return p[0] * (1 - w1) + p[Int(second[lane])] * (w1 - w2) + p[Int(third[lane])] * (w2 - w3)
      + c111 * w3
  }
}
