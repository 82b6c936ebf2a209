extension CubeTable3D {
  /// The Hald CLUT level for this table, when `size` is a square (`size = level²`).
  public var haldLevel: Int? {
    let level = Int(Double(size).squareRoot().rounded())
    return level >= 2 && level * level == size ? level : nil
  }

  /// The table as a Hald CLUT image: `level³ × level³` RGB pixels, row-major, where pixel
  /// `x + y·width` is node `(r, g, b)` with red fastest. `nil` when `size` is not a square.
  ///
  /// - Returns: the image side (width = height) and `side² · 3` interleaved RGB values.
  public func haldImage() -> (side: Int, rgb: [Float])? {
    guard let level = haldLevel else { return nil }
    return (level * level * level, values)
  }

  /// Builds a table from a Hald CLUT image of `side × side` RGB pixels (`side = level³`).
  ///
  /// - Returns: `nil` when `side` is not a cube of an integer ≥ 2 or `rgb` has the wrong count.
  public init?(haldSide side: Int, rgb: [Float]) {
    var l = 2
    while l * l * l < side { l += 1 }
    guard l * l * l == side, rgb.count == side * side * 3 else { return nil }
    self.init(size: l * l, values: rgb)
  }
}
