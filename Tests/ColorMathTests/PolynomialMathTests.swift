import ColorMath
import Foundation
import TestSupport
import Testing

/// The polynomial `e^x` and `ln x` the per-pixel curves use, against `Double`'s exact ones.
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

  @Test func logIsWithinTwoUlp() {
    var x: Float = 1e-37
    while x < 1e38 {
      let exact = Foundation.log(Double(x))
      expectClose(Double(PolynomialMath.log(x)), exact, rel: 2.5e-7, abs: 1e-7, "x \(x)")
      x *= 1.000_9
    }
    for x: Float in [0.999_999_9, 1, 1.000_000_1, 0.707_106_7, 0.707_106_8, 2, 0.5] {
      expectClose(Double(PolynomialMath.log(x)), Foundation.log(Double(x)), abs: 1.2e-7)
    }
    // Outside the polynomial's domain: logf's results.
    #expect(PolynomialMath.log(0) == -.infinity && PolynomialMath.log(.infinity) == .infinity)
    #expect(PolynomialMath.log(-1).isNaN && PolynomialMath.log(.nan).isNaN)
    let subnormal = Float.leastNormalMagnitude / 1000
    #expect(PolynomialMath.log(subnormal) == logf(subnormal))
  }
}
