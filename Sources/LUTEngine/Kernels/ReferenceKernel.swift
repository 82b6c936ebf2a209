public import CubeFormat

/// The plain scalar implementation of docs/semantics.md §3, written for clarity. It is the oracle the
/// fast kernels are tested against; do not optimise it.
public enum ReferenceKernel {
  /// Position of `x` on a table axis of `n` nodes over `[lo, hi]`, as a continuous node index:
  /// `(x − lo)·s` with `s = (n − 1)/(hi − lo)` (docs/semantics.md §3's formula with the division done
  /// once per table; for the usual domain 0…1 the two agree bit for bit; see `positionScale`).
  ///
  /// Non-finite input maps to an edge and is flagged so that it is not extrapolated:
  /// NaN and −∞ to node 0, +∞ to node `n − 1`.
  @inlinable
  static func axisPosition(_ x: Float, lo: Float, hi: Float, n: Int) -> (t: Float, finite: Bool) {
    if x.isNaN || x == -.infinity { return (0, false) }
    if x == .infinity { return (Float(n - 1), false) }
    return ((x - lo) * positionScale(lo: lo, hi: hi, n: n), true)
  }

  /// `(n − 1)/(hi − lo)`, kept within the normal finite floats so that a finite input never
  /// gives a NaN position (`0·∞` for a domain narrower than `(n − 1)/Float.max`, `∞·0` for
  /// one wider than `Float.max`).
  @inlinable
  static func positionScale(lo: Float, hi: Float, n: Int) -> Float {
    min(max(Float(n - 1) / (hi - lo), .leastNormalMagnitude), .greatestFiniteMagnitude)
  }

  /// `clamp(floor(t), 0, n − 2)`. Clamped as a Float before the conversion, so a position far
  /// outside the domain (or an overflowed ±∞) cannot trap.
  static func cellIndex(_ t: Float, n: Int) -> Int {
    Int(min(max(t.rounded(.down), 0), Float(n - 2)))
  }

  /// Evaluates a 3D table at `x` (raw table-domain input).
  public static func evaluate(
    _ table: CubeTable3D, at x: SIMD3<Float>, interpolation: Interpolation,
    extrapolation: Extrapolation
  ) -> SIMD3<Float> {
    if extrapolation == .bounded {
      return evaluate(
        CubeLUT(lut3D: table), at: x, interpolation: interpolation, extrapolation: .bounded)
    }
    let n = table.size
    let last = Float(n - 1)
    var t = SIMD3<Float>()
    for k in 0..<3 {
      let p = axisPosition(x[k], lo: table.domainMin[k], hi: table.domainMax[k], n: n)
      t[k] = (extrapolation == .clamp || !p.finite) ? min(max(p.t, 0), last) : p.t
    }
    var i = SIMD3<Int>()
    var f = SIMD3<Float>()
    for k in 0..<3 {
      i[k] = cellIndex(t[k], n: n)
      f[k] = t[k] - Float(i[k])
    }
    func c(_ a: Int, _ b: Int, _ d: Int) -> SIMD3<Float> {
      table.node(r: i[0] + a, g: i[1] + b, b: i[2] + d)
    }
    switch interpolation {
    case .tetrahedral:
      // Fractions are deliberately not clamped: with linear extrapolation the tetrahedron
      // they pick is extended to first order (docs/semantics.md §3).
      return tetrahedral(f, c)
    case .trilinear:
      let fc = simd_clamp01(f)
      let delta = f - fc  // non-zero only outside the domain (linear extrapolation)
      let cell = trilinear(fc, c)
      guard delta != .zero else { return cell.value }
      let step = madd(delta[2], cell.db, madd(delta[1], cell.dg, delta[0] * cell.dr))
      return cell.value + step
    }
  }

  /// Evaluates a 1D table at `x`, per channel.
  public static func evaluate(
    _ table: CubeTable1D, at x: SIMD3<Float>, extrapolation: Extrapolation
  ) -> SIMD3<Float> {
    if extrapolation == .bounded {
      return evaluate(
        CubeLUT(lut1D: table), at: x, interpolation: .trilinear, extrapolation: .bounded)
    }
    let n = table.size
    var out = SIMD3<Float>()
    for k in 0..<3 {
      let p = axisPosition(x[k], lo: table.domainMin[k], hi: table.domainMax[k], n: n)
      let t = (extrapolation == .clamp || !p.finite) ? min(max(p.t, 0), Float(n - 1)) : p.t
      let i = cellIndex(t, n: n)
      let f = t - Float(i)
      let v0 = table.values[3 * i + k]
      let v1 = table.values[3 * (i + 1) + k]
      out[k] = v0 + f * (v1 - v0)
    }
    return out
  }

  /// Evaluates a whole `.cube` transform (video range in, 1D, 3D, video range out).
  ///
  /// Non-finite input is resolved at the first stage; later stages see finite values.
  /// `bounded` is ``BoundedExtension`` around the `linear` evaluation.
  public static func evaluate(
    _ lut: CubeLUT, at x: SIMD3<Float>, interpolation: Interpolation, extrapolation: Extrapolation
  ) -> SIMD3<Float> {
    if extrapolation == .bounded {
      let linear = { (v: SIMD3<Float>) in
        evaluate(lut, at: v, interpolation: interpolation, extrapolation: .linear)
      }
      return BoundedExtension(lut)?.evaluate(x, linear) ?? linear(x)
    }
    var v = x
    if lut.inputVideoRange { v = v * VideoRange.scale + VideoRange.offset }
    if let t1 = lut.lut1D { v = evaluate(t1, at: v, extrapolation: extrapolation) }
    if let t3 = lut.lut3D {
      v = evaluate(t3, at: v, interpolation: interpolation, extrapolation: extrapolation)
    }
    if lut.outputVideoRange { v = (v - VideoRange.offset) * VideoRange.inverseScale }
    return v
  }

  // MARK: - Cell formulas (docs/semantics.md §3, Tests/Fixtures/conformance/README.md §3.3)

  @inlinable
  static func simd_clamp01(_ f: SIMD3<Float>) -> SIMD3<Float> {
    SIMD3(min(max(f[0], 0), 1), min(max(f[1], 0), 1), min(max(f[2], 0), 1))
  }

  /// `f·d + a` rounded once (a fused multiply-add), per channel.
  static func madd(_ f: Float, _ d: SIMD3<Float>, _ a: SIMD3<Float>) -> SIMD3<Float> {
    a.addingProduct(f, d)
  }

  /// The trilinear function of one cell at fractions `f` and its partial derivatives there.
  ///
  /// Nested blends `a + f·(b − a)`, each rounded once (`madd(f, b − a, a)`): red, then green,
  /// then blue. The derivatives reuse the blends' differences: `∂b` is the last difference,
  /// `∂g` the green differences blended in blue, `∂r` the red differences blended in green
  /// then blue.
  static func trilinear(
    _ f: SIMD3<Float>, _ c: (Int, Int, Int) -> SIMD3<Float>
  ) -> (value: SIMD3<Float>, dr: SIMD3<Float>, dg: SIMD3<Float>, db: SIMD3<Float>) {
    let (r, g, b) = (f[0], f[1], f[2])
    let d00 = c(1, 0, 0) - c(0, 0, 0)
    let d10 = c(1, 1, 0) - c(0, 1, 0)
    let d01 = c(1, 0, 1) - c(0, 0, 1)
    let d11 = c(1, 1, 1) - c(0, 1, 1)
    let a00 = madd(r, d00, c(0, 0, 0))
    let a10 = madd(r, d10, c(0, 1, 0))
    let a01 = madd(r, d01, c(0, 0, 1))
    let a11 = madd(r, d11, c(0, 1, 1))
    let e0 = a10 - a00
    let e1 = a11 - a01
    let a0 = madd(g, e0, a00)
    let a1 = madd(g, e1, a01)
    let eb = a1 - a0
    let r0 = madd(g, d10 - d00, d00)
    let r1 = madd(g, d11 - d01, d01)
    return (madd(b, eb, a0), madd(b, r1 - r0, r0), madd(b, e1 - e0, e0), eb)
  }

  /// The tetrahedral function of one cell at fractions `f`, which may lie outside 0…1 under
  /// linear extrapolation.
  ///
  /// The order of the fractions picks one of six tetrahedra: corners `C000`, `A`, `B`,
  /// `C111` and the sorted fractions `w1 ≥ w2 ≥ w3`. With `wc = clamp(w, 0, 1)` the value
  /// inside the cell is `C000·(1 − wc1) + A·(wc1 − wc2) + B·(wc2 − wc3) + C111·wc3`; where
  /// `e = w − wc` is not zero, the tetrahedron's own first-order step is added:
  /// `e1·(A − C000) + e2·(B − A) + e3·(C111 − B)`. The same affine function as the blend at
  /// unclamped weights, but computed from small weights and node differences, so an affine
  /// cube (identity included) stays exact far outside the domain.
  static func tetrahedral(
    _ f: SIMD3<Float>, _ c: (Int, Int, Int) -> SIMD3<Float>
  ) -> SIMD3<Float> {
    let (r, g, b) = (f[0], f[1], f[2])
    // The two middle corners and the fractions, largest first.
    let a: SIMD3<Float>
    let bb: SIMD3<Float>
    let w: SIMD3<Float>
    if r > g {
      if g > b {
        (a, bb, w) = (c(1, 0, 0), c(1, 1, 0), SIMD3(r, g, b))
      } else if r > b {
        (a, bb, w) = (c(1, 0, 0), c(1, 0, 1), SIMD3(r, b, g))
      } else {
        (a, bb, w) = (c(0, 0, 1), c(1, 0, 1), SIMD3(b, r, g))
      }
    } else {
      if b > g {
        (a, bb, w) = (c(0, 0, 1), c(0, 1, 1), SIMD3(b, g, r))
      } else if b > r {
        (a, bb, w) = (c(0, 1, 0), c(0, 1, 1), SIMD3(g, b, r))
      } else {
        (a, bb, w) = (c(0, 1, 0), c(1, 1, 0), SIMD3(g, r, b))
      }
    }
    let c000 = c(0, 0, 0)
    let c111 = c(1, 1, 1)
    let wc = simd_clamp01(w)
    let w0: Float = 1 - wc[0]
    let w1: Float = wc[0] - wc[1]
    let w2: Float = wc[1] - wc[2]
    var value: SIMD3<Float> = c000 * w0 + a * w1
    value = value + bb * w2
    value = value + c111 * wc[2]
    let e: SIMD3<Float> = w - wc
    guard e != .zero else { return value }
    var step: SIMD3<Float> = (a - c000) * e[0] + (bb - a) * e[1]
    step = step + (c111 - bb) * e[2]
    return value + step
  }
}
