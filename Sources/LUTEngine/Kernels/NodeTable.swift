/// A 3D table as nodes padded to `SIMD4<Float>` (red, green, blue, 0), red fastest, then
/// green, then blue, so that each corner of a cell is one aligned 16-byte load and a blend is
/// one vector operation per corner.
struct NodeTable {
  /// `size³` nodes.
  let nodes: UnsafePointer<SIMD4<Float>>
  /// Node offset of one step in green (`size`).
  let greenStride: Int
  /// Node offset of one step in blue (`size²`).
  let blueStride: Int

  /// A table over `nodes`, which holds `size³` nodes.
  init(nodes: UnsafePointer<SIMD4<Float>>, size: Int) {
    self.nodes = nodes
    greenStride = size
    blueStride = size * size
  }

  /// The first node of the cell at `r, g, b`.
  func cellStart(_ r: Int, _ g: Int, _ b: Int) -> UnsafePointer<SIMD4<Float>> {
    nodes + (r &+ g &* greenStride &+ b &* blueStride)
  }
}
