#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `e^x` and `ln x` in `Float` from fixed polynomials (Cephes' `expf` and `logf`, within
/// 2 ulp), written as plain multiplies and adds in a fixed order with no fused multiply-adds,
/// so that vector code can evaluate exactly the same operations lane by lane (EDRCube's C
/// chain does). The per-pixel curves that need an exponential or a logarithm use these.
public enum PolynomialMath {
  /// `e^x`, with `x` clamped to `[−87, 88]` (below, `e^x < 2⁻¹²⁵`); Cody–Waite reduction by
  /// `n = round(x/ln 2)`, a polynomial on `|r| ≤ ln 2 / 2`, scaled by `2^n`. NaN is not
  /// expected (the callers pass finite values).
  public static func exp(_ x: Float) -> Float {
    let x = min(max(x, -87), 88)
    let shift: Float = 12_582_912  // 1.5·2²³: adding and subtracting it rounds to an integer
    let n = (x * 1.442_695_040_888_963_41 + shift) - shift
    var r = x - n * 0.693_359_375
    r = r - n * -2.121_944_40e-4
    var p: Float = 1.987_569_150_0e-4
    p = p * r + 1.398_199_950_7e-3
    p = p * r + 8.333_451_907_3e-3
    p = p * r + 4.166_579_589_4e-2
    p = p * r + 1.666_666_545_9e-1
    p = p * r + 5.000_000_120_1e-1
    let y = (p * (r * r) + r) + 1
    return y * Float(bitPattern: UInt32(Int32(n) + 127) << 23)
  }

  /// `ln x` for positive normal finite `x`: `x = 2^e·m` with `m ∈ [√½, √2)`, a polynomial in
  /// `m − 1`, plus `e·ln 2` in two parts. Other inputs (zero, subnormal, negative, ∞, NaN)
  /// give `logf`'s result.
  public static func log(_ x: Float) -> Float {
    let bits = x.bitPattern
    let field = Int32(bitPattern: bits >> 23)
    guard field > 0, field < 255 else { return logf(x) }
    var e = Float(field - 126)
    var m = Float(bitPattern: (bits & 0x7F_FFFF) | 0x3F00_0000)  // [0.5, 1)
    if m < 0.707_106_781_186_547_524 {
      e = e - 1
      m = m + m - 1
    } else {
      m = m - 1
    }
    let z = m * m
    var y: Float = 7.037_683_629_2e-2
    y = y * m - 1.151_461_031_0e-1
    y = y * m + 1.167_699_874_0e-1
    y = y * m - 1.242_014_084_6e-1
    y = y * m + 1.424_932_278_7e-1
    y = y * m - 1.666_805_766_5e-1
    y = y * m + 2.000_071_476_5e-1
    y = y * m - 2.499_999_399_3e-1
    y = y * m + 3.333_333_117_4e-1
    y = y * m * z
    y = y + -2.121_944_40e-4 * e
    y = y + -0.5 * z
    return (m + y) + 0.693_359_375 * e
  }
}
