import ColorMath
import Foundation
import TestSupport
import Testing

/// The `Float` log curves of the per-pixel path (``FastLogCurve``) against the exact `Double`
/// formulas on the log side: an encoding within 2e-6 relative (plus 1e-7 absolute, for the
/// signals that cross zero) of the exact one; a decoding whose exact encoding is within the
/// same of the signal, or within 2e-6 relative plus 1e-9 absolute of the exact decoding on the
/// linear side (the flat parts: ACEScc below 0, whose signals below the floor decode to tiny
/// negatives by a cancellation, Apple Log below R₀). Checked on every 4099th bit pattern of
/// `|x| ≤ 1e30` (linear) and `|y| ≤ 2` (signals), on both sides of every cut point, and on
/// colour-science's values (``LogCurveVectorTests``).
@Suite struct FastLogCurveTests {
  static let curves = TransferFunction.allCases.compactMap(FastLogCurve.curve)

  /// Every 4099th bit pattern of the floats in `[0, limit]`, both signs, and each curve's
  /// cut points with 64 floats on either side.
  static func inputs(upTo limit: Float, cuts: [Float]) -> [Float] {
    let positives = stride(from: UInt32(0), to: limit.bitPattern, by: 4099).map {
      Float(bitPattern: $0)
    }
    let near = cuts.flatMap { cut in
      var (below, above) = (cut, cut)
      return [cut]
        + (0..<64).flatMap { _ in
          below = below.nextDown
          above = above.nextUp
          return [below, above]
        }
    }
    return positives + positives.map { -$0 } + near + [limit, -limit]
  }

  @Test(arguments: curves)
  func encodingIsWithinTwoMillionthsOnTheLogSide(_ curve: FastLogCurve) {
    var worst = 0.0
    for x in Self.inputs(upTo: 1e30, cuts: Self.curves.map(\.encodeCut)) {
      let exact = curve.transfer.encode(Double(x))
      let error = abs(Double(curve.encode(x)) - exact) / (2e-6 * abs(exact) + 1e-7)
      if error > worst, error > 1 { Issue.record("\(curve.transfer) encode \(x)") }
      worst = max(worst, error)
    }
    #expect(worst <= 1, "\(curve.transfer): \(worst) of the tolerance")
  }

  @Test(arguments: curves)
  func decodingIsWithinTwoMillionthsOnTheLogSide(_ curve: FastLogCurve) {
    var failures = 0
    for y in Self.inputs(upTo: 2, cuts: Self.curves.map(\.decodeCut)) {
      let x = curve.decode(y)
      let exact = curve.transfer.decode(Double(y))
      let logSide =
        abs(curve.transfer.encode(Double(x)) - Double(y)) <= 2e-6 * abs(Double(y)) + 1e-7
      let linearSide = abs(Double(x) - exact) <= 2e-6 * abs(exact) + 1e-9
      if !logSide, !linearSide {
        failures += 1
        if failures <= 3 { Issue.record("\(curve.transfer) decode \(y): \(x), exact \(exact)") }
      }
    }
    #expect(failures == 0)
  }

  @Test(arguments: LogCurveVectorTests.vectors)
  func matchesColourScience(_ v: LogCurveVectorTests.Vector) throws {
    let curve = try #require(FastLogCurve.curve(v.curve))
    for (x, e) in zip(v.linear, v.encoded) {
      expectClose(Double(curve.encode(Float(x))), e, rel: 2e-6, abs: 1e-7, "\(v.curve) \(x)")
    }
    for (y, e) in zip(v.signals, v.decoded) {
      expectClose(Double(curve.decode(Float(y))), e, rel: 2e-5, abs: 1e-7, "\(v.curve) \(y)")
    }
  }

  /// NaN and ±∞ take the exact curve's `Float` result; signals past `e^88` decode to +∞.
  @Test(arguments: curves)
  func nonFiniteValuesKeepTheExactCurvesHandling(_ curve: FastLogCurve) {
    for v: Float in [.nan, .infinity, -.infinity] {
      let (encoded, decoded) = (curve.transfer.encode(v), curve.transfer.decode(v))
      #expect(curve.encode(v).bitPattern == encoded.bitPattern || encoded.isNaN)
      #expect(curve.encode(v).isNaN == encoded.isNaN)
      #expect(curve.decode(v).bitPattern == decoded.bitPattern || decoded.isNaN)
      #expect(curve.decode(v).isNaN == decoded.isNaN)
    }
    #expect(curve.decode(1e6) == .infinity)
  }
}
