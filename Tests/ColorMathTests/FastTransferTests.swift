import Foundation
import Testing

@testable import ColorMath

/// The table-driven `Float` transfer functions against the exact ones over their domains.
@Suite struct FastTransferTests {
  /// Every 4099th bit pattern of the non-negative floats (about 520 000 values, every octave),
  /// plus the specials.
  static let positives: [Float] =
    stride(from: UInt32(0), to: 0x7F80_0000, by: 4099).map { Float(bitPattern: $0) }
    + [
      0, .leastNonzeroMagnitude, .leastNormalMagnitude, 1, 2, .greatestFiniteMagnitude, .infinity,
      .nan,
    ]

  /// The largest `|fast − exact| / (|exact| + floor)` over `inputs` where the exact value is a
  /// finite normal `Float`, and whether NaN, infinity and sign agree everywhere.
  static func worst(
    _ inputs: [Float], floor: Double = 0, fast: (Float) -> Float, exact: (Double) -> Double
  ) -> (error: Double, agrees: Bool) {
    var error = 0.0
    var agrees = true
    for x in inputs {
      let f = fast(x)
      let e = exact(Double(x))
      if e.isNaN || f.isNaN {
        agrees = agrees && e.isNaN == f.isNaN
        continue
      }
      let magnitude = abs(e)
      guard magnitude < 1e37 else {
        agrees = agrees && (f.isInfinite || abs(f) > 1e36) && (f < 0) == (e < 0)
        continue
      }
      guard magnitude > 1e-36 || floor > 0 else { continue }
      error = max(error, abs(Double(f) - e) / (magnitude + floor))
    }
    return (error, agrees)
  }

  /// Powers with the exponents the pipeline uses, made once (their tables live for the
  /// process, like the pipeline's statics).
  static let powers = [1 / 2.4, 2.4, 1 / PQ.m2, 1 / PQ.m1].map {
    (exponent: $0, power: FastPower(exponent: $0))
  }

  @Test(arguments: 0..<4)
  func powerIsWithinAMillionthOfPow(index: Int) {
    let (exponent, power) = Self.powers[index]
    let result = Self.worst(Self.positives, fast: power.callAsFunction) {
      Foundation.pow($0, exponent)
    }
    #expect(result.error < 1e-6)
    #expect(result.agrees)
    #expect(power(-1).isNaN && power(0) == 0 && power(.infinity) == .infinity)
  }

  /// FastLog: within 5e-8 absolute plus 2.5e-7 relative of `ln x` over every octave (the
  /// absolute part near 1, where `e·ln 2 + ln m` cancels; the relative part far from 1, where
  /// the sum rounds), and exactly `logf` outside the positive normals.
  @Test func logIsWithinFiveHundredMillionthsOfLn() {
    let ln = FastLog.natural
    let finite = Self.positives.filter { $0 >= .leastNormalMagnitude && $0.isFinite }
    let nearOne = (-64...64).map { Float(bitPattern: UInt32(Int(Float(1).bitPattern) + $0)) }
    let worst = (finite + nearOne).map { x -> Double in
      let exact = Foundation.log(Double(x))
      return abs(Double(ln(x)) - exact) / (5e-8 + 2.5e-7 * abs(exact))
    }.max()
    #expect(worst ?? 2 <= 1)
    let subnormal = Float.leastNormalMagnitude / 1000
    #expect(ln(0) == -.infinity && ln(.infinity) == .infinity && ln(subnormal) == logf(subnormal))
    #expect(ln(-1).isNaN && ln(.nan).isNaN)
  }

  @Test func sdrTransfersMatchTheExactOnesOnTheWholeLine() {
    let inputs = Self.positives + Self.positives.map { -$0 }
    let cases: [(FastSDRTransfer, (Double) -> Double, (Double) -> Double)] = [
      (.sRGB, SRGB.encode, SRGB.decode), (.bt1886, BT1886.encode, BT1886.decode),
    ]
    for (fast, encode, decode) in cases {
      let encoded = Self.worst(inputs, floor: 1e-9 / 2e-6, fast: fast.encode, exact: encode)
      let decoded = Self.worst(inputs, floor: 1e-9 / 2e-6, fast: fast.decode, exact: decode)
      #expect(encoded.error < 2e-6 && encoded.agrees)
      #expect(decoded.error < 2e-6 && decoded.agrees)
    }
    #expect(FastSDRTransfer.sRGB.encode(-0.0).sign == .minus)
    #expect(FastSDRTransfer.sRGB.encode(0.002) == SRGB.encode(Float(0.002)))
  }

  @Test func pqInverseMatchesTheDoubleCurveFromZeroToTenThousandNits() {
    let nits = Self.positives.filter { $0 <= 10000 } + [10000, -1, -.infinity]
    let result = Self.worst(nits, floor: 1e-9 / 2e-6, fast: FastPQ.shared.inverseEOTF) {
      PQ.inverseEOTF($0)
    }
    #expect(result.error < 2e-6)
    #expect(result.agrees)
  }

  @Test func pqEOTFMatchesTheDoubleCurveOnSignals() {
    let signals = Self.positives.filter { $0 <= 1 } + [1, -0.5]
    let result = Self.worst(signals, floor: 1e-6 / 5e-6, fast: FastPQ.shared.eotf) {
      PQ.eotf($0)
    }
    #expect(result.error < 5e-6)
    #expect(result.agrees)
    #expect(FastPQ.shared.eotf(1e-7) == 0)
  }
}
