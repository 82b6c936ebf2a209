/// ACEScct (Academy S-2016-001): scene-linear AP1 ↔ ACEScct, log2 with a linear toe below
/// 2⁻⁷; unbounded, so the inverse is exact on the whole line.
enum ACEScct {
  static let linearBreak = 0.007_812_5
  static let signalBreak = 0.155_251_141_552_511
  static let slope = 10.540_237_741_654_5
  static let offset = 0.072_905_534_195_835_5

  static func encode<T: TransferScalar>(_ x: T) -> T {
    x <= T(linearBreak) ? T(slope) * x + T(offset) : (T.log2(x) + T(9.72)) / T(17.52)
  }

  static func decode<T: TransferScalar>(_ y: T) -> T {
    y <= T(signalBreak) ? (y - T(offset)) / T(slope) : T.exp2(y * T(17.52) - T(9.72))
  }
}

/// ACEScc (Academy S-2014-003): pure log2, with a half-slope toe below 2⁻¹⁵. Values below 0
/// all encode to the toe's floor `(−16 + 9.72) / 17.52`, which decodes to 0; the inverse is
/// exact for every `x ≥ 0`. The decoding is not capped at 65504 (half float's maximum).
enum ACEScc {
  static func encode<T: TransferScalar>(_ x: T) -> T {
    let lin = x < 0 ? T.exp2(-16) : (x < T.exp2(-15) ? T.exp2(-16) + x / 2 : x)
    return (T.log2(lin) + T(9.72)) / T(17.52)
  }

  static func decode<T: TransferScalar>(_ y: T) -> T {
    let lin = T.exp2(y * T(17.52) - T(9.72))
    return y < T((9.72 - 15) / 17.52) ? (lin - T.exp2(-16)) * 2 : lin
  }
}
