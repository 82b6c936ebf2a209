import EDRPipeline
import EDRPlots
import FileOutput
import RasterIO

/// Writes a rendered plot as an 8-bit PNG, a write failure as a CLI error.
enum PlotPNG {
  static func write(
    _ canvas: PlotCanvas, to path: String, using writer: AtomicFileWriter = AtomicFileWriter()
  ) throws {
    do {
      try PNGImage.write(
        RGBAPixels(
          width: canvas.width, height: canvas.height, values: canvas.rgba, hasAlpha: false),
        to: path, using: writer)
    } catch let error as RasterIOError {
      throw CLIFailure.tool(error.description)
    }
  }
}
