/// One stage (or a chain of stages) of the fast path: a transform of four pixels.
///
/// Each conforming type is specialised by the compiler for one interpolation × extrapolation
/// × stage combination; `PreparedLUT` picks the combination once per apply, so the pixel
/// loop has no mode switches. Every kernel evaluates, per pixel, the same operations in the
/// same order as `ReferenceKernel`, so its results equal the reference's (compared with `==`:
/// the sign of a zero may differ). Lanes never mix, so a pixel's result does not depend on
/// the block it travels in.
protocol PixelKernel: SendableMetatype {
  /// The transform of four pixels.
  func transform(_ block: RGBBlock) -> RGBBlock
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
  func transform(_ block: RGBBlock) -> RGBBlock {
    second.transform(first.transform(block))
  }
}

/// A transform with no table: the identity.
struct IdentityKernel: PixelKernel {
  @inline(__always)
  func transform(_ block: RGBBlock) -> RGBBlock { block }
}

/// Wraps a kernel in the `LUT_IN_VIDEO_RANGE` / `LUT_OUT_VIDEO_RANGE` mappings. Only used when
/// a file sets one of the flags, so plain files pay nothing for them.
struct VideoRangeKernel<Inner: PixelKernel>: PixelKernel {
  let inner: Inner
  let mapsInput: Bool
  let mapsOutput: Bool

  @inline(__always)
  func transform(_ block: RGBBlock) -> RGBBlock {
    var v = block
    if mapsInput {
      v = RGBBlock(
        r: VideoRange.toVideo(v.r), g: VideoRange.toVideo(v.g), b: VideoRange.toVideo(v.b))
    }
    v = inner.transform(v)
    if mapsOutput {
      v = RGBBlock(r: VideoRange.toFull(v.r), g: VideoRange.toFull(v.g), b: VideoRange.toFull(v.b))
    }
    return v
  }
}
