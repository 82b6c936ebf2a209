import ColorMath
import CubeAuthoring
public import CubeFormat
import EDRPipeline

extension CubePlot {
  /// The display colour of one node value of a cube whose output is in `space`.
  ///
  /// SDR-encoded (srgb, bt1886) and raw cubes hold display-ready values: shown clipped to
  /// 0…1. Linear, pq, hlg and log-curve nodes are decoded to linear EDR, converted to Rec.709 and tone
  /// mapped for an SDR screen with ``SDRPreview`` at the plot's headroom.
  public func displayColor(node value: SIMD3<Float>, space: CubeSpace) -> SIMD3<Float> {
    switch space.transfer {
    case .raw, .srgb, .bt1886:
      return value.clamped(lowerBound: .zero, upperBound: .one)
    default:
      var linear = SpaceCodec(space).decode(SIMD3<Double>(value))
      if let m = SpaceCodec(space).matrix(to: CubeSpace(.linear, primaries: .rec709)) {
        linear = m * linear
      }
      return SDRPreview(headroom: headroom).display(SIMD3<Float>(linear))
    }
  }

  /// Renders the `size × size` image of the nodes with blue index `blue`: red grows to the
  /// right, green upwards; pixel `(x, y)` shows node `(x·n / size, n − 1 − y·n / size)`.
  public func renderSlice(_ blue: Int, table: CubeTable3D, space: CubeSpace) -> PlotCanvas {
    let size = Self.sliceSize
    let n = table.size
    var canvas = PlotCanvas(width: size, height: size, background: PlotPalette.plotArea)
    for y in 0..<size {
      for x in 0..<size {
        let i = 3 * table.index(r: x * n / size, g: n - 1 - y * n / size, b: blue)
        let value = SIMD3(table.values[i], table.values[i + 1], table.values[i + 2])
        canvas.set(x: x, y: y, displayColor(node: value, space: space))
      }
    }
    return canvas
  }

  /// Draws the row of slices with their blue node values above them.
  func drawSlices(on canvas: inout PlotCanvas, table: CubeTable3D?, space: CubeSpace) {
    let top = slicesTop
    guard let table, table.size > 0 else {
      canvas.text("no 3D table", x: neutralAxes.left, y: top, color: PlotPalette.text)
      return
    }
    canvas.text(
      "3D table at constant blue (red right, green up)", x: neutralAxes.left, y: top - 30,
      color: PlotPalette.text)
    for (i, blue) in sliceNodes(tableSize: table.size).enumerated() {
      let origin = sliceOrigin(i)
      let label = "B node \(blue)/\(table.size - 1)"
      canvas.text(label, x: origin.x, y: origin.y - 12, color: PlotPalette.text)
      canvas.draw(renderSlice(blue, table: table, space: space), x: origin.x, y: origin.y)
    }
  }
}
