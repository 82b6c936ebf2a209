/// The red, green and blue floats of a run of pixels: pixel `p`'s red is `red[p · stride]`.
///
/// Covers interleaved buffers (three pointers into one buffer, stride = floats per pixel) and
/// planar ones (three planes, stride 1). Nothing else of a pixel is reachable through it.
struct ChannelPointers {
  /// Red of pixel 0.
  let red: UnsafeMutablePointer<Float>
  /// Green of pixel 0.
  let green: UnsafeMutablePointer<Float>
  /// Blue of pixel 0.
  let blue: UnsafeMutablePointer<Float>
  /// Floats from one pixel to the next.
  let stride: Int
  /// Whether red, green and blue are consecutive and a fourth float of the same pixel follows
  /// them, so that a pixel can be read as one 16-byte vector (the fourth lane is then ignored
  /// by every kernel) and written as 8 + 4 bytes.
  let isPackedRGB: Bool

  /// The RGB of an interleaved buffer starting at `base`.
  init(interleaved base: UnsafeMutablePointer<Float>, layout: PixelLayout) {
    red = base + layout.redOffset
    green = base + layout.greenOffset
    blue = base + layout.blueOffset
    stride = layout.pixelStride
    isPackedRGB =
      layout.greenOffset == layout.redOffset + 1 && layout.blueOffset == layout.redOffset + 2
      && layout.redOffset + 4 <= layout.pixelStride
  }

  /// Three planes.
  init(
    red: UnsafeMutablePointer<Float>, green: UnsafeMutablePointer<Float>,
    blue: UnsafeMutablePointer<Float>
  ) {
    self.red = red
    self.green = green
    self.blue = blue
    stride = 1
    isPackedRGB = false
  }

  /// Reads pixel `p` as `(r, g, b, 0)`.
  func load(_ p: Int) -> SIMD4<Float> {
    let o = p &* stride
    return SIMD4(red[o], green[o], blue[o], 0)
  }

  /// Writes the first three lanes of `rgb` to pixel `p`.
  func store(_ rgb: SIMD4<Float>, at p: Int) {
    let o = p &* stride
    red[o] = rgb.x
    green[o] = rgb.y
    blue[o] = rgb.z
  }

  /// Reads pixel `p` as one vector `(r, g, b, ·)`; only when `isPackedRGB`.
  func loadPacked(_ p: Int) -> SIMD4<Float> {
    UnsafeRawPointer(red + p &* stride).loadUnaligned(as: SIMD4<Float>.self)
  }

  /// Writes the first three lanes of `rgb` to pixel `p` (8 + 4 bytes, the vector stays whole
  /// until the store); only when `isPackedRGB`.
  func storePacked(_ rgb: SIMD4<Float>, at p: Int) {
    let r = red + p &* stride
    UnsafeMutableRawPointer(r).storeBytes(of: SIMD2(rgb.x, rgb.y), as: SIMD2<Float>.self)
    r[2] = rgb.z
  }
}
