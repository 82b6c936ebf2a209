extension RGBAPixels {
  /// Runs `body` on straight (un-premultiplied) colour, then premultiplies again (docs/semantics.md §7).
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
    scaleColour(rgba) { $0 / $1 }
  }

  /// Multiplies RGB by alpha where alpha > 0, in interleaved RGBA values.
  public static func premultiply(_ rgba: UnsafeMutableBufferPointer<Float>) {
    scaleColour(rgba) { $0 * $1 }
  }

  /// `rgb = op(rgb, a)` per pixel where alpha > 0; alpha becomes `op(a, 1)`, which is `a`
  /// bit for bit for division and multiplication.
  @inline(__always)
  private static func scaleColour(
    _ rgba: UnsafeMutableBufferPointer<Float>,
    _ op: (SIMD4<Float>, SIMD4<Float>) -> SIMD4<Float>
  ) {
    guard let base = rgba.baseAddress else { return }
    let raw = UnsafeMutableRawPointer(base)
    for p in 0..<(rgba.count / 4) {
      let v = raw.loadUnaligned(fromByteOffset: p &* 16, as: SIMD4<Float>.self)
      // Branch-free: the result is computed for every pixel and kept where alpha > 0.
      let scaled = op(v, SIMD4(v.w, v.w, v.w, 1))
      let keep = SIMD4<Float>(repeating: v.w) .> SIMD4<Float>.zero
      raw.storeBytes(
        of: v.replacing(with: scaled, where: keep), toByteOffset: p &* 16, as: SIMD4<Float>.self)
    }
  }
}
