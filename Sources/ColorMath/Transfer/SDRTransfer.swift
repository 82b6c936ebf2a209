/// The sRGB transfer function of IEC 61966-2-1, extended: sign-mirrored and unbounded.
///
/// Linear and encoded values are relative (1 = white) and may lie anywhere on the real line:
/// `f(x) = sign(x)·f(|x|)`. Encoding: `12.92·L` for `L ≤ 0.0031308`, else
/// `1.055·L^(1/2.4) − 0.055`; decoding: `V / 12.92` for `V ≤ 0.04045`, else
/// `((V + 0.055) / 1.055)^2.4`.
public enum SRGB {
  /// Linear → encoded (inverse EOTF).
  public static func encode(_ linear: Double) -> Double { encodeGeneric(linear) }
  /// Linear → encoded in `Float`.
  public static func encode(_ linear: Float) -> Float { encodeGeneric(linear) }
  /// Encoded → linear (EOTF).
  public static func decode(_ encoded: Double) -> Double { decodeGeneric(encoded) }
  /// Encoded → linear in `Float`.
  public static func decode(_ encoded: Float) -> Float { decodeGeneric(encoded) }

  static func encodeGeneric<T: TransferScalar>(_ x: T) -> T {
    signMirrored(x) { l in
      l <= T(0.003_130_8) ? 12.92 * l : T(1.055) * T.power(l, 1 / 2.4) - T(0.055)
    }
  }

  static func decodeGeneric<T: TransferScalar>(_ x: T) -> T {
    signMirrored(x) { v in
      v <= T(0.040_45) ? v / 12.92 : T.power((v + T(0.055)) / T(1.055), 2.4)
    }
  }
}

/// ITU-R BT.1886 display and the pure 2.4 power of the `bt1886` cube space.
public enum BT1886 {
  /// Linear → encoded, `sign(x)·|x|^(1/2.4)` (relative values, unbounded).
  public static func encode(_ linear: Double) -> Double { encodeGeneric(linear) }
  /// Linear → encoded in `Float`.
  public static func encode(_ linear: Float) -> Float { encodeGeneric(linear) }
  /// Encoded → linear, `sign(V)·|V|^2.4` (relative values, unbounded).
  public static func decode(_ encoded: Double) -> Double { decodeGeneric(encoded) }
  /// Encoded → linear in `Float`.
  public static func decode(_ encoded: Float) -> Float { decodeGeneric(encoded) }

  /// The BT.1886 reference EOTF (Annex 1): signal `V` `[0, 1]` → luminance in cd/m².
  ///
  /// `L = a·max(V + b, 0)^2.4` with `a = (Lw^(1/2.4) − Lb^(1/2.4))^2.4` and
  /// `b = Lb^(1/2.4) / (Lw^(1/2.4) − Lb^(1/2.4))`.
  /// - Parameters:
  ///   - signal: `V`, nominally `[0, 1]`.
  ///   - white: screen luminance for white `Lw`, cd/m².
  ///   - black: screen luminance for black `Lb`, cd/m².
  public static func eotf(_ signal: Double, white: Double, black: Double) -> Double {
    let lw = Double.power(white, 1 / 2.4)
    let lb = Double.power(black, 1 / 2.4)
    let a = Double.power(lw - lb, 2.4)
    let b = lb / (lw - lb)
    return a * Double.power(max(signal + b, 0), 2.4)
  }

  static func encodeGeneric<T: TransferScalar>(_ x: T) -> T {
    signMirrored(x) { T.power($0, 1 / 2.4) }
  }

  static func decodeGeneric<T: TransferScalar>(_ x: T) -> T {
    signMirrored(x) { T.power($0, 2.4) }
  }
}

/// The ITU-R BT.709 camera OETF: scene linear `[0, 1]` → signal `[0, 1]`.
///
/// `4.5·L` for `L < 0.018`, else `1.099·L^0.45 − 0.099`.
public enum BT709 {
  /// The OETF, defined for `L ≥ 0` (negative input gives `4.5·L`).
  public static func oetf(_ linear: Double) -> Double {
    linear < 0.018 ? 4.5 * linear : 1.099 * Double.power(linear, 0.45) - 0.099
  }
}
