import ColorMath
import CubeFormat
import CubeTestSupport
import EDRPipeline
import LUTEngine
import TestSupport
import Testing

/// Properties of the highlight policies (docs/semantics.md §4) and the PQ/HLG paths (§5).
@Suite struct PolicyPropertyTests {
  static let sdr = CubeSpace(.srgb, primaries: .rec709)

  /// EDR inputs: greys to 50, saturated and negative colours, highlights.
  static let inputs: [SIMD3<Float>] = {
    var v: [SIMD3<Float>] = []
    for m: Float in [0, 0.01, 0.18, 0.5, 0.999, 1, 1.001, 1.5, 3, 8, 20, 50] {
      v += [SIMD3(m, m, m), SIMD3(m, m * 0.4, m * 0.1), SIMD3(-0.05 * m, m * 0.7, m)]
    }
    v += [SIMD3(-0.2, 0.3, 0.1), SIMD3(12, -0.5, 3), SIMD3(0.2, 0.25, 4)]
    return v
  }()

  static func exposureCube(_ k: Double, size: Int) -> CubeLUT {
    TestCubes.table(size: size) { v in
      SIMD3(
        SRGB.encode(k * SRGB.decode(v.x)), SRGB.encode(k * SRGB.decode(v.y)),
        SRGB.encode(k * SRGB.decode(v.z)))
    }
  }

  @Test(
    arguments: [EDRPolicy.linear, .maxRGB, .toneScaledMaxRGB, .risingMaxRGB], Interpolation.allCases
  )
  func identityCubeIsReproducedForAllInputs(policy: EDRPolicy, interpolation: Interpolation) {
    let app = CubeApplication(
      lut: TestCubes.identity(size: 11), space: Self.sdr, interpolation: interpolation,
      policy: policy)
    for x in Self.inputs {
      let y = app.apply(x)
      for k in 0..<3 { expectClose(Double(y[k]), Double(x[k]), rel: 2e-5, abs: 1e-6, "\(x)") }
    }
  }

  @Test func identityCubeUnderClampPolicyIsIdentityInRangeAndClipsAtWhite() {
    let app = CubeApplication(lut: TestCubes.identity(size: 11), space: Self.sdr, policy: .clamp)
    for x in Self.inputs where x.min() >= 0 && x.max() <= 1 {
      let inRange = app.apply(x)
      for k in 0..<3 { expectClose(Double(inRange[k]), Double(x[k]), rel: 2e-5, abs: 1e-6) }
    }
    let y = app.apply(SIMD3(3, 0.5, -0.2))
    expectClose(Double(y.x), 1, rel: 1e-5)
    expectClose(Double(y.y), 0.5, rel: 1e-5)
    #expect(y.z == 0)
    // Extrapolation clamp means the clamp policy.
    let viaExtrapolation = CubeApplication(
      lut: TestCubes.identity(size: 11), space: Self.sdr, extrapolation: .clamp,
      policy: .toneScaledMaxRGB)
    #expect(viaExtrapolation.policy == .clamp && viaExtrapolation.apply(SIMD3(3, 0.5, -0.2)) == y)
  }

  /// Non-negative inputs: below the domain the cube's curved first cell (sRGB's linear
  /// toe) extrapolates away from `k·x` under every policy, a property of the cube.
  @Test(arguments: [EDRPolicy.linear, .maxRGB, .toneScaledMaxRGB, .risingMaxRGB])
  func exposureCubeIsReproduced(policy: EDRPolicy) {
    for k in [0.5, 2.0] {
      let app = CubeApplication(
        lut: Self.exposureCube(k, size: 33), space: Self.sdr, policy: policy)
      for x in Self.inputs where x.min() >= 0 {
        let y = app.apply(x)
        for c in 0..<3 {
          expectClose(Double(y[c]), k * Double(x[c]), rel: 1e-4, abs: 1e-4, "k \(k) \(x)")
        }
      }
    }
  }

  @Test(arguments: [EDRPolicy.maxRGB, .toneScaledMaxRGB, .risingMaxRGB])
  func saturationMatrixCubeIsReproduced(policy: EDRPolicy) {
    // Saturation 1.2 about Rec.709 luminance: rows sum to 1, greys are kept.
    let w = RGBPrimaries.rec709.luminanceWeights
    let s = 1.2
    func saturate(_ x: SIMD3<Double>) -> SIMD3<Double> {
      let y = (w * x).sum()
      return SIMD3(repeating: y) + s * (x - SIMD3(repeating: y))
    }
    let lut = TestCubes.table(size: 33) { v in
      let out = saturate(SIMD3(SRGB.decode(v.x), SRGB.decode(v.y), SRGB.decode(v.z)))
      return SIMD3(SRGB.encode(out.x), SRGB.encode(out.y), SRGB.encode(out.z))
    }
    let app = CubeApplication(lut: lut, space: Self.sdr, policy: policy)
    // maxrgb is exact up to the cube's in-domain error, and so is rising-maxrgb (the matrix
    // keeps greys, so k = 1 and h(m) = m). tone-scaled-maxrgb also needs
    // F(m, m, m) beyond the domain, whose linear extrapolation sums one-sided differences
    // of the white cell; the matrix is curved in sRGB-encoded terms off the grey axis, so
    // h(m) is about 0.8 % high at m = 50 on this 33³ cube (measured).
    let rel = policy == .toneScaledMaxRGB ? 1e-2 : 1e-3
    for x in Self.inputs where x.min() >= 0 && x.max() > 1 {
      let y = app.apply(x)
      let e = saturate(SIMD3<Double>(x))
      for c in 0..<3 {
        expectClose(Double(y[c]), e[c], rel: rel, abs: rel * Double(x.max()), "\(x)")
      }
    }
  }

  @Test(arguments: [EDRPolicy.maxRGB, .toneScaledMaxRGB, .risingMaxRGB], Interpolation.allCases)
  func highlightPoliciesAreContinuousAtMaxOne(policy: EDRPolicy, interpolation: Interpolation)
    throws
  {
    let lut = CubeLUT(try TestCubes.vector("sdr_look_11.cube"))
    let app = CubeApplication(
      lut: lut, space: Self.sdr, interpolation: interpolation, policy: policy)
    for ratio in [
      SIMD3<Float>(1, 1, 1), SIMD3(1, 0.4, 0.1), SIMD3(0.2, 1, 0.6), SIMD3(0.3, -0.1, 1),
    ] {
      let below = app.apply(ratio * (1 - 1e-4))
      let at = app.apply(ratio)
      let above = app.apply(ratio * (1 + 1e-4))
      for c in 0..<3 {
        #expect(abs(above[c] - at[c]) < 2e-3 && abs(at[c] - below[c]) < 2e-3, "\(ratio)")
      }
    }
  }

  @Test(arguments: EDRPolicy.allCases)
  func greysStayNeutralAndMonotonic(policy: EDRPolicy) throws {
    let lut = CubeLUT(try TestCubes.vector("sdr_look_11.cube"))
    let app = CubeApplication(lut: lut, space: Self.sdr, policy: policy)
    var previous = -Float.infinity
    for step in 0...400 {
      let m = Float(step) / 20  // 0 … 20
      let y = app.apply(SIMD3(repeating: m))
      let luminance = (SIMD3<Float>(RGBPrimaries.rec709.luminanceWeights) * y).sum()
      #expect(luminance >= previous - 1e-6, "\(policy) at \(m)")
      previous = luminance
    }
    if policy == .toneScaledMaxRGB || policy == .maxRGB || policy == .risingMaxRGB {
      // Beyond 1 the look's white balance is kept: the ratios of F(1, 1, 1).
      let white = app.apply(SIMD3(repeating: 1))
      let bright = app.apply(SIMD3(repeating: 7))
      for c in 0..<3 {
        expectClose(Double(bright[c] / bright.x), Double(white[c] / white.x), rel: 1e-5)
      }
    }
  }
}
