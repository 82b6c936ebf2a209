import EDRPipeline
import EDRPlots
import RasterIO

/// Writes a rendered plot as an 8-bit PNG, a write failure as a CLI error.
enum PlotPNG {
  static func write(_ canvas: PlotCanvas, to path: String) throws {
    do {
      try PNGImage.write(
        RGBAPixels(
          width: canvas.width, height: canvas.height, values: canvas.rgba, hasAlpha: false),
        to: path)
    } catch let error as RasterIOError {
      throw CLIFailure.tool(error.description)
    }
  }
}
