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

  /// The RGB of an interleaved buffer starting at `base`.
  init(interleaved base: UnsafeMutablePointer<Float>, layout: PixelLayout) {
    red = base + layout.redOffset
    green = base + layout.greenOffset
    blue = base + layout.blueOffset
    stride = layout.pixelStride
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
  }

  /// Reads pixel `p` as `(r, g, b, 0)`.
  @inline(__always)
  func load(_ p: Int) -> SIMD4<Float> {
    let o = p * stride
    return SIMD4(red[o], green[o], blue[o], 0)
  }

  /// Writes lanes 0–2 of `rgb` to pixel `p`.
  @inline(__always)
  func store(_ rgb: SIMD4<Float>, at p: Int) {
    let o = p * stride
    red[o] = rgb.x
    green[o] = rgb.y
    blue[o] = rgb.z
  }
}
