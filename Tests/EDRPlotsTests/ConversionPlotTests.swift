import ColorMath
import CubeAuthoring
import CubeFormat
import CubeTestSupport
import EDRPipeline
import EDRPlots
import Testing

@Suite struct ConversionPlotTests {
  @Test func colourScaleRunsThroughItsStops() {
    #expect(ConversionPlot.color(deltaE: 0) == SIMD3(0.1, 0.15, 0.45))
    #expect(ConversionPlot.color(deltaE: 5) == SIMD3(0.95, 0.2, 0.15))
    #expect(ConversionPlot.color(deltaE: 50) == ConversionPlot.color(deltaE: 5))
    #expect(ConversionPlot.color(deltaE: .nan) == ConversionPlot.color(deltaE: 5))
    let middle = ConversionPlot.color(deltaE: 2.5)
    #expect(abs(middle.x - 0.3) < 1e-6 && abs(middle.y - 0.8) < 1e-6)
  }

  @Test func binsCountEveryValue() {
    let values = [0, 0.1, 0.25, 0.3, 4.99, 5, 12, .nan]
    let bins = ConversionPlot.bins(values)
    #expect(bins.count == 21)
    #expect(bins.reduce(0, +) == values.count)
    #expect(bins[0] == 2 && bins[1] == 2 && bins[19] == 1 && bins[20] == 3)
  }

  @Test func heatMapAndHistogramShowTheValues() {
    // 4 × 2 chart: ΔE 0.1 ×4, 1.1 ×3, 7 ×1.
    let values = [0.1, 0.1, 0.1, 0.1, 1.1, 1.1, 1.1, 7]
    let plot = ConversionPlot(scale: 3)
    let canvas = plot.render(differences: values, width: 4, height: 2, title: "t")
    let map = ConversionPlot.heatMapOrigin
    // Chart pixel (1, 1) = value 1.1, drawn as a 3 × 3 block.
    #expect(canvas.color(x: map.x + 3 + 2, y: map.y + 3 + 1) == ConversionPlot.color(deltaE: 1.1))
    #expect(canvas.color(x: map.x + 9, y: map.y + 3) == ConversionPlot.color(deltaE: 7))
    // Bars: bin 0 holds 4 (full height), bin 4 holds 3 (¾), bin 20 holds 1 (¼).
    let origin = plot.histogramOrigin(chartWidth: 4)
    let bottom = origin.y + ConversionPlot.histogramHeight - 1
    func barHeight(_ bin: Int) -> Int {
      let x = origin.x + bin * ConversionPlot.barSlot + 1
      var h = 0
      while h < ConversionPlot.histogramHeight
        && canvas.color(x: x, y: bottom - h) != PlotPalette.plotArea
      {
        h += 1
      }
      return h
    }
    let h = ConversionPlot.histogramHeight
    #expect(barHeight(0) == h)
    #expect(barHeight(4) == 3 * h / 4)
    #expect(barHeight(20) == h / 4)
    #expect(barHeight(1) == 0)
    #expect(ConversionPlot.barHeight(count: 3, most: 4) == 150)
    // The summary under the histogram: its first line starts with 'p' (font row 0 empty,
    // row 2 "####." at the summary's origin).
    let summaryTop = origin.y + ConversionPlot.histogramHeight + 40
    #expect(canvas.color(x: origin.x, y: summaryTop + 2) == PlotPalette.text)
    #expect(canvas.color(x: origin.x, y: summaryTop) == PlotPalette.background)
  }

  @Test func summaryListsCountAndStatistics() {
    let r = ConversionReport(differences: [0.5, 1.25, 7.0006], peakNits: 0)
    #expect(
      ConversionPlot.summaryLines(r) == ["pixels 3", "max 7.001", "p99 7.001", "mean 2.917"])
  }

  @Test func chartDifferencesCoverEveryPixel() throws {
    let source = try TestCubes.vector("sdr_look_11.cube")
    let options = CubeConversionOptions(size: 17)
    let converted = try CubeConverter(options: options).convert(source)
    let chart = EDRTestChart(width: 33, height: 14, headroom: 4)
    let differences = try ConversionQuality.chartDifferences(
      converted: converted, source: source, options: options, chart: chart, threads: 1)
    #expect(differences.count == 33 * 14)
    // PQ Rec.2020 carries colours inside Rec.2020 up to 10 000 cd/m²: only the chart's
    // patches beyond that (the bright wide-gamut blues, a red just outside Rec.2020) are left
    // out.
    let pixels = chart.render()
    let m = Matrix3x3.rgbToRGB(from: .rec709, to: .rec2020)
    for (i, d) in differences.enumerated() {
      let p = (0..<3).map { Double(pixels[4 * i + $0]) }
      let rgb = m * SIMD3(p[0], p[1], p[2])
      let beyond = rgb.max() * options.referenceWhite > 10_000.01 || rgb.min() < -1e-4 * rgb.max()
      #expect((d == nil) == beyond, "pixel \(i): \(rgb)")
    }
    let values = differences.compactMap { $0 }
    #expect(values.count > differences.count * 9 / 10)
    #expect(values.allSatisfy { $0.isFinite && $0 >= 0 })
    #expect(values.contains { $0 > 0 })
    let again = try ConversionQuality.chartDifferences(
      converted: converted, source: source, options: options, chart: chart, threads: 2)
    #expect(again == differences)
  }

  /// HLG cannot carry the chart's saturated highlights (its 1000 cd/m² display puts pure
  /// Rec.2020 blue at 568 cd/m²): those pixels are left out, the others measured.
  @Test func hlgChartLeavesOutWhatHLGCannotCarry() throws {
    let source = try TestCubes.vector("sdr_look_11.cube")
    let options = CubeConversionOptions(target: .hlg, size: 17)
    let converted = try CubeConverter(options: options).convert(source)
    let chart = EDRTestChart(
      width: 64, height: 36, headroom: options.masteringPeak / options.referenceWhite)
    let differences = try ConversionQuality.chartDifferences(
      converted: converted, source: source, options: options, chart: chart, threads: 1)
    let leftOut = differences.filter { $0 == nil }.count
    #expect(leftOut > 0 && leftOut < differences.count / 2)
    #expect(differences.compactMap { $0 }.allSatisfy { $0.isFinite && $0 >= 0 })
  }

  @Test func leftOutPixelsAreGreyAndOutsideTheStatistics() {
    let plot = ConversionPlot(scale: 1)
    let canvas = plot.render(differences: [0.1, nil, 0.1, 7], width: 2, height: 2, title: "t")
    let map = ConversionPlot.heatMapOrigin
    #expect(canvas.color(x: map.x + 1, y: map.y) == ConversionPlot.leftOutColor)
    #expect(canvas.color(x: map.x, y: map.y) == ConversionPlot.color(deltaE: 0.1))
    var r = ConversionReport(differences: [0.1, 0.1, 7], peakNits: 0)
    r.leftOut = 1
    #expect(ConversionPlot.summaryLines(r).last == "left out 1 (grey)")
    #expect(ConversionPlot.summaryLines(r).first == "pixels 3")
  }
}
