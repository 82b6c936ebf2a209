#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A function `g` on `[1, 2)` as eight polynomials of degree 4, one per eighth: evaluated for
/// a `Float`'s mantissa `m = 1 + (j + t)/8`, the top 3 mantissa bits choose the eighth `j`,
/// the other 20 give `t ∈ [0, 1)`, and `c₄t⁴ + … + c₀` is evaluated by Horner's rule
/// (multiplications and additions in a fixed order, no fused multiply-adds). Each polynomial
/// interpolates `g` at the 5 Chebyshev nodes of its eighth, computed in `Double`; the
/// coefficients are rounded to `Float`. The mantissa part of ``FastPower`` and ``FastLog``;
/// vector code reads the eight polynomials from registers (a permute per coefficient) and
/// evaluates the same operations lane by lane.
@usableFromInline
struct MantissaPolynomials: Sendable {
  /// Coefficient `k` (of `t^k`) of eighth `j`'s polynomial at index `8k + j`, `k = 0…4`.
  @usableFromInline let coefficients: ProcessTable<Float>

  /// The polynomials of `g` (for the life of the process: made once per function, by a
  /// static's initialiser).
  init(_ g: (Double) -> Double) {
    let polynomials = (0..<8).map { eighth in
      Self.interpolatingPolynomial(degree: 4) { g(1 + (Double(eighth) + $0) / 8) }
    }
    coefficients = ProcessTable((0...4).flatMap { k in polynomials.map { Float($0[k]) } })
  }

  /// The coefficients (of `t^0` first) of the polynomial of `degree` that takes the values of
  /// `f` at the `degree + 1` Chebyshev nodes of `[0, 1]`: Newton's divided differences,
  /// expanded into powers of `t`.
  static func interpolatingPolynomial(degree: Int, _ f: (Double) -> Double) -> [Double] {
    let n = degree + 1
    let nodes = (0..<n).map { 0.5 - 0.5 * cos(Double(2 * $0 + 1) * .pi / Double(2 * n)) }
    var differences = nodes.map(f)
    for level in 1..<n {
      for i in stride(from: n - 1, through: level, by: -1) {
        differences[i] = (differences[i] - differences[i - 1]) / (nodes[i] - nodes[i - level])
      }
    }
    // p(t) = d₀ + (t − x₀)(d₁ + (t − x₁)(d₂ + …)), expanded from the innermost factor out.
    var coefficients = [differences[n - 1]]
    for i in stride(from: n - 2, through: 0, by: -1) {
      var product = [0] + coefficients  // t · q(t)
      for k in 0..<coefficients.count { product[k] -= nodes[i] * coefficients[k] }
      product[0] += differences[i]
      coefficients = product
    }
    return coefficients
  }

  /// `g` at the mantissa of the float with these bits (its sign and exponent are ignored).
  @inlinable @inline(__always)
  func callAsFunction(mantissaOf bits: UInt32) -> Float {
    let eighth = Int((bits >> 20) & 7)
    let t = Float(bits & 0xF_FFFF) * (1 / Float(1 << 20))
    var q = coefficients[32 + eighth]
    q = q * t + coefficients[24 + eighth]
    q = q * t + coefficients[16 + eighth]
    q = q * t + coefficients[8 + eighth]
    return q * t + coefficients[eighth]
  }
}
