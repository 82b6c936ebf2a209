/// The fast trilinear 3D stage (DESIGN.md §3, conformance README §3.3), one pixel at a time
/// with the colour channels in the vector lanes.
///
/// Inside the domain the result is the blend of the cell's 8 corners (7 vector lerps). With
/// linear extrapolation, a pixel outside the domain on some axis adds the first-order term of
/// the boundary cell at the clamped fractions, as the reference does.
struct TrilinearKernel<Mode: ExtrapolationMode>: PixelKernel {
  /// The table.
  let table: NodeTable
  /// Input side of the table.
  let axis: AxisMap

  func transform(_ rgb: SIMD4<Float>) -> SIMD4<Float> {
    let t = axis.extrapolated(axis.positions(rgb), Mode.self)
    let (r, g, b) = (axis.cell(t.x), axis.cell(t.y), axis.cell(t.z))
    let corners = Corners(table, table.cellStart(r.index, g.index, b.index))
    var f = (r.fraction, g.fraction, b.fraction)
    var step = SIMD4<Float>()
    // Fractions in [0, 1] mean a position inside the domain: always so in clamp mode.
    if Mode.extendsLinearly, min(f.0, min(f.1, f.2)) < 0 || max(f.0, max(f.1, f.2)) > 1 {
      (f, step) = corners.extrapolation(f.0, f.1, f.2)
    }
    // Inside the domain `step` is +0, which changes no value (at most the sign of a zero).
    return corners.blend(f.0, f.1, f.2) + step
  }

  /// The 8 corners of one cell.
  struct Corners {
    let c000: SIMD4<Float>, c100: SIMD4<Float>, c010: SIMD4<Float>, c110: SIMD4<Float>
    let c001: SIMD4<Float>, c101: SIMD4<Float>, c011: SIMD4<Float>, c111: SIMD4<Float>

    init(_ table: NodeTable, _ p: UnsafePointer<SIMD4<Float>>) {
      let (g, b) = (table.greenStride, table.blueStride)
      c000 = p[0]
      c100 = p[1]
      c010 = p[g]
      c110 = p[g &+ 1]
      c001 = p[b]
      c101 = p[b &+ 1]
      c011 = p[b &+ g]
      c111 = p[b &+ g &+ 1]
    }

    /// The trilinear blend at fractions `r, g, b` (red, then green, then blue).
    func blend(_ r: Float, _ g: Float, _ b: Float) -> SIMD4<Float> {
      let c00 = c000 * (1 - r) + c100 * r
      let c10 = c010 * (1 - r) + c110 * r
      let c01 = c001 * (1 - r) + c101 * r
      let c11 = c011 * (1 - r) + c111 * r
      let c0 = c00 * (1 - g) + c10 * g
      let c1 = c01 * (1 - g) + c11 * g
      return c0 * (1 - b) + c1 * b
    }

    /// The fractions clamped to `[0, 1]`, and `δ_r·∂_r + δ_g·∂_g + δ_b·∂_b` (partial
    /// derivatives at the clamped fractions, `δ` what the clamp removed): the reference adds
    /// the latter to the blend at the former.
    ///
    /// A term whose `δ` is zero is left out: it is a zero (of either sign, the table being
    /// finite), so the sum has the same value as the reference's.
    @inline(never)
    func extrapolation(_ fr: Float, _ fg: Float, _ fb: Float) -> (
      clamped: (Float, Float, Float), step: SIMD4<Float>
    ) {
      let (r, g, b) = (clamp(fr, 0, 1), clamp(fg, 0, 1), clamp(fb, 0, 1))
      let (deltaR, deltaG, deltaB) = (fr - r, fg - g, fb - b)
      var step = SIMD4<Float>()
      if deltaR != 0 {
        step =
          ((c100 - c000) * ((1 - g) * (1 - b)) + (c110 - c010) * (g * (1 - b))
            + (c101 - c001) * ((1 - g) * b) + (c111 - c011) * (g * b)) * deltaR
      }
      if deltaG != 0 {
        step +=
          ((c010 - c000) * ((1 - r) * (1 - b)) + (c110 - c100) * (r * (1 - b))
            + (c011 - c001) * ((1 - r) * b) + (c111 - c101) * (r * b)) * deltaG
      }
      if deltaB != 0 {
        step +=
          ((c001 - c000) * ((1 - r) * (1 - g)) + (c101 - c100) * (r * (1 - g))
            + (c011 - c010) * ((1 - r) * g) + (c111 - c110) * (r * g)) * deltaB
      }
      return ((r, g, b), step)
    }
  }
}
