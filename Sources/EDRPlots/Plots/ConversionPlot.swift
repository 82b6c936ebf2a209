import CubeAuthoring
import EDRPipeline

/// The picture of a conversion's quality (`edrcube convert --report --plot`): a heat map of
/// ΔE_ITP over the pixels of a chart (each value one `scale × scale` block, colour scale
/// 0 → 5+ with a labelled bar beneath) and, to its right, a histogram of the values in bins
/// of 0.25 up to 5 plus one bin for everything above (bars scaled to the fullest bin), with
/// the pixel count, max, p99 and mean beneath. Pixels without a value (colours the target
/// cannot carry) are drawn in ``leftOutColor`` and kept out of the histogram and statistics.
public struct ConversionPlot: Sendable, Hashable {
  /// Canvas pixels per chart pixel.
  public var scale: Int
  /// The histogram's bin width in ΔE_ITP.
  public static let binWidth = 0.25
  /// The top of the colour scale; larger values share its colour and the last bin.
  public static let maxDeltaE = 5.0
  /// Bins: 20 of 0.25 up to 5, then 5+.
  public static let binCount = 21
  /// Width of a histogram bar's slot in pixels (the bar leaves 2 pixels free).
  public static let barSlot = 16
  /// Height of the histogram's plot area in pixels.
  public static let histogramHeight = 200
  /// Left and top edge of the heat map in the canvas.
  public static let heatMapOrigin = (x: 16, y: 40)
  /// The heat map's colour for pixels left out (a mid grey, outside the colour scale).
  public static let leftOutColor = SIMD3<Float>(repeating: 0.45)

  /// Creates a plot description.
  public init(scale: Int = 1) { self.scale = max(scale, 1) }

  /// The colour scale: piecewise linear through five stops from 0 (dark blue) to 5+ (red).
  public static func color(deltaE: Double) -> SIMD3<Float> {
    let stops: [SIMD3<Float>] = [
      SIMD3(0.1, 0.15, 0.45), SIMD3(0.1, 0.55, 0.7), SIMD3(0.3, 0.8, 0.35), SIMD3(1, 0.85, 0.2),
      SIMD3(0.95, 0.2, 0.15),
    ]
    guard deltaE.isFinite else { return stops[4] }
    let t = Float(min(max(deltaE, 0), maxDeltaE) / maxDeltaE * 4)
    let i = min(Int(t), 3)
    let f = t - Float(i)
    return stops[i] * (1 - f) + stops[i + 1] * f
  }

  /// How many values fall into each bin (NaN counts as 5+); the counts sum to the input's.
  public static func bins(_ differences: [Double]) -> [Int] {
    var counts = [Int](repeating: 0, count: binCount)
    for d in differences {
      let bin = d.isNaN ? binCount - 1 : min(max(Int(d / binWidth), 0), binCount - 1)
      counts[bin] += 1
    }
    return counts
  }

  /// The histogram's plot area: left and top edge, for a chart `chartWidth` pixels wide.
  public func histogramOrigin(chartWidth: Int) -> (x: Int, y: Int) {
    (Self.heatMapOrigin.x + chartWidth * scale + 70, Self.heatMapOrigin.y)
  }

  /// The bar height in pixels of a bin holding `count` values when the fullest holds `most`.
  public static func barHeight(count: Int, most: Int) -> Int {
    most == 0 ? 0 : Int((Double(count) / Double(most) * Double(histogramHeight)).rounded())
  }

  /// Renders the heat map and histogram of `differences`, laid out `width × height` row by
  /// row (nil: a pixel left out); `title` heads the picture. The summary beneath the histogram
  /// is `report`'s figures when given (so the plot says what `--report` says), else those of
  /// all the values.
  /// - Precondition: `differences.count == width · height`.
  public func render(
    differences: [Double?], width: Int, height: Int, title: String,
    report: ConversionReport? = nil
  ) -> PlotCanvas {
    precondition(differences.count == width * height, "ConversionPlot: bad layout")
    let map = Self.heatMapOrigin
    let histogram = histogramOrigin(chartWidth: width)
    let canvasWidth = histogram.x + Self.binCount * Self.barSlot + 24
    let canvasHeight = map.y + max(height * scale + 60, Self.histogramHeight + 96)
    var canvas = PlotCanvas(
      width: canvasWidth, height: canvasHeight, background: PlotPalette.background)
    canvas.text(title, x: 16, y: 12, color: PlotPalette.text, scale: 2)
    for y in 0..<height {
      for x in 0..<width {
        canvas.fill(
          x: map.x + x * scale, y: map.y + y * scale, width: scale, height: scale,
          color: differences[y * width + x].map { Self.color(deltaE: $0) } ?? Self.leftOutColor)
      }
    }
    drawColorBar(on: &canvas, x: map.x, y: map.y + height * scale + 12, width: width * scale)
    let measured = differences.compactMap { $0 }
    drawHistogram(on: &canvas, Self.bins(measured), x: histogram.x, y: histogram.y)
    var summary = ConversionReport(differences: measured, peakNits: 0)
    summary.leftOut = differences.count - measured.count
    if let report { summary = report }
    for (i, line) in Self.summaryLines(summary).enumerated() {
      canvas.text(
        line, x: histogram.x, y: histogram.y + Self.histogramHeight + 40 + 12 * i,
        color: PlotPalette.text)
    }
    return canvas
  }

  /// The summary beneath the histogram: `pixels 57600`, `max 7.738`, `p99 4.471`, `mean 1.165`,
  /// and `left out 812 (grey)` when pixels were left out.
  public static func summaryLines(_ r: ConversionReport) -> [String] {
    func f(_ x: Double) -> String {
      guard x.isFinite else { return "\(x)" }
      let thousandths = Int((x * 1000).rounded())
      let fraction = String(thousandths % 1000)
      return "\(thousandths / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
    let leftOut = r.leftOut > 0 ? ["left out \(r.leftOut) (grey)"] : []
    let above =
      r.abovePeak.map { ["above peak \($0.count): p99 \(f($0.p99)), max \(f($0.max))"] } ?? []
    return ["pixels \(r.sampleCount)", "max \(f(r.max))", "p99 \(f(r.p99))", "mean \(f(r.mean))"]
      + above + leftOut
  }

  /// The colour scale as a bar with labels 0, 1, …, 5+ beneath.
  private func drawColorBar(on canvas: inout PlotCanvas, x: Int, y: Int, width: Int) {
    let w = max(width, 60)
    for column in 0..<w {
      let value = Double(column) / Double(w - 1) * Self.maxDeltaE
      canvas.fill(x: x + column, y: y, width: 1, height: 10, color: Self.color(deltaE: value))
    }
    for tick in 0...Int(Self.maxDeltaE) {
      let label = tick == Int(Self.maxDeltaE) ? "\(tick)+" : "\(tick)"
      let column = x + tick * (w - 1) / Int(Self.maxDeltaE)
      canvas.fill(x: column, y: y + 10, width: 1, height: 3, color: PlotPalette.axis)
      canvas.text(
        label, x: min(column - 2, x + w - BitmapFont.width(of: label)), y: y + 15,
        color: PlotPalette.text)
    }
    canvas.text("dE_ITP", x: x + w + 6, y: y + 2, color: PlotPalette.text)
  }

  /// Bars coloured by their bin centre, the fullest at full height, with axis labels.
  private func drawHistogram(on canvas: inout PlotCanvas, _ counts: [Int], x: Int, y: Int) {
    let h = Self.histogramHeight
    let w = Self.binCount * Self.barSlot
    canvas.fill(x: x, y: y, width: w, height: h, color: PlotPalette.plotArea)
    canvas.frame(x: x - 1, y: y - 1, width: w + 2, height: h + 2, color: PlotPalette.axis)
    let most = counts.max() ?? 0
    for (bin, count) in counts.enumerated() {
      let barHeight = Self.barHeight(count: count, most: most)
      let centre = (Double(bin) + 0.5) * Self.binWidth
      canvas.fill(
        x: x + bin * Self.barSlot, y: y + h - barHeight, width: Self.barSlot - 2,
        height: barHeight, color: Self.color(deltaE: centre))
    }
    for tick in 0...Int(Self.maxDeltaE) {
      let label = tick == Int(Self.maxDeltaE) ? "\(tick)+" : "\(tick)"
      let column = x + tick * Int(1 / Self.binWidth) * Self.barSlot
      canvas.text(label, x: column - 2, y: y + h + 4, color: PlotPalette.text)
    }
    canvas.text("dE_ITP, bins of 0.25", x: x, y: y + h + 16, color: PlotPalette.text)
    let top = "\(most)"
    canvas.text(top, x: x - 4 - BitmapFont.width(of: top), y: y, color: PlotPalette.text)
    canvas.text("0", x: x - 10, y: y + h - 7, color: PlotPalette.text)
    canvas.text("count", x: x - 30, y: y - 14, color: PlotPalette.text)
  }
}

extension ConversionPlot {
  /// Where `ConversionQuality`'s sample colours go in a heat map: one `levels × levels` tile
  /// (red across, green down) per gamut and blue level, ``tilesPerRow`` tiles to a row, Rec.709
  /// tiles first (a camera cube's sample has one grid, of its own input codes); unused cells
  /// are left out.
  public struct SampleLayout: Sendable, Hashable {
    /// Sample levels per channel and gamut.
    public let levels: Int
    /// Tiles per row of the heat map.
    public static let tilesPerRow = 8

    /// Grids in the sample (2: Rec.709 and Rec.2020).
    public let gamuts: Int

    /// The layout of a sample of `levels` per channel in `gamuts` grids.
    public init(levels: Int, gamuts: Int = 2) {
      self.levels = max(levels, 1)
      self.gamuts = max(gamuts, 1)
    }

    /// Tiles: gamuts × levels.
    var tiles: Int { gamuts * levels }
    /// Heat map width in cells.
    public var width: Int { Self.tilesPerRow * levels }
    /// Heat map height in cells.
    public var height: Int { (tiles + Self.tilesPerRow - 1) / Self.tilesPerRow * levels }

    /// The values of the sample (in its order) placed in the heat map, row by row.
    public func arrange(_ values: [Double?]) -> [Double?] {
      var out = [Double?](repeating: nil, count: width * height)
      let perTile = levels * levels
      for (i, value) in values.enumerated() {
        let (tile, within) = (i / perTile, i % perTile)
        guard tile < tiles else { break }
        let x = (tile % Self.tilesPerRow) * levels + within % levels
        let y = (tile / Self.tilesPerRow) * levels + within / levels
        out[y * width + x] = value
      }
      return out
    }
  }
}
