extension RGBAPixels {
  /// Runs `body` on straight (un-premultiplied) colour, then premultiplies again (DESIGN §7).
  ///
  /// Where alpha > 0, RGB is divided by alpha before `body` and multiplied by it afterwards.
  /// Where alpha is 0, negative or NaN, `body` sees the stored RGB as it is and its result is
  /// kept without multiplication. Alpha values are never changed. Without alpha this is just
  /// `body(&values)`.
  /// - Parameter body: Transforms interleaved RGBA values in place (it must not change alpha).
  public mutating func withStraightColor(_ body: (inout [Float]) throws -> Void) rethrows {
    guard hasAlpha else { return try body(&values) }
    let count = width * height
    values.withUnsafeMutableBufferPointer { v in
      for i in 0..<count where v[i * 4 + 3] > 0 {
        let a = v[i * 4 + 3]
        for c in 0..<3 { v[i * 4 + c] /= a }
      }
    }
    try body(&values)
    values.withUnsafeMutableBufferPointer { v in
      for i in 0..<count where v[i * 4 + 3] > 0 {
        let a = v[i * 4 + 3]
        for c in 0..<3 { v[i * 4 + c] *= a }
      }
    }
  }
}
