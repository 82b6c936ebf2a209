/// IEEE 754 half-precision conversions (without `Float16`, which not every platform has).
public enum CLFHalf {
  /// The value of a half-float bit pattern.
  public static func double(_ bits: UInt16) -> Double {
    let sign: Double = bits & 0x8000 != 0 ? -1 : 1
    let exponent = Int((bits >> 10) & 0x1F)
    let mantissa = Double(bits & 0x3FF)
    switch exponent {
    case 0: return sign * mantissa * 0x1p-24
    case 31: return mantissa == 0 ? sign * .infinity : .nan
    default:
      return sign * (1 + mantissa / 1024)
        * Double(sign: .plus, exponent: exponent - 15, significand: 1)
    }
  }

  /// The half-float bit pattern nearest `value` (ties to even; overflow to infinity).
  public static func bits(_ value: Float) -> UInt16 {
    let f = value.bitPattern
    let sign = UInt16((f >> 16) & 0x8000)
    let magnitude = f & 0x7FFF_FFFF
    if magnitude >= 0x7F80_0000 {  // inf or nan
      return sign | (magnitude > 0x7F80_0000 ? 0x7E00 : 0x7C00)
    }
    if magnitude >= 0x477F_F000 { return sign | 0x7C00 }  // ≥ 65520: rounds to infinity
    if magnitude < 0x3880_0000 {  // below 2^-14: subnormal half (or zero)
      let shifted = Float(bitPattern: magnitude) * 0x1p24  // in half-subnormal units
      return sign | UInt16(shifted.rounded(.toNearestOrEven))
    }
    // Normal: rebias the exponent, round the mantissa from 23 to 10 bits.
    let rebased = magnitude - 0x3800_0000
    let rounded = rebased + 0x0FFF + ((rebased >> 13) & 1)
    return sign | UInt16(rounded >> 13)
  }
}
