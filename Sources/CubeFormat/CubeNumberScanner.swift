/// Scans `.cube` numbers, `[+-](digits[.digits]|.digits)[(e|E)[+-]digits]`, from bytes.
///
/// Short mantissas are converted exactly rounded in Float arithmetic: a mantissa ≤ 2²⁴ and a
/// power of ten ≤ 10¹⁰ are both exact Floats, so one IEEE division or multiplication rounds
/// once. Everything else goes through Swift's `Float(_: String)`, which is locale independent
/// and correctly rounded. Non-finite results (`1e39`) are rejected; the grammar excludes
/// `nan`, `inf` and hex floats before any conversion.
enum CubeNumberScanner {
  /// The longest token accepted as a number, in bytes (longer ones are hostile input).
  static let maximumTokenLength = 1024

  /// Exact powers of ten in Float: 10⁰ … 10¹⁰ (5¹⁰ < 2²⁴, so all are representable).
  private static let powersOfTen: [Float] = [
    1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
  ]

  /// Scans one number starting at `start` and returns its value and the index just after it,
  /// or `nil` when the bytes there do not begin with a valid, finite number.
  ///
  /// Only the number's own syntax is checked; the caller checks what follows it.
  @inline(__always)
  static func scan(_ p: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (
    value: Float, next: Int
  )? {
    var i = start
    var negative = false
    if i < end, p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") {
      negative = p[i] == UInt8(ascii: "-")
      i += 1
    }
    var digits = Digits()
    while i < end, p[i] &- 48 < 10 {
      digits.take(UInt64(p[i] &- 48))
      i += 1
    }
    if i < end, p[i] == UInt8(ascii: ".") {
      i += 1
      while i < end, p[i] &- 48 < 10 {
        digits.exponent -= 1
        digits.take(UInt64(p[i] &- 48))
        i += 1
      }
    }
    guard digits.sawDigit else { return nil }
    var exponent = digits.exponent + digits.pendingZeros
    let mantissa = digits.mantissa
    let exact = digits.exact
    if i < end, p[i] | 0x20 == UInt8(ascii: "e") {
      i += 1
      var exponentNegative = false
      if i < end, p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") {
        exponentNegative = p[i] == UInt8(ascii: "-")
        i += 1
      }
      var written = 0
      var sawExponentDigit = false
      while i < end, p[i] &- 48 < 10 {
        if written < 100_000 { written = written * 10 + Int(p[i] &- 48) }
        sawExponentDigit = true
        i += 1
      }
      guard sawExponentDigit else { return nil }
      exponent += exponentNegative ? -written : written
    }
    if i - start > maximumTokenLength { return nil }
    if exact, mantissa <= 1 << 24, exponent >= -10, exponent <= 10 {
      var value = Float(mantissa)
      if exponent < 0 {
        value /= powersOfTen[-exponent]
      } else {
        value *= powersOfTen[exponent]
      }
      return (negative ? -value : value, i)
    }
    if exact, mantissa == 0 { return (negative ? -0.0 : 0, i) }
    let text = String(decoding: UnsafeBufferPointer(rebasing: p[start..<i]), as: UTF8.self)
    guard let value = Float(text), value.isFinite else { return nil }
    return (value, i)
  }

  /// The significant digits of a number as an integer mantissa and a power of ten.
  private struct Digits {
    /// The digits so far, without leading and pending trailing zeros.
    var mantissa: UInt64 = 0
    /// The number of digits in `mantissa`.
    var count = 0
    /// Zeros after a non-zero digit, not yet multiplied in (they may be trailing).
    var pendingZeros = 0
    /// The power of ten `mantissa` is scaled by (before pending zeros).
    var exponent = 0
    /// Whether any digit was seen.
    var sawDigit = false
    /// False once the mantissa would need more than 19 digits.
    var exact = true

    @inline(__always)
    mutating func take(_ d: UInt64) {
      sawDigit = true
      if d == 0 {
        if mantissa != 0 { pendingZeros += 1 }
        return
      }
      if count + pendingZeros + 1 > 19 {
        exact = false
        return
      }
      while pendingZeros > 0 {
        mantissa &*= 10
        count += 1
        pendingZeros -= 1
      }
      mantissa = mantissa &* 10 &+ d
      count += 1
    }
  }
}
