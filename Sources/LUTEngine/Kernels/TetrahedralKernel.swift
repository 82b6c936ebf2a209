/// The fast tetrahedral 3D stage (DESIGN.md §3, conformance README §3.3).
///
/// Branch-free: the tetrahedron is chosen with comparisons that compile to selects, by the
/// same decision tree as `ReferenceKernel` (so ties pick the same piece), and blended as
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
  /// Per tetrahedron (0…5): the node offset of its second corner.
  let secondCorner: SIMD8<Int32>
  /// Per tetrahedron (0…5): the node offset of its third corner.
  let thirdCorner: SIMD8<Int32>

  /// A kernel over `nodes`, a `size³` table.
  init(nodes: UnsafePointer<SIMD4<Float>>, axis: AxisMap, size: Int) {
    self.nodes = nodes
    self.axis = axis
    greenStride = size
    blueStride = size * size
    let (r, g, b) = (Int32(1), Int32(size), Int32(size * size))
    // Tetrahedra in decision-tree order: r>g>b, r>b≥g, b≥r>g, b>g≥r, g≥b>r, g≥r≥b.
    secondCorner = SIMD8(r, r, b, b, g, g, 0, 0)
    thirdCorner = SIMD8(r + g, r + b, r + b, g + b, g + b, r + g, 0, 0)
  }

  @inline(__always)
  func transform(_ x: SIMD4<Float>) -> SIMD4<Float> {
    var t = axis.position(x)
    if !Mode.extendsLinearly { t = axis.clampedToDomain(t) }
    let cell = axis.cell(t)
    let p = nodes + (cell.r + cell.g * greenStride + cell.b * blueStride)
    let (r, g, b) = (cell.fraction.x, cell.fraction.y, cell.fraction.z)
    let piece =
      r > g ? (g > b ? 0 : (r > b ? 1 : 2)) : (b > g ? 3 : (b > r ? 4 : 5))
    // The sorted fractions; min/max return one of their operands, so ties give the same value
    // whichever operand wins.
    let w1 = max(r, max(g, b))
    let w3 = min(r, min(g, b))
    let w2 = max(min(r, g), min(max(r, g), b))
    let cA = p[Int(secondCorner[piece])]
    let cB = p[Int(thirdCorner[piece])]
    let c111 = p[blueStride + greenStride + 1]
    return p[0] * (1 - w1) + cA * (w1 - w2) + cB * (w2 - w3) + c111 * w3
  }
}
