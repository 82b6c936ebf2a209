/// One stage (or a chain of stages) of the fast path: a transform of one pixel's RGB.
///
/// Pixels travel as `SIMD4<Float>` with RGB in lanes 0–2 and 0 in lane 3 (so a padded table
/// node is one vector load). Each conforming type is specialised by the compiler for one
/// interpolation × extrapolation × stage combination; `PreparedLUT` picks the combination once
/// per apply, so the per-pixel loop has no mode switches.
///
/// Every kernel evaluates the same operations in the same order as `ReferenceKernel`, so its
/// results are equal to the reference's (compared with `==`, so `-0` and `+0` may differ).
protocol PixelKernel: SendableMetatype {
  /// The transform of one pixel; lane 3 of the result is unspecified.
  func transform(_ rgb: SIMD4<Float>) -> SIMD4<Float>
}

/// The extrapolation mode as a type, so that specialised kernels contain no mode test.
protocol ExtrapolationMode {
  /// `true` for `Extrapolation.linear`, `false` for `.clamp`.
  static var extendsLinearly: Bool { get }
}

/// `Extrapolation.clamp` as a type.
enum ClampMode: ExtrapolationMode {
  static var extendsLinearly: Bool { false }
}

/// `Extrapolation.linear` as a type.
enum LinearMode: ExtrapolationMode {
  static var extendsLinearly: Bool { true }
}

/// Two stages one after the other (a shaper feeding a 3D table).
struct ChainKernel<First: PixelKernel, Second: PixelKernel>: PixelKernel {
  let first: First
  let second: Second

  @inline(__always)
  func transform(_ rgb: SIMD4<Float>) -> SIMD4<Float> {
    second.transform(first.transform(rgb))
  }
}

/// A transform with no table: the identity.
struct IdentityKernel: PixelKernel {
  @inline(__always)
  func transform(_ rgb: SIMD4<Float>) -> SIMD4<Float> { rgb }
}

/// Wraps a kernel in the `LUT_IN_VIDEO_RANGE` / `LUT_OUT_VIDEO_RANGE` mappings. Only used when
/// a file sets one of the flags, so plain files pay nothing for them.
struct VideoRangeKernel<Inner: PixelKernel>: PixelKernel {
  let inner: Inner
  let mapsInput: Bool
  let mapsOutput: Bool

  @inline(__always)
  func transform(_ rgb: SIMD4<Float>) -> SIMD4<Float> {
    var v = mapsInput ? VideoRange.toVideo(rgb) : rgb
    v = inner.transform(v)
    return mapsOutput ? VideoRange.toFull(v) : v
  }
}
