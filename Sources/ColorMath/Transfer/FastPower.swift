#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `x^p` for a fixed exponent `p` in `Float`, several times faster than `powf`; with the
/// default 10 index bits within 1e-6 relative of the exact value for `|p| ≤ 2.4` (see the
/// tests, which check every 4099th bit pattern).
///
/// `x = 2^e · m` with `m ∈ [1, 2)` splits the power into `2^(e·p)`, read from a table of the
/// 254 normal exponents, and `m^p`, linearly interpolated in a table of 1025 samples over
/// `[1, 2]` (interpolation error `≤ |p(p − 1)|/8 · 4^−indexBits`). Both tables are computed in
/// `Double`. Zero, subnormal, negative, infinite and NaN inputs fall back to `powf`, so they
/// give exactly its results.
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
  /// `(1 + i/2^indexBits)^p` for `i = 0…2^indexBits`.
  @usableFromInline let mantissas: ProcessTable<Float>
  /// Leading mantissa bits used as the table index.
  @usableFromInline let indexBits: UInt32

  /// Creates the tables for `x^exponent` (for the life of the process: make one per
  /// exponent, as a static).
  /// - Parameters:
  ///   - exponent: `p`.
  ///   - indexBits: `1…16`; the mantissa table has `2^indexBits + 1` entries.
  init(exponent: Double, indexBits: Int = 10) {
    self.exponent = Float(exponent)
    self.indexBits = UInt32(min(max(indexBits, 1), 16))
    scales = ProcessTable((-126...127).map { Float(Double.power(2, Double($0) * exponent)) })
    let steps = 1 << self.indexBits
    mantissas = ProcessTable(
      (0...steps).map { Float(Double.power(1 + Double($0) / Double(steps), exponent)) })
  }

  /// `x^p` (inlinable, so per-pixel loops in other modules avoid a call).
  @inlinable @inline(__always)
  public func callAsFunction(_ x: Float) -> Float {
    let bits = x.bitPattern
    let field = Int(bits >> 23)  // the sign bit makes negative inputs ≥ 256
    guard field > 0, field < 255 else { return powf(x, exponent) }
    let fractionBits = 23 - indexBits
    let mantissa = bits & 0x7F_FFFF
    let i = Int(mantissa >> fractionBits)
    let t = Float(mantissa & ((1 << fractionBits) - 1)) * (1 / Float(1 << fractionBits))
    let low = mantissas[i]
    let high = mantissas[i + 1]
    return scales[field - 1] * (low + (high - low) * t)
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
