import ColorMath
import Foundation
import TestSupport
import Testing

/// The polynomial `e^x` the per-pixel curves use, against `Double`'s exact one.
@Suite struct PolynomialMathTests {
  @Test func expIsWithinTwoUlp() {
    var x: Float = -87
    while x <= 88 {
      expectClose(Double(PolynomialMath.exp(x)), Foundation.exp(Double(x)), rel: 2.5e-7, "x \(x)")
      x += 0.003_7
    }
    #expect(PolynomialMath.exp(0) == 1)
    #expect(PolynomialMath.exp(-1e9) == PolynomialMath.exp(-87))
  }
}
