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

  /// The same channels from pixel `pixels` on.
  func advanced(by pixels: Int) -> ChannelPointers {
    let o = pixels * stride
    return ChannelPointers(red: red + o, green: green + o, blue: blue + o, stride: stride)
  }

  private init(
    red: UnsafeMutablePointer<Float>, green: UnsafeMutablePointer<Float>,
    blue: UnsafeMutablePointer<Float>, stride: Int
  ) {
    (self.red, self.green, self.blue, self.stride) = (red, green, blue, stride)
  }

  /// Pixel `p`'s RGB.
  @inline(__always)
  func pixel(_ p: Int) -> SIMD3<Float> {
    let o = p &* stride
    return SIMD3(red[o], green[o], blue[o])
  }

  /// Writes pixel `p`'s RGB.
  @inline(__always)
  func setPixel(_ p: Int, _ rgb: SIMD3<Float>) {
    let o = p &* stride
    (red[o], green[o], blue[o]) = (rgb.x, rgb.y, rgb.z)
  }

  /// Reads pixels `p…p+3`.
  @inline(__always)
  func loadBlock(_ p: Int) -> RGBBlock {
    let o = p &* stride
    let (o1, o2, o3) = (o &+ stride, o &+ 2 &* stride, o &+ 3 &* stride)
    return RGBBlock(
      r: SIMD4(red[o], red[o1], red[o2], red[o3]),
      g: SIMD4(green[o], green[o1], green[o2], green[o3]),
      b: SIMD4(blue[o], blue[o1], blue[o2], blue[o3]))
  }

  /// Writes pixels `p…p+3`.
  @inline(__always)
  func storeBlock(_ block: RGBBlock, at p: Int) {
    var o = p &* stride
    for lane in 0..<4 {
      red[o] = block.r[lane]
      green[o] = block.g[lane]
      blue[o] = block.b[lane]
      o &+= stride
    }
  }

  /// Reads the `count < 4` pixels from `p` into the first lanes; the other lanes are 0.
  func loadPartialBlock(_ p: Int, count: Int) -> RGBBlock {
    var block = RGBBlock(r: .zero, g: .zero, b: .zero)
    for lane in 0..<count {
      let o = (p + lane) * stride
      (block.r[lane], block.g[lane], block.b[lane]) = (red[o], green[o], blue[o])
    }
    return block
  }

  /// Writes the first `count < 4` lanes to the pixels from `p`.
  func storePartialBlock(_ block: RGBBlock, at p: Int, count: Int) {
    for lane in 0..<count {
      let o = (p + lane) * stride
      (red[o], green[o], blue[o]) = (block.r[lane], block.g[lane], block.b[lane])
    }
  }
}
