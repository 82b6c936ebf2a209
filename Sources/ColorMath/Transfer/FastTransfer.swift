/// Table-driven `Float` versions of the SDR transfer functions for per-pixel work, within
/// 2e-6 relative (plus 1e-9 absolute) of the exact functions over the whole `Float` line
/// (checked in the tests). Same formulas, same sign mirror and breakpoints as ``SRGB`` and
/// ``BT1886``; only the powers come from ``FastPower``.
public struct FastSDRTransfer: Sendable {
  @usableFromInline let encodePower: FastPower
  @usableFromInline let decodePower: FastPower
  @usableFromInline let isSRGB: Bool

  /// The sRGB transfer function (``SRGB``).
  public static let sRGB = FastSDRTransfer(isSRGB: true)
  /// The pure 2.4 power (``BT1886``).
  public static let bt1886 = FastSDRTransfer(isSRGB: false)

  private init(isSRGB: Bool) {
    self.isSRGB = isSRGB
    encodePower = FastPower(exponent: 1 / 2.4)
    decodePower = FastPower(exponent: 2.4)
  }

  /// Linear → encoded.
  @inlinable @inline(__always)
  public func encode(_ linear: Float) -> Float {
    Self.mirrored(linear) { l in
      guard isSRGB else { return encodePower(l) }
      return l <= 0.003_130_8 ? 12.92 * l : 1.055 * encodePower(l) - 0.055
    }
  }

  /// Encoded → linear.
  @inlinable @inline(__always)
  public func decode(_ encoded: Float) -> Float {
    Self.mirrored(encoded) { v in
      guard isSRGB else { return decodePower(v) }
      return v <= 0.040_45 ? v / 12.92 : decodePower((v + 0.055) / 1.055)
    }
  }

  /// `x < 0 ? −f(−x) : f(x)`, the sign mirror of the exact functions.
  @inlinable @inline(__always)
  static func mirrored(_ x: Float, _ f: (Float) -> Float) -> Float {
    x < 0 ? -f(-x) : f(x)
  }
}
