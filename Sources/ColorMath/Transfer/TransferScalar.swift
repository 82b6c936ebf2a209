import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The elementary functions the transfer functions need, for `Float` and `Double`.
///
/// Internal: the public API offers concrete `Float` and `Double` overloads, and the generic
/// implementations are specialised inside this module.
protocol TransferScalar: BinaryFloatingPoint, SIMDScalar, Codable {
  /// `x` raised to `y`.
  static func power(_ x: Self, _ y: Self) -> Self
  /// Natural logarithm.
  static func ln(_ x: Self) -> Self
  /// Natural exponential.
  static func expo(_ x: Self) -> Self
  /// Base-10 logarithm.
  static func log10(_ x: Self) -> Self
  /// Base-2 logarithm.
  static func log2(_ x: Self) -> Self
  /// `2^x`.
  static func exp2(_ x: Self) -> Self
}

extension Float: TransferScalar {
  static func power(_ x: Float, _ y: Float) -> Float { powf(x, y) }
  static func ln(_ x: Float) -> Float { logf(x) }
  static func expo(_ x: Float) -> Float { expf(x) }
  static func log10(_ x: Float) -> Float { log10f(x) }
  static func log2(_ x: Float) -> Float { log2f(x) }
  static func exp2(_ x: Float) -> Float { exp2f(x) }
}

extension Double: TransferScalar {
  static func power(_ x: Double, _ y: Double) -> Double { pow(x, y) }
  static func ln(_ x: Double) -> Double { log(x) }
  static func expo(_ x: Double) -> Double { exp(x) }
  static func log10(_ x: Double) -> Double { Foundation.log10(x) }
  static func log2(_ x: Double) -> Double { Foundation.log2(x) }
  static func exp2(_ x: Double) -> Double { Foundation.exp2(x) }
}

/// `sign(x)·f(|x|)`: the sign mirror of the extended SDR transfer functions.
@inline(__always)
func signMirrored<T: BinaryFloatingPoint>(_ x: T, _ f: (T) -> T) -> T {
  x < 0 ? -f(-x) : f(x)
}
