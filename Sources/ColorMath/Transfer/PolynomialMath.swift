#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `e^x` in `Float` from a fixed polynomial (Cephes' `expf`, within 2 ulp), written as plain
/// multiplies and adds in a fixed order with no fused multiply-adds, so that vector code can
/// evaluate exactly the same operations lane by lane (EDRCube's C chain does). The per-pixel
/// curves that need an exponential use it; their logarithm is ``FastLog``.
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
}
