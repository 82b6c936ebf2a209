extension CubeWriter {
  /// The most bytes one number takes (`-1.1754944e-38` is 14).
  static let maximumNumberLength = 15

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

  /// The shortest round-trip text of `x` (finite), as written in a `.cube` file.
  static func numberText(_ x: Float) -> String {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumNumberLength) { buffer in
      var n = 0
      if let base = buffer.baseAddress { appendNumber(x, to: base, at: &n) }
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<n]), as: UTF8.self)
    }
  }
}
