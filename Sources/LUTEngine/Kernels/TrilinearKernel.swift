/// The fast trilinear 3D stage (DESIGN.md §3, conformance README §3.3), four pixels at once.
struct TrilinearKernel<Mode: ExtrapolationMode>: PixelKernel {
  /// The table.
  let table: PlanarTable
  /// Input side of the table.
  let axis: AxisMap

  @inline(__always)
  func transform(_ x: RGBBlock) -> RGBBlock {
    var t = axis.positions(x)
    if !Mode.extendsLinearly { t = axis.clampedToDomain(t) }
    let cell = axis.cells(t)
    let corners = Corners(table, table.cellIndices(cell.r, cell.g, cell.b).lanes)
    let f = cell.fraction
    guard Mode.extendsLinearly else { return corners.blend(f) }
    // Linear extrapolation: the lookup at the clamped fractions plus the first-order term of
    // the boundary cell. The term is zero inside the domain; it is computed only for blocks
    // with a pixel outside (adding an exact zero changes no value).
    let fc = RGBBlock(
      r: Lanes.clamp(f.r, 0, 1), g: Lanes.clamp(f.g, 0, 1), b: Lanes.clamp(f.b, 0, 1))
    let delta = f - fc
    let inside = corners.blend(fc)
    guard delta.hasNonZero else { return inside }
    return inside + corners.gradientStep(fc, delta)
  }

  /// The 8 corners of four cells.
  struct Corners {
    let c000: RGBBlock, c100: RGBBlock, c010: RGBBlock, c110: RGBBlock
    let c001: RGBBlock, c101: RGBBlock, c011: RGBBlock, c111: RGBBlock

    @inline(__always)
    init(_ table: PlanarTable, _ i: (Int, Int, Int, Int)) {
      let (g, b) = (table.greenStride, table.blueStride)
      c000 = table.gather(i, offset: 0)
      c100 = table.gather(i, offset: 1)
      c010 = table.gather(i, offset: g)
      c110 = table.gather(i, offset: g + 1)
      c001 = table.gather(i, offset: b)
      c101 = table.gather(i, offset: b + 1)
      c011 = table.gather(i, offset: b + g)
      c111 = table.gather(i, offset: b + g + 1)
    }

    /// The trilinear blend at fractions `f` (red, then green, then blue).
    @inline(__always)
    func blend(_ f: RGBBlock) -> RGBBlock {
      let (r, g, b) = (f.r, f.g, f.b)
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
    func gradientStep(_ f: RGBBlock, _ delta: RGBBlock) -> RGBBlock {
      let (r, g, b) = (f.r, f.g, f.b)
      let dr =
        (c100 - c000) * ((1 - g) * (1 - b)) + (c110 - c010) * (g * (1 - b))
        + (c101 - c001) * ((1 - g) * b) + (c111 - c011) * (g * b)
      let dg =
        (c010 - c000) * ((1 - r) * (1 - b)) + (c110 - c100) * (r * (1 - b))
        + (c011 - c001) * ((1 - r) * b) + (c111 - c101) * (r * b)
      let db =
        (c001 - c000) * ((1 - r) * (1 - g)) + (c101 - c100) * (r * (1 - g))
        + (c011 - c010) * ((1 - r) * g) + (c111 - c110) * (r * g)
      return dr * delta.r + dg * delta.g + db * delta.b
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
