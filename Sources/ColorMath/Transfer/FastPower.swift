#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `x^p` for a fixed exponent `p` in `Float`, several times faster than `powf`, within 1e-6
/// relative of the exact value for the exponents the pipeline uses (about 1e-7 for
/// `|p| ≤ 2.4`, 7e-7 for PQ's `1/m1 ≈ 6.28`; see the tests, which check every 4099th bit
/// pattern).
///
/// `x = 2^e · m` with `m ∈ [1, 2)` splits the power into `2^(e·p)`, read from a table of the
/// 254 normal exponents, and `m^p`, a polynomial of degree 4 in each eighth of `[1, 2)`: the
/// mantissa's top 3 bits choose the eighth, the other 20 give `t ∈ [0, 1)` across it, and
/// `c₄t⁴ + … + c₀` is evaluated by Horner's rule (multiplications and additions, no fused
/// multiply-adds). The coefficients interpolate `(1 + (j + t)/8)^p` at the 5 Chebyshev nodes
/// of each eighth, computed in `Double`. No table of mantissa samples: vector code reads the
/// eight polynomials from registers (a permute per coefficient) instead of gathering samples.
/// Zero, subnormal, negative, infinite and NaN inputs fall back to `powf`, so they give
/// exactly its results.
///
/// The tables live as long as the process and are reached through plain pointers, so copying
/// or calling a `FastPower` never touches reference counts (arrays would cost a retain and a
/// release per call across modules, several times the lookup). Instances are therefore only
/// made once, as statics: ``FastSDRTransfer`` and ``FastPQ`` hold the ones the pipeline uses.
public struct FastPower: Sendable {
  /// The exponent `p`.
  public let exponent: Float
  /// `2^(e·p)` for the normal exponents `e = −126…127` (index `e + 126`).
  @usableFromInline let scales: ProcessTable<Float>
  /// Coefficient `k` (of `t^k`) of eighth `j`'s polynomial at index `8k + j`, `k = 0…4`.
  @usableFromInline let coefficients: ProcessTable<Float>

  /// Creates the tables for `x^exponent` (for the life of the process: make one per
  /// exponent, as a static).
  init(exponent: Double) {
    self.exponent = Float(exponent)
    scales = ProcessTable((-126...127).map { Float(Double.power(2, Double($0) * exponent)) })
    let polynomials = (0..<8).map { eighth in
      Self.interpolatingPolynomial(degree: 4) {
        Double.power(1 + (Double(eighth) + $0) / 8, exponent)
      }
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

  /// `x^p` (inlinable, so per-pixel loops in other modules avoid a call).
  @inlinable @inline(__always)
  public func callAsFunction(_ x: Float) -> Float {
    let bits = x.bitPattern
    let field = Int(bits >> 23)  // the sign bit makes negative inputs ≥ 256
    guard field > 0, field < 255 else { return powf(x, exponent) }
    let eighth = Int((bits >> 20) & 7)
    let t = Float(bits & 0xF_FFFF) * (1 / Float(1 << 20))
    var q = coefficients[32 + eighth]
    q = q * t + coefficients[24 + eighth]
    q = q * t + coefficients[16 + eighth]
    q = q * t + coefficients[8 + eighth]
    q = q * t + coefficients[eighth]
    return scales[field - 1] * q
  }
}

/// A read-only table allocated once and kept for the life of the process (never freed: it
/// stays reachable from the static that owns it), read without reference counting.
@usableFromInline
struct ProcessTable<Element>: @unchecked Sendable {
  @usableFromInline let base: UnsafePointer<Element>

  /// Copies `values` into the table.
  init(_ values: [Element]) {
    let storage = UnsafeMutablePointer<Element>.allocate(capacity: max(values.count, 1))
    storage.initialize(from: values, count: values.count)
    base = UnsafePointer(storage)
  }

  /// Element `i` (the caller keeps `i` in range).
  @inlinable @inline(__always)
  subscript(_ i: Int) -> Element { base[i] }
}
