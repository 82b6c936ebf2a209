/// The input side of one table stage, on four pixels at once.
///
/// `t = (x − lo)·((N − 1)/(hi − lo))`, `i = clamp(floor(t), 0, N − 2)`, `f = t − i`
/// (docs/semantics.md §3), in the same operations and order as `ReferenceKernel`.
struct AxisMap: Sendable {
  /// Domain minimum per channel.
  let lo: SIMD3<Float>
  /// `(N − 1)/(hi − lo)` per channel.
  let scale: SIMD3<Float>
  /// `N − 1`: the position of the last node.
  let last: Float
  /// `N − 2`: the index of the last cell.
  let lastCell: Float

  /// The map of a table with `size` nodes per axis over `[domainMin, domainMax]`.
  init(domainMin: SIMD3<Float>, domainMax: SIMD3<Float>, size: Int) {
    lo = domainMin
    last = Float(size - 1)
    scale = SIMD3(
      ReferenceKernel.positionScale(lo: domainMin.x, hi: domainMax.x, n: size),
      ReferenceKernel.positionScale(lo: domainMin.y, hi: domainMax.y, n: size),
      ReferenceKernel.positionScale(lo: domainMin.z, hi: domainMax.z, n: size))
    lastCell = Float(size - 2)
  }

  /// The continuous node positions of `x`.
  ///
  /// Non-finite values go to an edge (NaN and −∞ to 0, +∞ to `N − 1`), which lies inside the
  /// domain, so that channel is not extrapolated while the others still are.
  @inline(__always)
  func positions(_ x: RGBBlock) -> RGBBlock {
    let t = RGBBlock(
      r: (x.r - lo.x) * scale.x, g: (x.g - lo.y) * scale.y, b: (x.b - lo.z) * scale.z)
    return x.hasNonFinite ? resolveNonFinite(x, t) : t
  }

  /// `t` clamped to the domain, `[0, N − 1]` (clamp extrapolation).
  @inline(__always)
  func clampedToDomain(_ t: RGBBlock) -> RGBBlock {
    RGBBlock(
      r: Lanes.clamp(t.r, 0, last), g: Lanes.clamp(t.g, 0, last), b: Lanes.clamp(t.b, 0, last))
  }

  /// The cells `i` holding positions `t`, and the fractions `t − i` (outside `[0, 1]` where
  /// `t` is outside the domain).
  @inline(__always)
  func cells(_ t: RGBBlock) -> (
    r: SIMD4<Int32>, g: SIMD4<Int32>, b: SIMD4<Int32>, fraction: RGBBlock
  ) {
    let r = Lanes.floorOfSmall(Lanes.clamp(t.r, 0, lastCell))
    let g = Lanes.floorOfSmall(Lanes.clamp(t.g, 0, lastCell))
    let b = Lanes.floorOfSmall(Lanes.clamp(t.b, 0, lastCell))
    let fraction = RGBBlock(
      r: t.r - SIMD4<Float>(r), g: t.g - SIMD4<Float>(g), b: t.b - SIMD4<Float>(b))
    return (r, g, b, fraction)
  }

  /// The cells and fractions of a block's inputs `x`: positions on the axis, clamped to the
  /// domain unless `Mode` extends linearly (the first step of every kernel).
  @inline(__always)
  func cells<Mode: ExtrapolationMode>(of x: RGBBlock, _: Mode.Type) -> (
    r: SIMD4<Int32>, g: SIMD4<Int32>, b: SIMD4<Int32>, fraction: RGBBlock
  ) {
    let t = positions(x)
    return cells(Mode.extendsLinearly ? t : clampedToDomain(t))
  }

  @inline(never)
  private func resolveNonFinite(_ x: RGBBlock, _ t: RGBBlock) -> RGBBlock {
    var resolved = t
    for lane in 0..<4 {
      if !x.r[lane].isFinite { resolved.r[lane] = x.r[lane] == .infinity ? last : 0 }
      if !x.g[lane].isFinite { resolved.g[lane] = x.g[lane] == .infinity ? last : 0 }
      if !x.b[lane].isFinite { resolved.b[lane] = x.b[lane] == .infinity ? last : 0 }
    }
    return resolved
  }
}
