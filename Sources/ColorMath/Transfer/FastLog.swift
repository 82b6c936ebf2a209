#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `ln x` in `Float` for per-pixel work: `x = 2^e · m` with `m ∈ [1, 2)` gives
/// `e · ln 2 + ln m`, `ln m` a quartic per eighth of `[1, 2)` (`MantissaPolynomials`), so
/// vector code evaluates it with permutes instead of a long polynomial. Within 5e-8 absolute
/// plus 2.5e-7 relative of `ln x` for every positive normal `x` (the tests check every 4099th
/// bit pattern): absolute near `x = 1`, where `ln x` is near 0 and the sum cancels. Zero,
/// subnormal, negative, infinite and NaN inputs give `logf`'s result. The camera and ACES log
/// curves (``FastLogCurve``) and the HLG OETF (``FastHLG``) use it.
public struct FastLog: Sendable {
  /// The one instance (its table lives for the process).
  public static let natural = FastLog()

  /// `ln m` on `[1, 2)`.
  @usableFromInline let mantissaLog: MantissaPolynomials

  private init() { mantissaLog = MantissaPolynomials { Double.ln($0) } }

  /// `ln 2` rounded to `Float`.
  @usableFromInline static let ln2: Float = 0.693_147_18

  /// `ln x`.
  @inlinable @inline(__always)
  public func callAsFunction(_ x: Float) -> Float {
    let bits = x.bitPattern
    let field = Int32(bitPattern: bits >> 23)  // the sign bit makes negative inputs ≥ 256
    guard field > 0, field < 255 else { return logf(x) }
    return Float(field - 127) * Self.ln2 + mantissaLog(mantissaOf: bits)
  }
}
