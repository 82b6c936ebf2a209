import ColorMath
import TestSupport
import Testing

/// The maxRGB Reinhard curve and the BT.2390 EETF (docs/semantics.md §5).
@Suite struct ToneMapTests {
  @Test func reinhardMapsPeakToPeakAndKeepsHue() {
    let curve = MaxRGBReinhard(inputPeak: 10000.0 / 203, outputPeak: 1000.0 / 203)
    let peak = curve.apply(SIMD3(10000.0 / 203, 5000.0 / 203, 0))
    expectClose(peak.x, 1000.0 / 203, rel: 1e-12)
    expectClose(peak.y / peak.x, 0.5, rel: 1e-12)
    // Near black the curve is almost the identity; it is monotonic in m.
    expectClose(curve.apply(SIMD3(0.001, 0.001, 0.001)).x, 0.001, rel: 1e-3)
    var previous = 0.0
    for m in stride(from: 0.0, through: 60, by: 0.25) {
      let y = curve.apply(SIMD3(m, 0, 0)).x
      #expect(y >= previous)
      previous = y
    }
    // Formula check: x·(1 + a·m)/(1 + b·m).
    let (i, o) = (10000.0 / 203, 1000.0 / 203)
    let x = SIMD3(3.0, 2, 1)
    expectClose(curve.apply(x).y, 2 * (1 + o / (i * i) * 3) / (1 + 3 / o), rel: 1e-12)
    let f = curve.apply(SIMD3<Float>(3, 2, 1))
    expectClose(Double(f.y), curve.apply(x).y, rel: 1e-6)
  }

  @Test func reinhardIsIdentityWhenNotCompressing() {
    let curve = MaxRGBReinhard(inputPeak: 2, outputPeak: 4)
    #expect(!curve.isActive)
    #expect(curve.apply(SIMD3(3.0, -1, 0.5)) == SIMD3(3.0, -1, 0.5))
  }

  @Test func bt2390KneeMapsSourcePeakToTargetPeak() {
    let eetf = BT2390EETF(sourcePeak: 4000, targetPeak: 1000)
    expectClose(eetf.map(4000), 1000, rel: 1e-9)
    expectClose(eetf.map(100), 100, rel: 1e-9)  // below the knee: unchanged
    expectClose(eetf.map(8000), 1000, rel: 1e-9)  // above the source peak: the peak
    var previous = 0.0
    for nits in stride(from: 0.0, through: 4000, by: 10) {
      let y = eetf.map(nits)
      #expect(y >= previous && y <= 1000 * (1 + 1e-9))
      previous = y
    }
    let rgb = eetf.apply(SIMD3(4000.0, 2000, 0))
    expectClose(rgb.x, 1000, rel: 1e-9)
    expectClose(rgb.y, 500, rel: 1e-9)
  }
}
