import ColorMath
import TestSupport
import Testing

/// Round trips, monotonicity, sign mirroring and non-finite input of the transfer functions.
@Suite struct TransferFunctionPropertyTests {
  /// 0 … 1 in 1/1024 steps.
  static let unit = (0...1024).map { Double($0) / 1024 }

  @Test(arguments: TransferFunction.allCases)
  func roundTripAndMonotonic(_ tf: TransferFunction) {
    let scale = tf == .pq ? 10000.0 : 1
    var previous = -Double.infinity
    for u in Self.unit {
      let x = u * scale
      let e = tf.encode(x)
      #expect(e >= previous, "\(tf) not monotonic at \(x)")
      previous = e
      // PQ loses relative precision below PQ(0); compare absolutely there.
      expectClose(tf.decode(e), x, rel: 1e-9, abs: tf == .pq ? 1e-9 : 1e-12, "\(tf) at \(x)")
      let f = Double(tf.decode(tf.encode(Float(x))))
      expectClose(f, x, rel: 2e-5, abs: tf == .pq ? 1e-5 : 1e-7, "\(tf) Float at \(x)")
    }
  }

  @Test func extendedSDRTransfersMirrorAndGrow() {
    for x in [0.002, 0.5, 1, 4, 49.26] {
      #expect(SRGB.encode(-x) == -SRGB.encode(x))
      #expect(BT1886.decode(-x) == -BT1886.decode(x))
    }
    #expect(SRGB.encode(4.0) > 1.8 && BT1886.encode(4.0) > 1.7)
    // The IEC 61966-2-1 constants leave a 2.8e-8 step at the linear/power junction.
    expectClose(SRGB.encode(0.003_130_8), SRGB.encode(0.003_130_800_1), abs: 5e-8)
  }

  @Test func nonFiniteInputPropagatesNaN() {
    for tf in TransferFunction.allCases where tf != .linear {
      #expect(tf.encode(Double.nan).isNaN, "\(tf)")
      #expect(tf.decode(Float.nan).isNaN, "\(tf)")
    }
  }

  @Test func pqBlackAndClipping() {
    #expect(PQ.eotf(7e-7) == 0 && PQ.eotf(-1.0) == 0)
    #expect(PQ.eotf(7.4e-7) > 0)
    #expect(PQ.inverseEOTF(-5.0) == PQ.inverseEOTF(0.0))
    expectClose(PQ.eotf(1.0), 10000, rel: 1e-12)
  }

  @Test func hlgOutOfDomainInput() {
    #expect(HLG.oetf(-0.5) == 0 && HLG.inverseOETF(-0.5) == 0)
    #expect(HLG.ootf(SIMD3<Double>(-1, -1, -1), peak: 1000) == .zero)
    // Above 1 the OETF keeps growing (log branch), and the inverse undoes it.
    expectClose(HLG.inverseOETF(HLG.oetf(4.0)), 4, rel: 1e-12)
  }

  @Test func hlgEOTFInverts() {
    for s in stride(from: 0.0, through: 1, by: 1.0 / 64) {
      let v = SIMD3(s, s * 0.5, 1 - s)
      let back = HLG.inverseEOTF(HLG.eotf(v, peak: 1000, black: 0.01), peak: 1000, black: 0.01)
      // Signals whose luminance is 0 have no defined inverse; skip pure black.
      if HLG.eotf(v).max() > 0 {
        for k in 0..<3 { expectClose(back[k], v[k], abs: 1e-9, "signal \(v)") }
      }
    }
  }
}
