/// How one output channel moves along the neutral axis (grey input from the domain minimum
/// to the maximum).
public enum CubeMonotonicity: String, Sendable, Hashable, Codable, CaseIterable {
  /// Never falls and rises somewhere (flat runs allowed).
  case increasing
  /// Never rises and falls somewhere (flat runs allowed).
  case decreasing
  /// The same value at every node.
  case constant
  /// Rises somewhere and falls somewhere else.
  case nonMonotonic = "non-monotonic"

  /// The direction of `values`, read in order.
  init(_ values: some Sequence<Float>) {
    var rises = false
    var falls = false
    var previous: Float?
    for v in values {
      if let p = previous {
        if v > p { rises = true }
        if v < p { falls = true }
      }
      previous = v
    }
    switch (rises, falls) {
    case (true, true): self = .nonMonotonic
    case (true, false): self = .increasing
    case (false, true): self = .decreasing
    case (false, false): self = .constant
    }
  }

  /// The direction of `outer ∘ self` for two stages of one channel.
  func then(_ outer: CubeMonotonicity) -> CubeMonotonicity {
    if self == .nonMonotonic || outer == .nonMonotonic { return .nonMonotonic }
    if self == .constant || outer == .constant { return .constant }
    return self == outer ? .increasing : .decreasing
  }
}

/// Facts about a cube file's tables, for `inspect`.
public struct CubeAnalysis: Sendable, Hashable {
  /// The smallest output value per channel: the last stage's table values (after the
  /// `LUT_OUT_VIDEO_RANGE` mapping when the file has it).
  public var outputMin: SIMD3<Float>
  /// The largest output value per channel, like ``outputMin``.
  public var outputMax: SIMD3<Float>
  /// Whether every stage is within the identity tolerance (``CubeFile/identityTolerance``,
  /// or one unit in the last decimal the file prints, up to ``CubeFile/printedIdentityLimit``;
  /// relative to its domain's magnitude) of the identity over its domain, and the video-range
  /// flags cancel.
  public var isIdentity: Bool
  /// Per channel (r, g, b): along the neutral axis (the 1D rows, the 3D diagonal nodes
  /// `(i, i, i)`; both stages of a shaper file, composed per channel).
  public var monotonicity: [CubeMonotonicity]
}

extension CubeFile {
  /// The identity check's tolerance: 1e-6 times the largest domain bound magnitude (≥ 1).
  public static let identityTolerance: Float = 1e-6

  /// The loosest tolerance a file's printed precision may give the identity check: 1e-4,
  /// under half a 12-bit code value.
  public static let printedIdentityLimit: Float = 1e-4

  /// The identity check's tolerance for a table printed with `decimals` digits after the
  /// point: one unit in that last place (a writer that computes in Float and rounds may be one
  /// unit off; Resolve's 6-decimal files are), at least ``identityTolerance`` and at most
  /// ``printedIdentityLimit``, plus the rounding of a Float near 1.
  public static func identityTolerance(printedDecimals decimals: Int) -> Float {
    var unit: Float = decimals > 0 ? 1 : 0
    for _ in 0..<min(decimals, 12) { unit /= 10 }
    return max(identityTolerance, min(unit, printedIdentityLimit)) + 2 * Float.ulpOfOne
  }

  /// Output range, identity and neutral-axis monotonicity of the file's tables.
  /// - Parameter printedDecimals: the most digits after the point the file prints on a row
  ///   (``CubeSyntaxSurvey/fractionDigits``); 0 when unknown, which keeps
  ///   ``identityTolerance``.
  /// - Complexity: O(n) in the number of table values.
  public func analyze(printedDecimals: Int = 0) -> CubeAnalysis {
    let tolerance =
      printedDecimals > 0
      ? Self.identityTolerance(printedDecimals: printedDecimals) : Self.identityTolerance
    let last = lut3D?.values ?? lut1D?.values ?? []
    var lo = SIMD3<Float>(repeating: .infinity)
    var hi = SIMD3<Float>(repeating: -.infinity)
    var i = 0
    while i + 2 < last.count {
      let v = SIMD3(last[i], last[i + 1], last[i + 2])
      lo = pointwiseMin(lo, v)
      hi = pointwiseMax(hi, v)
      i += 3
    }
    if last.isEmpty {
      lo = .zero
      hi = .zero
    }
    if outputVideoRange {
      lo = (lo - 64.0 / 1023) * (1023.0 / 876)
      hi = (hi - 64.0 / 1023) * (1023.0 / 876)
    }
    let identity =
      inputVideoRange == outputVideoRange
      && (lut1D.map { Self.isIdentity($0, tolerance) } ?? true)
      && (lut3D.map { Self.isIdentity($0, tolerance) } ?? true)
    var monotonicity: [CubeMonotonicity] = []
    for c in 0..<3 {
      let shaper = lut1D.map { t in CubeMonotonicity((0..<t.size).lazy.map { t.values[3 * $0 + c] })
      }
      let cube = lut3D.map { t in
        CubeMonotonicity((0..<t.size).lazy.map { t.values[3 * t.index(r: $0, g: $0, b: $0) + c] })
      }
      switch (shaper, cube) {
      case (let s?, let q?): monotonicity.append(s.then(q))
      case (let s?, nil): monotonicity.append(s)
      case (nil, let q?): monotonicity.append(q)
      case (nil, nil): monotonicity.append(.constant)
      }
    }
    return CubeAnalysis(
      outputMin: lo, outputMax: hi, isIdentity: identity, monotonicity: monotonicity)
  }

  private static func tolerance(_ base: Float, _ lo: SIMD3<Float>, _ hi: SIMD3<Float>) -> Float {
    base * max(1, max(magnitude(lo).max(), magnitude(hi).max()))
  }

  private static func magnitude(_ v: SIMD3<Float>) -> SIMD3<Float> { pointwiseMax(v, -v) }

  private static func expected(_ i: Int, of n: Int, _ lo: Float, _ hi: Float) -> Float {
    lo + Float(i) / Float(n - 1) * (hi - lo)
  }

  private static func isIdentity(_ t: CubeTable1D, _ base: Float) -> Bool {
    let tol = tolerance(base, t.domainMin, t.domainMax)
    for i in 0..<t.size {
      for c in 0..<3 {
        let want = expected(i, of: t.size, t.domainMin[c], t.domainMax[c])
        if abs(t.values[3 * i + c] - want) > tol { return false }
      }
    }
    return true
  }

  private static func isIdentity(_ t: CubeTable3D, _ base: Float) -> Bool {
    let tol = tolerance(base, t.domainMin, t.domainMax)
    var k = 0
    for b in 0..<t.size {
      for g in 0..<t.size {
        for r in 0..<t.size {
          let step = SIMD3(Float(r), Float(g), Float(b)) / Float(t.size - 1)
          let want = t.domainMin + step * (t.domainMax - t.domainMin)
          let got = SIMD3(t.values[k], t.values[k + 1], t.values[k + 2])
          if magnitude(got - want).max() > tol { return false }
          k += 3
        }
      }
    }
    return true
  }
}
