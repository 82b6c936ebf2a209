import CubeAuthoring
import EDRPipeline

/// ``ComparisonPreview`` pictures (one per frame: a sequence's first, middle and last) stacked
/// top to bottom, with a legend of the false-colour bands below them, so that the picture
/// says what its colours mean.
public enum ComparisonSheet {
  /// Blank rows between pictures and around the legend.
  public static let gap = 8
  /// The legend's entries, left to right: each band and its label.
  public static let legend: [(band: ComparisonPreview.Band, label: String)] = [
    (.sdr, "<= 1x white (grey: luminance)"), (.aboveOne, "> 1x"), (.aboveTwo, "> 2x"),
    (.aboveFour, "> 4x"),
  ]
  /// A swatch's size in pixels (the height of a line of text).
  public static let swatch = (width: 10, height: 7)

  /// The legend's width in pixels: per entry a swatch, 4 pixels, the label and 12 pixels.
  public static var legendWidth: Int {
    legend.reduce(0) { $0 + swatch.width + 4 + BitmapFont.width(of: $1.label) + 12 } - 12
  }

  /// Stacks `pictures` (each `width × height` RGBA in display values) with ``gap`` rows
  /// between them, left-aligned on black, then the legend ``gap`` rows below the last.
  public static func render(_ pictures: [(width: Int, height: Int, rgba: [Float])]) -> PlotCanvas {
    let width = max(pictures.map(\.width).max() ?? 0, legendWidth)
    let height = pictures.reduce(0) { $0 + $1.height + gap } + swatch.height
    var canvas = PlotCanvas(width: width, height: height, background: .zero)
    var top = 0
    for picture in pictures {
      for y in 0..<picture.height {
        for x in 0..<picture.width {
          let o = 4 * (y * picture.width + x)
          canvas.set(
            x: x, y: top + y, SIMD3(picture.rgba[o], picture.rgba[o + 1], picture.rgba[o + 2]))
        }
      }
      top += picture.height + gap
    }
    var left = 0
    for (band, label) in legend {
      canvas.fill(
        x: left, y: top, width: swatch.width, height: swatch.height, color: band.color)
      left += swatch.width + 4
      canvas.text(label, x: left, y: top, color: PlotPalette.text)
      left += BitmapFont.width(of: label) + 12
    }
    return canvas
  }
}
