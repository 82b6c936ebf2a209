/// The portable trilinear 3D stage (docs/semantics.md §3, Tests/Fixtures/conformance/README.md §3.3), four pixels at once.
struct TrilinearKernel<Mode: ExtrapolationMode>: PixelKernel {
  /// The table.
  let table: PlanarTable
  /// Input side of the table.
  let axis: AxisMap

  @inline(__always)
  func transform(_ x: RGBBlock) -> RGBBlock {
    let cell = axis.cells(of: x, Mode.self)
    let blend = CellBlend(Corners(table, table.cellIndices(cell.r, cell.g, cell.b).lanes))
    let f = cell.fraction
    guard Mode.extendsLinearly else { return blend.value(f) }
    // Linear extrapolation: the lookup at the clamped fractions plus the first-order term of
    // the boundary cell, computed only for blocks with a pixel outside the domain and kept
    // only in those pixels (as in ReferenceKernel).
    let fc = RGBBlock(
      r: Lanes.clamp(f.r, 0, 1), g: Lanes.clamp(f.g, 0, 1), b: Lanes.clamp(f.b, 0, 1))
    let delta = f - fc
    let inside = blend.value(fc)
    guard delta.hasNonZero else { return inside }
    let moved = (delta.r .!= 0) .| (delta.g .!= 0) .| (delta.b .!= 0)
    let step = blend.gradientStep(fc, delta)
    var out = inside
    out.r.replace(with: inside.r + step.r, where: moved)
    out.g.replace(with: inside.g + step.g, where: moved)
    out.b.replace(with: inside.b + step.b, where: moved)
    return out
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
  }

  /// `ReferenceKernel.trilinear` on four cells: nested blends `a + f·(b − a)`, each rounded
  /// once (red, green, blue), and the partial derivatives from the same differences.
  struct CellBlend {
    let corners: Corners
    /// The red differences (`C1gb − C0gb`).
    let d00: RGBBlock, d10: RGBBlock, d01: RGBBlock, d11: RGBBlock

    @inline(__always)
    init(_ c: Corners) {
      corners = c
      (d00, d10, d01, d11) = (c.c100 - c.c000, c.c110 - c.c010, c.c101 - c.c001, c.c111 - c.c011)
    }

    /// The blends along red and green (`a0`, `a1`) and the green differences (`e0`, `e1`).
    @inline(__always)
    private func greenStage(_ f: RGBBlock) -> (
      a0: RGBBlock, a1: RGBBlock, e0: RGBBlock, e1: RGBBlock
    ) {
      let c = corners
      let a00 = RGBBlock.blend(c.c000, d00, f.r)
      let a10 = RGBBlock.blend(c.c010, d10, f.r)
      let a01 = RGBBlock.blend(c.c001, d01, f.r)
      let a11 = RGBBlock.blend(c.c011, d11, f.r)
      let (e0, e1) = (a10 - a00, a11 - a01)
      return (RGBBlock.blend(a00, e0, f.g), RGBBlock.blend(a01, e1, f.g), e0, e1)
    }

    /// The trilinear value at fractions `f`.
    @inline(__always)
    func value(_ f: RGBBlock) -> RGBBlock {
      let s = greenStage(f)
      return RGBBlock.blend(s.a0, s.a1 - s.a0, f.b)
    }

    /// `δr·∂r + δg·∂g + δb·∂b`, the partial derivatives taken at fractions `f`.
    @inline(__always)
    func gradientStep(_ f: RGBBlock, _ delta: RGBBlock) -> RGBBlock {
      let s = greenStage(f)
      let r0 = RGBBlock.blend(d00, d10 - d00, f.g)
      let r1 = RGBBlock.blend(d01, d11 - d01, f.g)
      let dr = RGBBlock.blend(r0, r1 - r0, f.b)
      let dg = RGBBlock.blend(s.e0, s.e1 - s.e0, f.b)
      let db = s.a1 - s.a0
      return RGBBlock.blend(RGBBlock.blend(dr * delta.r, dg, delta.g), db, delta.b)
    }
  }
}

extension RGBBlock {
  /// Whether any lane of any channel is non-zero.
  @inline(__always)
  var hasNonZero: Bool { (r.hasNonZero || g.hasNonZero) || b.hasNonZero }
}

extension SIMD4<Float> {
  /// Whether any lane is non-zero (either zero counts as zero).
  @inline(__always)
  var hasNonZero: Bool {
    let bits = unsafeBitCast(self, to: SIMD4<Int32>.self) & 0x7FFF_FFFF
    return (bits[0] | bits[1] | bits[2] | bits[3]) != 0
  }
}
