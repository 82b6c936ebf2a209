/// Fujifilm F-Log and F-Log2 (F-Log / F-Log2 data sheets): log10 with a linear toe below
/// `cut`, reflection input (0.18 = mid grey), full-range code values / 1023. The two share a
/// form and differ in their constants.
struct FujiLog: Sendable {
  let cut: Double, a: Double, b: Double, c: Double, d: Double, e: Double, f: Double

  /// F-Log.
  static let flog = FujiLog(
    cut: 0.000_89, a: 0.555_556, b: 0.009_468, c: 0.344_676, d: 0.790_453, e: 8.735_631,
    f: 0.092_864)
  /// F-Log2.
  static let flog2 = FujiLog(
    cut: 0.000_889, a: 5.555_556, b: 0.064_829, c: 0.245_281, d: 0.384_316, e: 8.799_461,
    f: 0.092_864)

  func encode<T: TransferScalar>(_ x: T) -> T {
    x < T(cut) ? T(e) * x + T(f) : T(c) * T.log10(T(a) * x + T(b)) + T(d)
  }

  func decode<T: TransferScalar>(_ y: T) -> T {
    y < T(e * cut + f) ? (y - T(f)) / T(e) : (T.power(10, (y - T(d)) / T(c)) - T(b)) / T(a)
  }
}

/// Sony S-Log2 (S-Log2 technical summary): S-Log of `x·155/219`, reflection input (divided by
/// 0.9), a line of slope 5 below 0, then mapped to legal range (`y·876/1023 + 64/1023`), as
/// colour-science's defaults.
enum SLog2 {
  static let toeOffset = 0.030_001_222_851_889_303
  static let scale = 155.0 / 219 / 0.9

  static func encode<T: TransferScalar>(_ x: T) -> T {
    let t = x * T(scale)
    let y = t >= 0 ? T(0.432_699) * T.log10(t + T(0.037_584)) + T(0.646_596) : t * 5 + T(toeOffset)
    return (y * 876 + 64) / 1023
  }

  static func decode<T: TransferScalar>(_ v: T) -> T {
    let y = (v * 1023 - 64) / 876
    let t =
      y >= T(toeOffset)
      ? T.power(10, (y - T(0.646_596)) / T(0.432_699)) - T(0.037_584) : (y - T(toeOffset)) / 5
    return t / T(scale)
  }
}

/// Blackmagic Film Generation 5 (Blackmagic Generation 5 Color Science): natural log with a
/// linear toe below 0.005.
enum BMDFilmGen5 {
  static let (a, b, c, d, e, cut) = (
    0.086_928_760_654_912_24, 0.005_494_072_432_257_808, 0.530_013_339_229_193_9,
    8.283_605_932_402_494, 0.092_465_753_424_657_53, 0.005
  )

  static func encode<T: TransferScalar>(_ x: T) -> T {
    x < T(cut) ? T(d) * x + T(e) : T(a) * T.ln(x + T(b)) + T(c)
  }

  static func decode<T: TransferScalar>(_ y: T) -> T {
    y < T(d * cut + e) ? (y - T(e)) / T(d) : T.expo((y - T(c)) / T(a)) - T(b)
  }
}

/// DJI D-Log (DJI D-Log / D-Gamut white paper): log10 with a linear toe below 0.0078. The
/// decoding is the encoding's exact inverse (the white paper's, and colour-science's, rounds
/// its constants to 3.89616 and 2.27752, about 1e-6 away).
enum DJIDLog {
  static let (cut, slope, offset) = (0.0078, 6.025, 0.0929)
  static let (a, b, c, d) = (0.9892, 0.0108, 0.256_663, 0.584_555)

  static func encode<T: TransferScalar>(_ x: T) -> T {
    x <= T(cut) ? T(slope) * x + T(offset) : T.log10(x * T(a) + T(b)) * T(c) + T(d)
  }

  static func decode<T: TransferScalar>(_ y: T) -> T {
    y <= T(slope * cut + offset)
      ? (y - T(offset)) / T(slope) : (T.power(10, (y - T(d)) / T(c)) - T(b)) / T(a)
  }
}
