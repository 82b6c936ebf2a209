/// Kodak Cineon (the printing-density log of Cineon scans: 685 white, 95 black, 0.002
/// density per code value, 0.6 negative gamma): `(685 + 300·log₁₀(x·(1 − b) + b))/1023`,
/// `b = 10^((95 − 685)/300)` (colour-science's `log_encoding_Cineon`) for every signal from 0
/// up, continued below signal 0 (linear −0.0056) by its tangent there, so that every value
/// has a code and back (the logarithm alone ends at −b/(1 − b)).
enum Cineon {
  static let black = Double.power(10, (95.0 - 685) / 300)
  /// The linear value of signal 0.
  static let cut = (Double.power(10, -685.0 / 300) - black) / (1 - black)
  /// The curve's slope at `cut`.
  static let toeSlope =
    300 * (1 - black) / ((cut * (1 - black) + black) * 2.302_585_092_994_045_7 * 1023)

  static func encode<T: TransferScalar>(_ x: T) -> T {
    x < T(cut)
      ? T(toeSlope) * (x - T(cut))
      : (685 + 300 * T.log10(x * T(1 - black) + T(black))) / 1023
  }

  static func decode<T: TransferScalar>(_ y: T) -> T {
    y < 0
      ? y / T(toeSlope) + T(cut)
      : (T.power(10, (y * 1023 - 685) / 300) - T(black)) / T(1 - black)
  }
}

/// OpenColorIO's `AllocationTransform {allocation: lg2, vars: [min, max]}` with the range of
/// Blender's AgX Log and Filmic Log spaces, 10 stops below and 15 above mid grey:
/// `min = log₂(0.18) − 10`, `max = log₂(0.18) + 15` (−12.47393 and 12.5260688):
/// `(log₂ x − min)/(max − min)`. As in OpenColorIO, values below the smallest normal
/// `Float` (2⁻¹²⁶, negatives and 0 included) take its logarithm; the decoding is `2^(y·(max −
/// min) + min)` everywhere.
enum Lg2Allocation {
  static let (minimum, maximum) = (-12.473_93, 12.526_068_8)
  static let floor = Double(Float.leastNormalMagnitude)

  static func encode<T: TransferScalar>(_ x: T) -> T {
    let clamped = x.isNaN || x >= T(floor) ? x : T(floor)
    return (T.log2(clamped) - T(minimum)) / T(maximum - minimum)
  }

  static func decode<T: TransferScalar>(_ y: T) -> T {
    T.exp2(y * T(maximum - minimum) + T(minimum))
  }
}
