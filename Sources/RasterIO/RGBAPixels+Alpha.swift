/// What a transform does to the colour of premultiplied pixels that cover nothing (alpha 0,
/// negative or NaN): there the colour cannot be un-premultiplied (docs/semantics.md §7).
public enum TransparentColour: String, CaseIterable, Hashable, Sendable {
  /// The stored RGB is kept as it was: no colour (no emission) appears where there was none,
  /// as unpremultiply → grade → premultiply gives for RGBA 0 0 0 0 (Nuke's convention). The
  /// default.
  case keep
  /// The stored RGB goes through the transform as it is and the result is stored unscaled, so
  /// a look that lifts black lifts it there too.
  case grade
}

extension RGBAPixels {
  /// Runs `body` on straight (un-premultiplied) colour, then premultiplies again (docs/semantics.md §7).
  ///
  /// Where alpha > 0, RGB is divided by alpha before `body` and multiplied by it afterwards.
  /// Where alpha is 0, negative or NaN, `body` sees the stored RGB as it is; with
  /// `transparent` ``TransparentColour/keep`` (the default) that RGB is put back afterwards,
  /// with ``TransparentColour/grade`` `body`'s result is kept without multiplication. Alpha
  /// values are never changed. Without alpha this is just `body(&values)`.
  /// - Parameters:
  ///   - transparent: What happens to the colour of pixels whose alpha is not above 0.
  ///   - body: Transforms interleaved RGBA values in place (it must not change alpha).
  public mutating func withStraightColor(
    transparent: TransparentColour = .keep, _ body: (inout [Float]) throws -> Void
  ) rethrows {
    guard hasAlpha else { return try body(&values) }
    let kept =
      transparent == .keep
      ? values.withUnsafeMutableBufferPointer { Self.transparentPixels($0) } : []
    values.withUnsafeMutableBufferPointer { Self.straighten($0) }
    try body(&values)
    values.withUnsafeMutableBufferPointer {
      Self.premultiply($0)
      Self.restore(kept, in: $0)
    }
  }

  /// Divides RGB by alpha where alpha > 0, in interleaved RGBA values.
  public static func straighten(_ rgba: UnsafeMutableBufferPointer<Float>) {
    scaleColour(rgba) { $0 / $1 }
  }

  /// Multiplies RGB by alpha where alpha > 0, in interleaved RGBA values.
  public static func premultiply(_ rgba: UnsafeMutableBufferPointer<Float>) {
    scaleColour(rgba) { $0 * $1 }
  }

  /// The pixels of interleaved RGBA values whose alpha is not above 0 (0, negative or NaN),
  /// with their values, for ``restore(_:in:)`` after a transform.
  public static func transparentPixels(_ rgba: UnsafeMutableBufferPointer<Float>) -> [(
    pixel: Int, value: SIMD4<Float>
  )] {
    guard let base = rgba.baseAddress else { return [] }
    let raw = UnsafeRawPointer(base)
    var found: [(pixel: Int, value: SIMD4<Float>)] = []
    for p in 0..<(rgba.count / 4) {
      let v = raw.loadUnaligned(fromByteOffset: p &* 16, as: SIMD4<Float>.self)
      if !(v.w > 0) { found.append((p, v)) }
    }
    return found
  }

  /// Puts the pixels ``transparentPixels(_:)`` found back into `rgba`.
  public static func restore(
    _ pixels: [(pixel: Int, value: SIMD4<Float>)], in rgba: UnsafeMutableBufferPointer<Float>
  ) {
    guard let base = rgba.baseAddress else { return }
    let raw = UnsafeMutableRawPointer(base)
    for (p, v) in pixels { raw.storeBytes(of: v, toByteOffset: p &* 16, as: SIMD4<Float>.self) }
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
