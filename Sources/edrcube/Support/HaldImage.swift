import CubeFormat
import Foundation
import RasterIO

/// Hald CLUT images as cube input and output: a `level³ × level³` image whose pixel
/// `x + y·width` holds node `(r, g, b)` of a `level²` cube, red fastest (the layout of
/// `CubeTable3D.haldImage()`). PNG (8/16-bit) and TIFF (integer or float) are read; 16-bit
/// PNG or TIFF is written. Code values are the cube's values in 0…1 (an SDR cube's own
/// encoding); values outside 0…1 clip when written.
enum HaldImage {
  /// Whether `path` is an image (by its magic number) rather than a `.cube` text file.
  static func isImage(_ path: String) -> Bool {
    guard let format = try? ImageFileFormat.detect(path: path) else { return false }
    return format == .png || format == .tiff
  }

  /// Reads a Hald CLUT image as a cube (space: the default, `srgb rec709`).
  static func read(_ path: String) throws -> CubeFile {
    let pixels: RGBAPixels
    do {
      switch try ImageFileFormat.detect(path: path) {
      case .png: pixels = try PNGImage.read(path: path).pixels
      case .tiff: pixels = try TIFFImage.read(path: path).rgba
      default: throw CLIFailure("\(path): error: a Hald CLUT must be a PNG or TIFF image")
      }
    } catch let error as RasterIOError {
      throw CLIFailure(error.description)
    }
    let count = pixels.width * pixels.height
    let rgb = (0..<count * 3).map { pixels.values[4 * ($0 / 3) + $0 % 3] }
    guard pixels.width == pixels.height,
      let table = CubeTable3D(haldSide: pixels.width, rgb: rgb)
    else {
      throw CLIFailure(
        "\(path): error: a Hald CLUT is square with side level³ (8, 27, 64, 125, 216, 343, 512…), "
          + "got \(pixels.width)×\(pixels.height)")
    }
    return CubeFile(
      title: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, lut3D: table)
  }

  /// Writes `table` as a 16-bit Hald CLUT (PNG for `.png`, else TIFF); returns the number of
  /// values clipped to 0…1.
  static func write(_ table: CubeTable3D, to path: String) throws -> Int {
    guard let image = table.haldImage() else {
      throw CLIFailure(
        "\(path): error: a Hald CLUT needs a cube size that is a square (4, 9, 16, 25, 36, 49, 64, …), not \(table.size)"
      )
    }
    let count = image.side * image.side
    var rgba = [Float](repeating: 1, count: count * 4)
    var clipped = 0
    for i in 0..<count * 3 {
      let v = image.rgb[i]
      if !(0...1).contains(v) { clipped += 1 }
      rgba[4 * (i / 3) + i % 3] = min(max(v, 0), 1)
    }
    let pixels = RGBAPixels(width: image.side, height: image.side, values: rgba, hasAlpha: false)
    do {
      if path.lowercased().hasSuffix(".png") {
        try PNGImage.write(pixels, to: path, bitDepth: 16)
      } else {
        let codes = (0..<count * 3).map { UInt16((rgba[4 * ($0 / 3) + $0 % 3] * 65535).rounded()) }
        try TIFFImage(
          width: image.side, height: image.side, samplesPerPixel: 3, samples: .uint16(codes)
        )
        .write(to: path)
      }
    } catch {
      throw CLIFailure("\(error)")  // RasterIOError or FileOutputError: `path: error: …`
    }
    return clipped
  }
}
