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
    values.withUnsafeMutableBufferPointer { Self.straighten($0) }
    try body(&values)
    values.withUnsafeMutableBufferPointer { Self.premultiply($0) }
  }

  /// Divides RGB by alpha where alpha > 0, in interleaved RGBA values.
  public static func straighten(_ rgba: UnsafeMutableBufferPointer<Float>) {
    for o in stride(from: 0, to: rgba.count - 3, by: 4) where rgba[o + 3] > 0 {
      let a = rgba[o + 3]
      for c in 0..<3 { rgba[o + c] /= a }
    }
  }

  /// Multiplies RGB by alpha where alpha > 0, in interleaved RGBA values.
  public static func premultiply(_ rgba: UnsafeMutableBufferPointer<Float>) {
    for o in stride(from: 0, to: rgba.count - 3, by: 4) where rgba[o + 3] > 0 {
      let a = rgba[o + 3]
      for c in 0..<3 { rgba[o + c] *= a }
    }
  }
}
