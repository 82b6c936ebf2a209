import CubeAuthoring
import EDRPipeline

/// An RGBA picture in display values (0…1, sRGB-encoded, alpha 1) that plots draw into:
/// filled rectangles, straight lines with a 2×2 brush, and text in a 5×7 bitmap font of our
/// own (`BitmapFont`, internal).
///
/// Rows go top to bottom; drawing outside the canvas is silently cut off. The library never
/// writes files: the CLI hands ``rgba`` to a PNG writer.
public struct PlotCanvas: Sendable, Hashable {
  /// Width in pixels.
  public let width: Int
  /// Height in pixels.
  public let height: Int
  /// `width · height · 4` floats, RGBA, rows top to bottom.
  public private(set) var rgba: [Float]

  /// Creates a canvas filled with `background`.
  public init(width: Int, height: Int, background: SIMD3<Float>) {
    self.width = max(width, 1)
    self.height = max(height, 1)
    rgba = [Float](repeating: 1, count: self.width * self.height * 4)
    fill(x: 0, y: 0, width: self.width, height: self.height, color: background)
  }

  /// The colour at `(x, y)`, or nil outside the canvas.
  public func color(x: Int, y: Int) -> SIMD3<Float>? {
    guard x >= 0, y >= 0, x < width, y < height else { return nil }
    let o = 4 * (y * width + x)
    return SIMD3(rgba[o], rgba[o + 1], rgba[o + 2])
  }

  /// Sets one pixel (ignored outside the canvas); NaN components become 0.
  public mutating func set(x: Int, y: Int, _ color: SIMD3<Float>) {
    guard x >= 0, y >= 0, x < width, y < height else { return }
    let o = 4 * (y * width + x)
    rgba[o] = color.x.isNaN ? 0 : color.x
    rgba[o + 1] = color.y.isNaN ? 0 : color.y
    rgba[o + 2] = color.z.isNaN ? 0 : color.z
  }

  /// Fills a rectangle whose top-left corner is `(x, y)`.
  public mutating func fill(x: Int, y: Int, width w: Int, height h: Int, color: SIMD3<Float>) {
    for row in max(y, 0)..<max(min(y + h, height), max(y, 0)) {
      for column in max(x, 0)..<max(min(x + w, width), max(x, 0)) {
        set(x: column, y: row, color)
      }
    }
  }

  /// Draws a line from `(x0, y0)` to `(x1, y1)` (Bresenham), each step stamping a 2×2 brush
  /// whose top-left pixel is on the line, so every line pixel itself gets `color`.
  public mutating func line(x0: Int, y0: Int, x1: Int, y1: Int, color: SIMD3<Float>) {
    let dx = abs(x1 - x0)
    let dy = -abs(y1 - y0)
    let sx = x0 < x1 ? 1 : -1
    let sy = y0 < y1 ? 1 : -1
    var error = dx + dy
    var (x, y) = (x0, y0)
    while true {
      fill(x: x, y: y, width: 2, height: 2, color: color)
      if x == x1 && y == y1 { break }
      let e2 = 2 * error
      if e2 >= dy {
        error += dy
        x += sx
      }
      if e2 <= dx {
        error += dx
        y += sy
      }
    }
  }

  /// Draws a 1-pixel rectangle outline.
  public mutating func frame(x: Int, y: Int, width w: Int, height h: Int, color: SIMD3<Float>) {
    fill(x: x, y: y, width: w, height: 1, color: color)
    fill(x: x, y: y + h - 1, width: w, height: 1, color: color)
    fill(x: x, y: y, width: 1, height: h, color: color)
    fill(x: x + w - 1, y: y, width: 1, height: h, color: color)
  }

  /// Draws `text` with its top-left corner at `(x, y)`, each font pixel a `scale × scale`
  /// square; characters outside printable ASCII draw as `?`.
  public mutating func text(
    _ text: String, x: Int, y: Int, color: SIMD3<Float>, scale: Int = 1
  ) {
    let s = max(scale, 1)
    for (i, character) in text.enumerated() {
      let left = x + i * BitmapFont.advance * s
      for (row, bits) in BitmapFont.rows(of: character).enumerated() {
        for column in 0..<BitmapFont.glyphWidth where bits & (0x10 >> UInt8(column)) != 0 {
          fill(x: left + column * s, y: y + row * s, width: s, height: s, color: color)
        }
      }
    }
  }

  /// Copies another canvas in with its top-left corner at `(x, y)`.
  public mutating func draw(_ other: PlotCanvas, x: Int, y: Int) {
    for row in 0..<other.height {
      for column in 0..<other.width {
        if let c = other.color(x: column, y: row) { set(x: x + column, y: y + row, c) }
      }
    }
  }
}

/// The colours plots share.
public enum PlotPalette {
  /// The canvas background.
  public static let background = SIMD3<Float>(repeating: 0.09)
  /// Inside a plot frame.
  public static let plotArea = SIMD3<Float>(repeating: 0.13)
  /// Grid lines at the ticks.
  public static let grid = SIMD3<Float>(repeating: 0.22)
  /// Frames and tick marks.
  public static let axis = SIMD3<Float>(repeating: 0.6)
  /// Labels and titles.
  public static let text = SIMD3<Float>(repeating: 0.9)
}
