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
  func transform(_ x: RGBBlock) -> RGBBlock {
    var t = axis.positions(x)
    if !Mode.extendsLinearly { t = axis.clampedToDomain(t) }
    let cell = axis.cells(t)
    let base = cell.r &+ cell.g &* Int32(greenStride) &+ cell.b &* Int32(blueStride)
    let f = cell.fraction
    guard Mode.extendsLinearly else {
      return RGBBlock(
        corners(base[0]).blend(f, 0), corners(base[1]).blend(f, 1),
        corners(base[2]).blend(f, 2), corners(base[3]).blend(f, 3))
    }
    // Linear extrapolation: the lookup at the clamped fractions plus the first-order term of
    // the boundary cell. The term is zero inside the domain; it is computed only for blocks
    // with a pixel outside (adding an exact zero changes no value).
    let fc = RGBBlock(
      r: Lanes.clamp(f.r, 0, 1), g: Lanes.clamp(f.g, 0, 1), b: Lanes.clamp(f.b, 0, 1))
    let delta = RGBBlock(r: f.r - fc.r, g: f.g - fc.g, b: f.b - fc.b)
    guard delta.hasNonZero else {
      return RGBBlock(
        corners(base[0]).blend(fc, 0), corners(base[1]).blend(fc, 1),
        corners(base[2]).blend(fc, 2), corners(base[3]).blend(fc, 3))
    }
    return RGBBlock(
      corners(base[0]).extrapolate(fc, delta, 0), corners(base[1]).extrapolate(fc, delta, 1),
      corners(base[2]).extrapolate(fc, delta, 2), corners(base[3]).extrapolate(fc, delta, 3))
  }

  /// The 8 corners of the cell whose first node is `base`.
  @inline(__always)
  private func corners(_ base: Int32) -> Corners {
    let p = nodes + Int(base)
    return Corners(
      c000: p[0], c100: p[1], c010: p[greenStride], c110: p[greenStride &+ 1],
      c001: p[blueStride], c101: p[blueStride &+ 1], c011: p[blueStride &+ greenStride],
      c111: p[blueStride &+ greenStride &+ 1])
  }

  /// The 8 corners of a cell.
  struct Corners {
    let c000: SIMD4<Float>, c100: SIMD4<Float>, c010: SIMD4<Float>, c110: SIMD4<Float>
    let c001: SIMD4<Float>, c101: SIMD4<Float>, c011: SIMD4<Float>, c111: SIMD4<Float>

    /// The trilinear blend at the fractions of pixel `lane` (red, then green, then blue).
    @inline(__always)
    func blend(_ f: RGBBlock, _ lane: Int) -> SIMD4<Float> {
      let (r, g, b) = (f.r[lane], f.g[lane], f.b[lane])
      let c00 = c000 * (1 - r) + c100 * r
      let c10 = c010 * (1 - r) + c110 * r
      let c01 = c001 * (1 - r) + c101 * r
      let c11 = c011 * (1 - r) + c111 * r
      let c0 = c00 * (1 - g) + c10 * g
      let c1 = c01 * (1 - g) + c11 * g
      return c0 * (1 - b) + c1 * b
    }

    /// The blend plus `δ_r·∂_r + δ_g·∂_g + δ_b·∂_b`, the partial derivatives taken at `f`.
    @inline(__always)
    func extrapolate(_ f: RGBBlock, _ delta: RGBBlock, _ lane: Int) -> SIMD4<Float> {
      let (r, g, b) = (f.r[lane], f.g[lane], f.b[lane])
      let dr =
        (c100 - c000) * ((1 - g) * (1 - b)) + (c110 - c010) * (g * (1 - b))
        + (c101 - c001) * ((1 - g) * b) + (c111 - c011) * (g * b)
      let dg =
        (c010 - c000) * ((1 - r) * (1 - b)) + (c110 - c100) * (r * (1 - b))
        + (c011 - c001) * ((1 - r) * b) + (c111 - c101) * (r * b)
      let db =
        (c001 - c000) * ((1 - r) * (1 - g)) + (c101 - c100) * (r * (1 - g))
        + (c011 - c010) * ((1 - r) * g) + (c111 - c110) * (r * g)
      return blend(f, lane)
        + (delta.r[lane] * dr + delta.g[lane] * dg + delta.b[lane] * db)
    }
  }
}

extension RGBBlock {
  /// Whether any lane of any channel is non-zero.
  @inline(__always)
  var hasNonZero: Bool {
    let magnitude = SIMD4<Int32>(repeating: 0x7FFF_FFFF)
    let bits =
      (unsafeBitCast(r, to: SIMD4<Int32>.self) | unsafeBitCast(g, to: SIMD4<Int32>.self)
        | unsafeBitCast(b, to: SIMD4<Int32>.self)) & magnitude
    return (bits[0] | bits[1] | bits[2] | bits[3]) != 0
  }
}
