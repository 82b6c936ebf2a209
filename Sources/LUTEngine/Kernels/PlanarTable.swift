/// A 3D table stored as three planes (all reds, then all greens, then all blues; red fastest
/// within a plane), read four pixels at a time.
///
/// Gathering one corner of four cells gives the corner's red, green and blue as lanes of
/// three vectors, so blends run on whole vectors with the pixels in the lanes, and each
/// pixel's arithmetic is the reference's, lane by lane.
struct PlanarTable {
  /// `3 · size³` floats: the red plane, the green plane, the blue plane.
  let base: UnsafePointer<Float>
  /// `size³`: floats per plane.
  let planeSize: Int
  /// Node offset of one step in green (`size`).
  let greenStride: Int
  /// Node offset of one step in blue (`size²`).
  let blueStride: Int

  /// A table over `base`, which holds three planes of `size³` floats.
  init(base: UnsafePointer<Float>, size: Int) {
    self.base = base
    planeSize = size * size * size
    greenStride = size
    blueStride = size * size
  }

  /// The first nodes of four cells: `r + size·g + size²·b` per lane.
  @inline(__always)
  func cellIndices(_ r: SIMD4<Int32>, _ g: SIMD4<Int32>, _ b: SIMD4<Int32>) -> SIMD4<Int32> {
    r &+ g &* Int32(greenStride) &+ b &* Int32(blueStride)
  }

  /// The nodes at `offset` from each of four node indices.
  @inline(__always)
  func gather(_ i: (Int, Int, Int, Int), offset: Int) -> RGBBlock {
    let r = base + offset
    let g = r + planeSize
    let b = g + planeSize
    return RGBBlock(
      r: SIMD4(r[i.0], r[i.1], r[i.2], r[i.3]), g: SIMD4(g[i.0], g[i.1], g[i.2], g[i.3]),
      b: SIMD4(b[i.0], b[i.1], b[i.2], b[i.3]))
  }
}

extension SIMD4<Int32> {
  /// The four lanes as `Int`s (for addressing).
  @inline(__always)
  var lanes: (Int, Int, Int, Int) { (Int(self[0]), Int(self[1]), Int(self[2]), Int(self[3])) }
}

/// Channel-wise arithmetic on blocks, with a per-pixel weight vector: lane `k` of every channel
/// is scaled by lane `k` of the weight.
extension RGBBlock {
  @inline(__always)
  static func + (a: RGBBlock, b: RGBBlock) -> RGBBlock {
    RGBBlock(r: a.r + b.r, g: a.g + b.g, b: a.b + b.b)
  }

  @inline(__always)
  static func - (a: RGBBlock, b: RGBBlock) -> RGBBlock {
    RGBBlock(r: a.r - b.r, g: a.g - b.g, b: a.b - b.b)
  }

  @inline(__always)
  static func * (a: RGBBlock, w: SIMD4<Float>) -> RGBBlock {
    RGBBlock(r: a.r * w, g: a.g * w, b: a.b * w)
  }

  /// `a + d·w`, each lane rounded once (a fused multiply-add), as ReferenceKernel blends.
  @inline(__always)
  static func blend(_ a: RGBBlock, _ d: RGBBlock, _ w: SIMD4<Float>) -> RGBBlock {
    RGBBlock(
      r: a.r.addingProduct(d.r, w), g: a.g.addingProduct(d.g, w), b: a.b.addingProduct(d.b, w))
  }
}
