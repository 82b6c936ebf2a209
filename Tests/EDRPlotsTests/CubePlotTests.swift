import CubeFormat
import CubeTestSupport
import EDRPipeline
import EDRPlots
import Testing

@Suite struct CubePlotTests {
  /// An identity cube of size `n` as `.cube` text.
  static func identityText(size n: Int) -> String {
    var lines = ["LUT_3D_SIZE \(n)"]
    for b in 0..<n {
      for g in 0..<n {
        for r in 0..<n {
          lines.append([r, g, b].map { "\(Double($0) / Double(n - 1))" }.joined(separator: " "))
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func identity(size n: Int = 5) throws -> CubeFile {
    try CubeReader.parse(text: identityText(size: n))
  }

  @Test func axesAreExactAtPowersOfTwo() {
    let axes = CubePlot().neutralAxes
    #expect(axes.xOctaves == -6...3)
    #expect(axes.plotWidth == 9 * 48 + 1 && axes.plotHeight == 9 * 32 + 1)
    #expect(axes.column(x: 1) == axes.left + 6 * 48)
    #expect(axes.row(y: 1) == axes.top + 3 * 32)
    #expect(axes.row(y: 8) == axes.top)
    #expect(CubePlot(headroom: 10).neutralAxes.xOctaves == -6...4)
    #expect(CubePlot(headroom: .nan).headroom == 8)
    #expect(CubePlot(headroom: .infinity).headroom == 8)
    #expect(CubePlot(headroom: 1e9).neutralAxes.xOctaves == -6...20)
    #expect(CubePlot(headroom: 0.5).neutralAxes.xOctaves == -6...1)
  }

  @Test func linearIdentityHasOneCurveThroughOneOne() throws {
    let plot = CubePlot()
    let canvas = plot.render(file: try Self.identity(), space: CubeSpace(.linear), name: "id")
    let axes = plot.neutralAxes
    let white = CubePlot.color(for: nil)
    #expect(canvas.color(x: axes.column(x: 1), y: axes.row(y: 1)) == white)
    #expect(canvas.color(x: axes.column(x: 4), y: axes.row(y: 4)) == white)
    // Nothing is drawn at (4, 1): the linear cube's only curve keeps rising.
    #expect(canvas.color(x: axes.column(x: 4), y: axes.row(y: 1)) == PlotPalette.grid)
    // Per-channel panel: R, G, B coincide; blue is drawn last.
    let channels = plot.channelAxes
    #expect(
      canvas.color(x: channels.column(x: 0.5), y: channels.row(y: 0.5))
        == CubePlot.channelColors[2])
  }

  @Test func sdrIdentityShowsEachPolicyAboveWhite() throws {
    let plot = CubePlot()
    let canvas = plot.render(file: try Self.identity(), space: CubeSpace(.srgb), name: "id")
    let axes = plot.neutralAxes
    // clamp flattens at 1; the other policies reproduce the identity (default drawn last).
    #expect(canvas.color(x: axes.column(x: 4), y: axes.row(y: 1)) == CubePlot.color(for: .clamp))
    #expect(
      canvas.color(x: axes.column(x: 4), y: axes.row(y: 4)) == CubePlot.color(for: .default))
    #expect(
      canvas.color(x: axes.column(x: 1), y: axes.row(y: 1)) == CubePlot.color(for: .default))
    #expect(canvas.width == plot.channelAxes.left + plot.channelAxes.plotWidth + 24)
  }

  @Test func slicePixelsAreTheNodeColours() throws {
    let file = try TestCubes.vector("sdr_look_11.cube")
    let table = try #require(file.lut3D)
    let plot = CubePlot()
    #expect(plot.sliceNodes(tableSize: 11) == [0, 3, 5, 8, 10])
    let canvas = plot.render(file: file, space: CubeSpace(.srgb), name: "look")
    // Slice 2 (blue node 5), pixel (70, 30): node r = 70·11/120 = 6, g = 10 − 30·11/120 = 8.
    let origin = plot.sliceOrigin(2)
    let i = 3 * table.index(r: 6, g: 8, b: 5)
    let node = SIMD3(table.values[i], table.values[i + 1], table.values[i + 2])
    #expect(canvas.color(x: origin.x + 70, y: origin.y + 30) == node)
    #expect(plot.displayColor(node: SIMD3(1.5, -0.2, 0.5), space: CubeSpace(.srgb)) == [1, 0, 0.5])
  }

  @Test func hdrSliceNodesAreToneMappedForSDR() {
    let plot = CubePlot(headroom: 8)
    let pqWhite = Float(0.58069)  // ≈ PQ signal of 203 cd/m²
    let shown = plot.displayColor(node: SIMD3(repeating: pqWhite), space: CubeSpace(.pq))
    // EDR 1.0 through Reinhard from 8 → below 1, sRGB-encoded: grey, not clipped white.
    #expect(shown.x == shown.y && shown.y == shown.z)
    #expect(shown.x > 0.5 && shown.x < 0.99)
    #expect(plot.displayColor(node: .zero, space: CubeSpace(.pq)) == .zero)
  }

  @Test func textUsesTheBitmapFont() {
    var canvas = PlotCanvas(width: 20, height: 10, background: .zero)
    canvas.text("T", x: 0, y: 0, color: .one)
    // 'T': a full top row, then only the middle column.
    #expect((0..<5).allSatisfy { canvas.color(x: $0, y: 0) == .one })
    #expect(canvas.color(x: 2, y: 6) == .one)
    #expect(canvas.color(x: 0, y: 6) == .zero)
    #expect(canvas.color(x: 5, y: 0) == .zero)
    var unknown = PlotCanvas(width: 20, height: 10, background: .zero)
    unknown.text("Δ", x: 0, y: 0, color: .one)
    var question = PlotCanvas(width: 20, height: 10, background: .zero)
    question.text("?", x: 0, y: 0, color: .one)
    #expect(unknown == question)
  }

  @Test func linesReachBothEnds() {
    var canvas = PlotCanvas(width: 12, height: 12, background: .zero)
    canvas.line(x0: 1, y0: 9, x1: 9, y1: 2, color: .one)
    #expect(canvas.color(x: 1, y: 9) == .one)
    #expect(canvas.color(x: 9, y: 2) == .one)
    #expect(canvas.color(x: 9, y: 9) == .zero)
  }
}
