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
  @inline(__always)
  private static func powerOfTen(_ k: Int) -> Float {
    switch k {
    case 0: return 1
    case 1: return 1e1
    case 2: return 1e2
    case 3: return 1e3
    case 4: return 1e4
    case 5: return 1e5
    case 6: return 1e6
    case 7: return 1e7
    case 8: return 1e8
    case 9: return 1e9
    default: return 1e10
    }
  }

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
    // Every digit goes into the mantissa (19 fit in a UInt64); more take the slow path.
    var mantissa: UInt64 = 0
    var count = 0
    while i < end, p[i] &- 48 < 10 {
      mantissa = mantissa &* 10 &+ UInt64(p[i] &- 48)
      count += 1
      i += 1
    }
    var exponent = 0
    if i < end, p[i] == UInt8(ascii: ".") {
      i += 1
      while i < end, p[i] &- 48 < 10 {
        mantissa = mantissa &* 10 &+ UInt64(p[i] &- 48)
        count += 1
        exponent -= 1
        i += 1
      }
    }
    guard count > 0 else { return nil }
    let exact = count <= 19
    if exact, mantissa > 1 << 24 {
      // Trailing zeros (`1.000000000`) need not leave the fast path.
      while mantissa % 10 == 0 {
        mantissa /= 10
        exponent += 1
      }
    }
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
        value /= powerOfTen(-exponent)
      } else {
        value *= powerOfTen(exponent)
      }
      return (negative ? -value : value, i)
    }
    if exact, mantissa == 0 { return (negative ? -0.0 : 0, i) }
    let text = String(decoding: UnsafeBufferPointer(rebasing: p[start..<i]), as: UTF8.self)
    guard let value = Float(text), value.isFinite else { return nil }
    return (value, i)
  }
}
