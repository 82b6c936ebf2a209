/// One stage (or a chain of stages) of the fast path: a transform of one pixel, its red,
/// green and blue in the first three lanes of a `SIMD4<Float>` (the fourth lane is unused).
///
/// Each conforming type is specialised by the compiler for one interpolation × extrapolation
/// × stage combination; `PreparedLUT` picks the combination once per apply, so the pixel
/// loop has no mode switches. Every kernel evaluates, per pixel, the same operations in the
/// same order as `ReferenceKernel`, so its results equal the reference's (compared with `==`:
/// the sign of a zero may differ).
protocol PixelKernel: SendableMetatype {
  /// The transform of one pixel.
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

  func transform(_ rgb: SIMD4<Float>) -> SIMD4<Float> {
    second.transform(first.transform(rgb))
  }
}

/// A transform with no table: the identity.
struct IdentityKernel: PixelKernel {
  func transform(_ rgb: SIMD4<Float>) -> SIMD4<Float> { rgb }
}

/// Wraps a kernel in the `LUT_IN_VIDEO_RANGE` / `LUT_OUT_VIDEO_RANGE` mappings. Only used when
/// a file sets one of the flags, so plain files pay nothing for them.
struct VideoRangeKernel<Inner: PixelKernel>: PixelKernel {
  let inner: Inner
  let mapsInput: Bool
  let mapsOutput: Bool

  func transform(_ rgb: SIMD4<Float>) -> SIMD4<Float> {
    var v = rgb
    if mapsInput { v = VideoRange.toVideo(v) }
    v = inner.transform(v)
    if mapsOutput { v = VideoRange.toFull(v) }
    return v
  }
}
