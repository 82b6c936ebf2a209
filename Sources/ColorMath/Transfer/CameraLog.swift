/// ARRI LogC3 (ALEXA Log C curve, SUP 3.x, EI 800, scene-linear exposure factor): a log10
/// curve with a linear segment below `cut`. The inverse switches at `e·cut + f`.
enum LogC3 {
  static let (cut, a, b, c, d, e, f) = (
    0.010_591, 5.555_556, 0.052_272, 0.247_190, 0.385_537, 5.367_655, 0.092_809
  )

  static func encode<T: TransferScalar>(_ x: T) -> T {
    x > T(cut) ? T(c) * T.log10(T(a) * x + T(b)) + T(d) : T(e) * x + T(f)
  }

  static func decode<T: TransferScalar>(_ y: T) -> T {
    y > T(e * cut + f) ? (T.power(10, (y - T(d)) / T(c)) - T(b)) / T(a) : (y - T(f)) / T(e)
  }
}

/// ARRI LogC4 (ALEXA 35 LogC4 specification): log2 above `t`, a tangent line below.
enum LogC4 {
  static let a = (pow2(18) - 16) / 117.45
  static let b = (1023.0 - 95) / 1023
  static let c = 95.0 / 1023
  static let s = (7 * 0.693_147_180_559_945_3 * pow2(7 - 14 * c / b)) / (a * b)
  static let t = (pow2(14 * (-c / b) + 6) - 64) / a

  static func encode<T: TransferScalar>(_ x: T) -> T {
    x >= T(t) ? (T.log2(T(a) * x + 64) - 6) / 14 * T(b) + T(c) : (x - T(t)) / T(s)
  }

  static func decode<T: TransferScalar>(_ y: T) -> T {
    y >= 0 ? (T.exp2(14 * (y - T(c)) / T(b) + 6) - 64) / T(a) : y * T(s) + T(t)
  }

  private static func pow2(_ x: Double) -> Double { Double.exp2(x) }
}

/// Sony S-Log3 (S-Log3 / S-Gamut3 technical summary), reflection input (0.18 = mid grey),
/// full-range code values / 1023.
enum SLog3 {
  static func encode<T: TransferScalar>(_ x: T) -> T {
    x >= T(0.011_25)
      ? (420 + T.log10((x + T(0.01)) / T(0.19)) * T(261.5)) / 1023
      : (x * T((171.210_294_692_9 - 95) / 0.011_25) + 95) / 1023
  }

  static func decode<T: TransferScalar>(_ y: T) -> T {
    y >= T(171.210_294_692_9 / 1023)
      ? T.power(10, (y * 1023 - 420) / T(261.5)) * T(0.19) - T(0.01)
      : (y * 1023 - 95) * T(0.011_25 / (171.210_294_692_9 - 95))
  }
}

/// Panasonic V-Log (V-Log/V-Gamut reference manual), reflection input.
enum VLog {
  static let (b, c, d) = (0.008_73, 0.241_514, 0.598_206)

  static func encode<T: TransferScalar>(_ x: T) -> T {
    x < T(0.01) ? T(5.6) * x + T(0.125) : T(c) * T.log10(x + T(b)) + T(d)
  }

  static func decode<T: TransferScalar>(_ y: T) -> T {
    y < T(0.181) ? (y - T(0.125)) / T(5.6) : T.power(10, (y - T(d)) / T(c)) - T(b)
  }
}

/// RED Log3G10 version 3 (RED white paper on REDWideGamutRGB and Log3G10): log10 of
/// `x + 0.01`, a line of slope 15.1927 below `x = −0.01`.
enum Log3G10 {
  static let (a, b, c, g) = (0.224_282, 155.975_327, 0.01, 15.1927)

  static func encode<T: TransferScalar>(_ x: T) -> T {
    let shifted = x + T(c)
    return shifted < 0 ? shifted * T(g) : T(a) * T.log10(shifted * T(b) + 1)
  }

  static func decode<T: TransferScalar>(_ y: T) -> T {
    y < 0 ? y / T(g) - T(c) : (T.power(10, y / T(a)) - 1) / T(b) - T(c)
  }
}
