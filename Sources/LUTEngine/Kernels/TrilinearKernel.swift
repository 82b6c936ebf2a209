/// The fast trilinear 3D stage (DESIGN.md §3, conformance README §3.3).
///
/// Nodes are padded to `SIMD4<Float>` (red fastest, as in `.cube`), so each of the 8 corners
/// is one aligned vector load at a precomputed offset from the cell's first corner.
struct TrilinearKernel<Mode: ExtrapolationMode>: PixelKernel {
  /// The padded nodes, `size³` of them, red fastest.
  let nodes: UnsafePointer<SIMD4<Float>>
  /// Input side of the table.
  let axis: AxisMap
  /// Node offset of one step in green (`size`).
  let greenStride: Int
  /// Node offset of one step in blue (`size²`).
  let blueStride: Int

  @inline(__always)
  func transform(_ x: SIMD4<Float>) -> SIMD4<Float> {
    var t = axis.position(x)
    if !Mode.extendsLinearly { t = axis.clampedToDomain(t) }
    let cell = axis.cell(t)
    let p = nodes + (cell.r + cell.g * greenStride + cell.b * blueStride)
    let corners = Corners(
      c000: p[0], c100: p[1], c010: p[greenStride], c110: p[greenStride + 1],
      c001: p[blueStride], c101: p[blueStride + 1], c011: p[blueStride + greenStride],
      c111: p[blueStride + greenStride + 1])
    let f = cell.fraction
    guard Mode.extendsLinearly else { return corners.blend(f) }
    // Linear extrapolation: the lookup at the clamped fractions plus the first-order term of
    // the boundary cell; the term is zero inside the domain and skipped there.
    let fc = f.clamped(lowerBound: .zero, upperBound: .one)
    let delta = f - fc
    let inside = corners.blend(fc)
    return delta == .zero ? inside : inside + corners.gradientStep(fc, delta)
  }

  /// The 8 corners of a cell.
  struct Corners {
    let c000: SIMD4<Float>, c100: SIMD4<Float>, c010: SIMD4<Float>, c110: SIMD4<Float>
    let c001: SIMD4<Float>, c101: SIMD4<Float>, c011: SIMD4<Float>, c111: SIMD4<Float>

    /// The trilinear blend at fractions `f` (red, then green, then blue).
    @inline(__always)
    func blend(_ f: SIMD4<Float>) -> SIMD4<Float> {
      let (r, g, b) = (f.x, f.y, f.z)
      let c00 = c000 * (1 - r) + c100 * r
      let c10 = c010 * (1 - r) + c110 * r
      let c01 = c001 * (1 - r) + c101 * r
      let c11 = c011 * (1 - r) + c111 * r
      let c0 = c00 * (1 - g) + c10 * g
      let c1 = c01 * (1 - g) + c11 * g
      return c0 * (1 - b) + c1 * b
    }

    /// `δ_r·∂_r + δ_g·∂_g + δ_b·∂_b`, the partial derivatives taken at fractions `f`.
    @inline(__always)
    func gradientStep(_ f: SIMD4<Float>, _ delta: SIMD4<Float>) -> SIMD4<Float> {
      let (r, g, b) = (f.x, f.y, f.z)
      let dr =
        (c100 - c000) * ((1 - g) * (1 - b)) + (c110 - c010) * (g * (1 - b))
        + (c101 - c001) * ((1 - g) * b) + (c111 - c011) * (g * b)
      let dg =
        (c010 - c000) * ((1 - r) * (1 - b)) + (c110 - c100) * (r * (1 - b))
        + (c011 - c001) * ((1 - r) * b) + (c111 - c101) * (r * b)
      let db =
        (c001 - c000) * ((1 - r) * (1 - g)) + (c101 - c100) * (r * (1 - g))
        + (c011 - c010) * ((1 - r) * g) + (c111 - c110) * (r * g)
      return delta.x * dr + delta.y * dg + delta.z * db
    }
  }
}
