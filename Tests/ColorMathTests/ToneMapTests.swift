import ColorMath
import Foundation
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

  /// Inputs 0…1e6 (log-spaced, plus the peaks): no curve exceeds its target.
  static let sweep: [Double] =
    [0, 1, 4, 10000.0 / 203, 1000, 10000]
    + stride(from: -4.0, through: 6, by: 0.01).map { pow(10, $0) }

  @Test func reinhardHoldsAtTheTargetAboveTheInputPeak() {
    let (i, o) = (10000.0 / 203, 4.0)
    let curve = MaxRGBReinhard(inputPeak: i, outputPeak: o)
    var previous = 0.0
    for m in Self.sweep.sorted() {
      let y = curve.apply(SIMD3(m, m / 2, 0))
      #expect(y.x <= o, "m = \(m): \(y.x)")
      #expect(y.x >= previous * (1 - 1e-15))
      expectClose(y.y / max(y.x, .leastNormalMagnitude), m > 0 ? 0.5 : 0, abs: 1e-12)
      previous = y.x
    }
    // Above the input peak: exactly the target. Below it: the documented formula
    // (x·(1 + a·m)/(1 + b·m), values from Python with a = o/i², b = 1/o).
    #expect(curve.apply(SIMD3(100.0, 100, 100)).x == 4)
    #expect(curve.apply(SIMD3(1e6, 0, 0)).x == 4)
    expectClose(curve.apply(SIMD3(1.0, 1, 1)).x, 0.801318688, rel: 1e-9)
    expectClose(curve.apply(SIMD3(10.0, 0, 0)).x, 2.904238857142857, rel: 1e-12)
    expectClose(curve.apply(SIMD3(49.0, 0, 0)).x, 3.99680848, rel: 1e-12)
  }

  /// The `knee` curve: identity to out/2, extended Reinhard above (values from Python).
  @Test func kneeKeepsWhiteAndHoldsTheTarget() {
    let curve = MaxRGBKnee(inputPeak: 10000.0 / 203, outputPeak: 2)
    #expect(curve.knee == 1 && curve.map(1) == 1 && curve.map(0.18) == 0.18)
    expectClose(curve.map(2), 1.5002146722281857, rel: 1e-12)
    expectClose(curve.map(10), 1.9034776900966104, rel: 1e-12)
    expectClose(curve.map(40), 1.9913258229535324, rel: 1e-12)
    #expect(curve.map(10000.0 / 203) == 2 && curve.map(1e6) == 2)
    var previous = 0.0
    for m in Self.sweep.sorted() {
      let y = curve.map(m)
      #expect(y <= 2 && y >= previous, "m = \(m): \(y)")
      previous = y
    }
    // Slope 1 at the knee, on both sides.
    expectClose((curve.map(1 + 1e-7) - 1) / 1e-7, 1, abs: 1e-6)
    let rgb = curve.apply(SIMD3(10.0, 5, 0))
    expectClose(rgb.y / rgb.x, 0.5, rel: 1e-12)
    #expect(!MaxRGBKnee(inputPeak: 2, outputPeak: 4).isActive)
  }

  @Test func bt2390NeverExceedsTheTarget() {
    let eetf = BT2390EETF(sourcePeak: 10000, targetPeak: 812)
    for nits in Self.sweep.map({ $0 * 203 }) {
      #expect(eetf.map(nits) <= 812 * (1 + 1e-12), "\(nits) cd/m²")
    }
    // Diffuse white (203 cd/m²) and below are kept within 1 % at a target of 4× white.
    for nits in [1.0, 20, 100, 203] { expectClose(eetf.map(nits), nits, rel: 0.01) }
  }

  /// rising-maxrgb's highlight scale (docs/semantics.md §4): values from Python,
  /// `m − (1 − k)(1 − exp(1 − m))`.
  @Test func highlightContinuationRisesFromTheLooksSlope() {
    let flat = HighlightContinuation(slopeAtWhite: 0)
    expectClose(flat.scale(2), 1.3678794411714423, rel: 1e-15)
    expectClose(flat.scale(4.9), 3.920241911445805, rel: 1e-15)
    expectClose(flat.scale(64), 63, rel: 1e-15)
    #expect(flat.scale(0.5) == 0.5 && flat.scale(1) == 1)
    // k = 1 is maxRGB exactly; a negative slope counts as 0.
    let unit = HighlightContinuation(slopeAtWhite: 1)
    for m in [1.5, 7, 1000] { #expect(unit.scale(m) == m) }
    #expect(HighlightContinuation(slopeAtWhite: -3).slopeAtWhite == 0)
    // Strictly increasing and slope k at white, for flat, shallow and steep looks.
    for k in [0.0, 0.3, 2.5] {
      let h = HighlightContinuation(slopeAtWhite: k)
      let e = 1e-6
      expectClose((h.scale(1 + e) - 1) / e, k, abs: 1e-5)
      var previous = 1.0
      for m in stride(from: 1.01, through: 64, by: 0.01) {
        #expect(h.scale(m) > previous)
        previous = h.scale(m)
      }
    }
  }

  /// The Float h(m) the pixel paths use (a polynomial e^x, no Double): the Python values
  /// above, and within 1e-6 relative of the Double formula from white to 1e30.
  @Test func floatHighlightScaleFollowsTheDoubleOne() {
    let flat = HighlightContinuation(slopeAtWhite: 0)
    expectClose(Double(flat.scale(float: 2)), 1.3678794411714423, rel: 1e-7)
    expectClose(Double(flat.scale(float: 4.9)), 3.920241911445805, rel: 1e-7)
    #expect(flat.scale(float: 0.5) == 0.5 && flat.scale(float: 1) == 1)
    for k in [0.0, 0.3, 1, 2.5] {
      let h = HighlightContinuation(slopeAtWhite: k)
      var m: Float = 1.000_000_1
      while m < 1e30 {
        expectClose(Double(h.scale(float: m)), h.scale(Double(m)), rel: 1e-6, "k \(k), m \(m)")
        m *= 1.001_3
      }
    }
  }
}
