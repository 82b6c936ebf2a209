extension CubeWriter {
  /// Room reserved per number: Swift's shortest form is at most 15 bytes (sign, 9 digits,
  /// point, `e`, exponent sign, 2 digits: `-1.31121385e-36`, measured over 51 million
  /// Floats of every exponent), and the rewriting below only shortens it; one byte spare.
  static let maximumNumberLength = 16

  /// Writes the shortest decimal that reads back as exactly `x` at `out[n]` and advances `n`.
  ///
  /// Swift's `description` is the shortest round-trip form; it is rewritten into `.cube`
  /// number syntax and made shorter: `1.0` → `1`, `1e-05` → `1e-5`, `1e+16` → `1e16`.
  /// `x` must be finite (the writer checks before writing).
  @inline(__always)
  static func appendNumber(_ x: Float, to out: UnsafeMutablePointer<UInt8>, at n: inout Int) {
    var text = x.description
    text.withUTF8 { u in
      var exponentStart = u.count
      for k in 0..<u.count where u[k] == UInt8(ascii: "e") {
        exponentStart = k
        break
      }
      var mantissaEnd = exponentStart
      if mantissaEnd >= 2, u[mantissaEnd - 2] == UInt8(ascii: "."),
        u[mantissaEnd - 1] == UInt8(ascii: "0")
      {
        mantissaEnd -= 2
      }
      for k in 0..<mantissaEnd {
        out[n] = u[k]
        n += 1
      }
      guard exponentStart < u.count else { return }
      out[n] = UInt8(ascii: "e")
      n += 1
      var k = exponentStart + 1
      if u[k] == UInt8(ascii: "-") {
        out[n] = UInt8(ascii: "-")
        n += 1
        k += 1
      } else if u[k] == UInt8(ascii: "+") {
        k += 1
      }
      while k < u.count - 1, u[k] == UInt8(ascii: "0") { k += 1 }
      while k < u.count {
        out[n] = u[k]
        n += 1
        k += 1
      }
    }
  }

  /// The shortest decimal text that reads back as exactly `x`, in `.cube` number syntax
  /// (`1`, `0.09375`, `-0.5`, `1e-5`); `nan`, `inf` and `-inf` for non-finite values (which a
  /// `.cube` file cannot hold, but command output can).
  public static func numberText(_ x: Float) -> String {
    guard x.isFinite else { return x.isNaN ? "nan" : (x < 0 ? "-inf" : "inf") }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumNumberLength) { buffer in
      var n = 0
      if let base = buffer.baseAddress { appendNumber(x, to: base, at: &n) }
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<n]), as: UTF8.self)
    }
  }
}
