/// Canon Log 2 and Canon Log 3, version 1.2 (Canon Log gamma curves white paper, v1.2 of the
/// formulas), reflection input (divided by 0.9), normalised code values: log10 mirrored
/// around 0, Canon Log 3 with a linear segment between ±0.014. Each decoding is the exact
/// inverse of its encoding, segment by segment.
enum CanonLog2 {
  static let (a, b, c) = (0.241_360_77, 87.099_375_46, 0.092_864_125)

  static func encode<T: TransferScalar>(_ reflection: T) -> T {
    let x = reflection / T(0.9)
    return x < 0 ? T(c) - T(a) * T.log10(1 - x * T(b)) : T(a) * T.log10(x * T(b) + 1) + T(c)
  }

  static func decode<T: TransferScalar>(_ y: T) -> T {
    let x =
      y < T(c)
      ? -(T.power(10, (T(c) - y) / T(a)) - 1) / T(b) : (T.power(10, (y - T(c)) / T(a)) - 1) / T(b)
    return x * T(0.9)
  }
}

/// Canon Log 3 (see ``CanonLog2``).
enum CanonLog3 {
  static let (a, b) = (0.367_268_45, 14.983_25)
  static let (negativeOffset, positiveOffset) = (0.127_839_01, 0.122_405_37)
  static let (slope, intercept) = (1.975_479_8, 0.125_122_19)
  /// The signals between which the linear segment applies.
  static let (lowSignal, highSignal) = (0.097_465_473, 0.152_778_91)

  static func encode<T: TransferScalar>(_ reflection: T) -> T {
    let x = reflection / T(0.9)
    if x < T((lowSignal - intercept) / slope) {
      return T(negativeOffset) - T(a) * T.log10(1 - x * T(b))
    }
    if x <= T((highSignal - intercept) / slope) { return T(slope) * x + T(intercept) }
    return T(a) * T.log10(x * T(b) + 1) + T(positiveOffset)
  }

  static func decode<T: TransferScalar>(_ y: T) -> T {
    let x: T
    if y < T(lowSignal) {
      x = -(T.power(10, (T(negativeOffset) - y) / T(a)) - 1) / T(b)
    } else if y <= T(highSignal) {
      x = (y - T(intercept)) / T(slope)
    } else {
      x = (T.power(10, (y - T(positiveOffset)) / T(a)) - 1) / T(b)
    }
    return x * T(0.9)
  }
}
