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
/// 254 normal exponents, and `m^p`, a quartic per eighth of `[1, 2)`
/// (`MantissaPolynomials`): no table of mantissa samples, so vector code reads everything
/// it needs for the common exponents from registers instead of gathering. Zero, subnormal,
/// negative, infinite and NaN inputs fall back to `powf`, so they give exactly its results.
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
  /// `m^p` on `[1, 2)`.
  @usableFromInline let mantissaPower: MantissaPolynomials

  /// Creates the tables for `x^exponent` (for the life of the process: make one per
  /// exponent, as a static).
  init(exponent: Double) {
    self.exponent = Float(exponent)
    scales = ProcessTable((-126...127).map { Float(Double.power(2, Double($0) * exponent)) })
    mantissaPower = MantissaPolynomials { Double.power($0, exponent) }
  }

  /// `x^p` (inlinable, so per-pixel loops in other modules avoid a call).
  @inlinable @inline(__always)
  public func callAsFunction(_ x: Float) -> Float {
    let bits = x.bitPattern
    let field = Int(bits >> 23)  // the sign bit makes negative inputs ≥ 256
    guard field > 0, field < 255 else { return powf(x, exponent) }
    return scales[field - 1] * mantissaPower(mantissaOf: bits)
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
