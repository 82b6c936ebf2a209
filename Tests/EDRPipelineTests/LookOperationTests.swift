import ColorMath
import CubeAuthoring
import CubeFormat
import EDRPipeline
import LUTEngine
import TestSupport
import Testing

/// The spaces and formulas of each look operation.
@Suite struct LookOperationTests {
  static func apply(_ op: LookOperation, _ x: SIMD3<Double>, space: CubeSpace = .fallback)
    -> SIMD3<Double>
  {
    LookChain(space: space, operations: [op]).apply(x)
  }

  @Test func exposureAndWhiteBalanceWorkInLinearLight() {
    let x = SIMD3(0.2, 0.5, 0.9)
    let doubled = Self.apply(.exposure(stops: 1), x)
    let gained = Self.apply(.whiteBalance(SIMD3(2, 1, 0.5)), x)
    for k in 0..<3 {
      expectClose(doubled[k], SRGB.encode(2 * SRGB.decode(x[k])), rel: 1e-12)
    }
    expectClose(gained.x, SRGB.encode(2 * SRGB.decode(x.x)), rel: 1e-12)
    expectClose(gained.y, x.y, rel: 1e-12)
    expectClose(gained.z, SRGB.encode(0.5 * SRGB.decode(x.z)), rel: 1e-12)
    // No clamp: EDR values above 1 keep growing.
    #expect(Self.apply(.exposure(stops: 2), SIMD3(repeating: 1.5)).x > 1.5)
  }

  @Test func contrastKeepsThePivotAndScalesAroundIt() {
    let pivot = SRGB.encode(0.18)
    let p = Self.apply(.contrast(1.5, pivot: 0.18), SIMD3(repeating: pivot))
    expectClose(p.x, pivot, abs: 1e-12)
    let v = Self.apply(.contrast(1.5, pivot: 0.18), SIMD3(repeating: pivot + 0.1))
    expectClose(v.x, pivot + 0.15, abs: 1e-12)
  }

  @Test func saturationKeepsLuminance() {
    let x = SIMD3(0.3, 0.6, 0.2)
    for space in [CubeSpace.fallback, CubeSpace(.linear, primaries: .rec2020)] {
      let codec = { (v: SIMD3<Double>) -> SIMD3<Double> in
        space.transfer == .srgb ? SIMD3(SRGB.decode(v.x), SRGB.decode(v.y), SRGB.decode(v.z)) : v
      }
      let w = space.primaries.primaries.luminanceWeights
      let before = (codec(x) * w).sum()
      let out = Self.apply(.saturation(1.7), x, space: space)
      expectClose((codec(out) * w).sum(), before, rel: 1e-12)
      let grey = Self.apply(.saturation(0), x, space: space)
      expectClose(codec(grey).x, codec(grey).z, rel: 1e-12)
    }
  }

  @Test func cdlFollowsV12WithoutClampingAbove() {
    let cdl = ASCCDL(
      slope: SIMD3(1.2, 1, 0.8), offset: SIMD3(0.05, -0.2, 0), power: SIMD3(1, 2, 0.5),
      saturation: 1)
    let out = cdl.apply(SIMD3(1.5, 0.1, 0.25))
    expectClose(out.x, 1.85, abs: 1e-12)  // 1.5·1.2 + 0.05, not clamped at 1
    expectClose(out.y, 0, abs: 1e-12)  // negative before the power: clamped to 0
    expectClose(out.z, 0.2.squareRoot(), abs: 1e-12)
    let grey = ASCCDL(saturation: 0).apply(SIMD3(0.2, 0.4, 0.6))
    let luma = 0.2126 * 0.2 + 0.7152 * 0.4 + 0.0722 * 0.6
    for k in 0..<3 { expectClose(grey[k], luma, abs: 1e-12) }
    #expect(ASCCDL().apply(SIMD3(0.3, 2, 0.7)) == SIMD3(0.3, 2, 0.7))
  }

  @Test func clipAndConvert() {
    #expect(Self.apply(.clip, SIMD3(-0.2, 0.5, 1.4)) == SIMD3(0, 0.5, 1))
    let pq = Self.apply(
      .convert(to: CubeSpace(.pq)), SIMD3(repeating: 1), space: CubeSpace(.linear))
    expectClose(pq.x, PQ.inverseEOTF(203.0), abs: 1e-9)
    let chain = LookChain(space: CubeSpace(.linear), operations: [.convert(to: CubeSpace(.pq))])
    #expect(chain.outputSpace == CubeSpace(.pq))
  }

  @Test func softClipIsSmoothAndStaysInRange() {
    let f = { (v: Double) in Self.apply(.softClip(knee: 0.8), SIMD3(repeating: v)).x }
    expectClose(f(0.5), 0.5, abs: 1e-15)  // unchanged between toe and knee
    for v in stride(from: -2.0, through: 4, by: 0.01) {
      let y = f(v)
      #expect(y > 0 && y < 1)
      #expect(f(v + 0.01) > y)  // increasing
    }
    // C¹ at the knee (0.8) and at the toe (0.04): one-sided slopes agree.
    for x in [0.8, 0.04] {
      let h = 1e-6
      let left = (f(x) - f(x - h)) / h
      let right = (f(x + h) - f(x)) / h
      expectClose(left, right, abs: 1e-4)
    }
  }

  @Test func coreImageColourSpaceNames() {
    #expect(CubeSpace(.pq).coreImageColorSpaceName == "itur_2100_PQ")
    #expect(CubeSpace(.hlg).coreImageColorSpaceName == "itur_2100_HLG")
    #expect(CubeSpace.fallback.coreImageColorSpaceName == "extendedSRGB")
    #expect(CubeSpace(.raw).coreImageColorSpaceName == nil)
  }
}
