/// A 1D table of a `.cube` file: `size` RGB rows over a per-channel input domain.
///
/// `values` holds `size · 3` numbers, row after row (`r, g, b` of row 0, then row 1, …).
public struct CubeTable1D: Sendable, Hashable {
  /// The number of rows, 2…65536.
  public var size: Int
  /// The input value mapped to the first row, per channel.
  public var domainMin: SIMD3<Float>
  /// The input value mapped to the last row, per channel.
  public var domainMax: SIMD3<Float>
  /// `size · 3` output values, interleaved RGB, in file order.
  public var values: [Float]

  /// Creates a table; `values.count` must be `size · 3`.
  public init(
    size: Int, domainMin: SIMD3<Float> = .zero, domainMax: SIMD3<Float> = .one, values: [Float]
  ) {
    precondition(values.count == size * 3, "CubeTable1D: values.count must be size·3")
    self.size = size
    self.domainMin = domainMin
    self.domainMax = domainMax
    self.values = values
  }

  /// The RGB value of row `i`.
  public func row(_ i: Int) -> SIMD3<Float> {
    SIMD3(values[3 * i], values[3 * i + 1], values[3 * i + 2])
  }
}

/// A 3D table of a `.cube` file: `size³` RGB nodes over a per-channel input domain.
///
/// Node order is the `.cube` order: **red varies fastest, then green, then blue**, so node
/// `(r, g, b)` is row `r + size·(g + size·b)` and its values start at `3 ·` that row.
/// (OpenColorIO stores blue fastest internally; we keep file order everywhere.)
public struct CubeTable3D: Sendable, Hashable {
  /// Nodes per axis, 2…1024.
  public var size: Int
  /// The input value mapped to node 0, per channel.
  public var domainMin: SIMD3<Float>
  /// The input value mapped to node `size − 1`, per channel.
  public var domainMax: SIMD3<Float>
  /// `size³ · 3` output values, interleaved RGB, red fastest.
  public var values: [Float]

  /// Creates a table; `values.count` must be `size³ · 3`.
  public init(
    size: Int, domainMin: SIMD3<Float> = .zero, domainMax: SIMD3<Float> = .one, values: [Float]
  ) {
    precondition(
      values.count == size * size * size * 3, "CubeTable3D: values.count must be size³·3")
    self.size = size
    self.domainMin = domainMin
    self.domainMax = domainMax
    self.values = values
  }

  /// The row of node `(r, g, b)` (red fastest).
  @inlinable
  public func index(r: Int, g: Int, b: Int) -> Int { r + size * (g + size * b) }

  /// The RGB value of node `(r, g, b)`.
  public func node(r: Int, g: Int, b: Int) -> SIMD3<Float> {
    let i = 3 * index(r: r, g: g, b: b)
    return SIMD3(values[i], values[i + 1], values[i + 2])
  }
}
