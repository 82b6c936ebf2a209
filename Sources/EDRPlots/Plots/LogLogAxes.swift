import CubeAuthoring
import EDRPipeline
import Foundation

/// A plot frame with log2 axes in both directions: `x` from 2^`xOctaves.lowerBound` to
/// 2^`xOctaves.upperBound`, `y` likewise, a fixed number of pixels per octave, grid lines and
/// labels at every power of two.
///
/// Pixel mapping (exact at powers of two): column = `left + round((log2 x − xlo) · ppoX)`,
/// row = `top + plotHeight − 1 − round((log2 y − ylo) · ppoY)`.
public struct LogLogAxes: Sendable, Hashable {
  /// Left edge of the plot area in the canvas.
  public var left: Int
  /// Top edge of the plot area in the canvas.
  public var top: Int
  /// The x range as powers of two.
  public var xOctaves: ClosedRange<Int>
  /// The y range as powers of two.
  public var yOctaves: ClosedRange<Int>
  /// Horizontal pixels per octave.
  public var pixelsPerOctaveX: Int
  /// Vertical pixels per octave.
  public var pixelsPerOctaveY: Int

  /// Creates axes whose plot area has its top-left corner at `(left, top)`.
  public init(
    left: Int, top: Int, xOctaves: ClosedRange<Int>, yOctaves: ClosedRange<Int>,
    pixelsPerOctaveX: Int, pixelsPerOctaveY: Int
  ) {
    self.left = left
    self.top = top
    self.xOctaves = xOctaves
    self.yOctaves = yOctaves
    self.pixelsPerOctaveX = max(pixelsPerOctaveX, 1)
    self.pixelsPerOctaveY = max(pixelsPerOctaveY, 1)
  }

  /// Width of the plot area in pixels.
  public var plotWidth: Int { (xOctaves.upperBound - xOctaves.lowerBound) * pixelsPerOctaveX + 1 }
  /// Height of the plot area in pixels.
  public var plotHeight: Int {
    (yOctaves.upperBound - yOctaves.lowerBound) * pixelsPerOctaveY + 1
  }

  /// The canvas column of input `x` (> 0).
  public func column(x: Double) -> Int {
    left + Int(((log2(x) - Double(xOctaves.lowerBound)) * Double(pixelsPerOctaveX)).rounded())
  }

  /// The canvas row of output `y` (> 0), not clipped to the plot area.
  public func row(y: Double) -> Int {
    let up = ((log2(y) - Double(yOctaves.lowerBound)) * Double(pixelsPerOctaveY)).rounded()
    return top + plotHeight - 1 - Int(up)
  }

  /// The input value at a plot-area column offset (0 = left edge).
  func input(atColumn offset: Int) -> Double {
    exp2(Double(xOctaves.lowerBound) + Double(offset) / Double(pixelsPerOctaveX))
  }

  /// Fills the plot area, draws the grid, the frame, the tick labels and the axis titles.
  public func drawFrame(on canvas: inout PlotCanvas, xTitle: String, yTitle: String) {
    canvas.fill(x: left, y: top, width: plotWidth, height: plotHeight, color: PlotPalette.plotArea)
    for octave in xOctaves {
      let x = column(x: exp2(Double(octave)))
      canvas.fill(x: x, y: top, width: 1, height: plotHeight, color: PlotPalette.grid)
      let label = Self.label(octave)
      canvas.text(
        label, x: x - BitmapFont.width(of: label) / 2, y: top + plotHeight + 4,
        color: PlotPalette.text)
    }
    for octave in yOctaves {
      let y = row(y: exp2(Double(octave)))
      canvas.fill(x: left, y: y, width: plotWidth, height: 1, color: PlotPalette.grid)
      let label = Self.label(octave)
      canvas.text(
        label, x: left - 4 - BitmapFont.width(of: label), y: y - 3, color: PlotPalette.text)
    }
    canvas.frame(
      x: left - 1, y: top - 1, width: plotWidth + 2, height: plotHeight + 2,
      color: PlotPalette.axis)
    canvas.text(
      xTitle, x: left + (plotWidth - BitmapFont.width(of: xTitle)) / 2,
      y: top + plotHeight + 16, color: PlotPalette.text)
    canvas.text(yTitle, x: left - 30, y: top - 14, color: PlotPalette.text)
  }

  /// Draws `f` over the whole x range, sampled at every column and joined by lines; outputs
  /// that are not finite or not positive leave a gap, others are clipped to the plot area.
  public func drawCurve(
    on canvas: inout PlotCanvas, color: SIMD3<Float>, _ f: (Double) -> Double
  ) {
    var previous: (x: Int, y: Int)?
    for offset in 0..<plotWidth {
      let y = f(input(atColumn: offset))
      guard y.isFinite, y > 0 else {
        previous = nil
        continue
      }
      let point = (x: left + offset, y: min(max(row(y: y), top), top + plotHeight - 1))
      let from = previous ?? point
      canvas.line(x0: from.x, y0: from.y, x1: point.x, y1: point.y, color: color)
      previous = point
    }
  }

  /// `1/64`, …, `1/2`, `1`, `2`, `4`, …
  static func label(_ octave: Int) -> String {
    octave < 0 ? "1/\(1 << -octave)" : "\(1 << octave)"
  }
}
