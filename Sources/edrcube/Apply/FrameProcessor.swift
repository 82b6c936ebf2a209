import EDRPipeline
import Foundation
import RasterIO

/// What happened to one file.
struct FrameReport {
  var pixels = 0
  var nonFinitePixels = 0
  var clippedValues = 0
  var seconds: (read: Double, apply: Double, write: Double) = (0, 0, 0)
}

/// Reads, transforms and writes one file (all cores within the frame).
struct FrameProcessor {
  var transform: (ImageDocument) throws -> ResolvedTransform
  var part: Int?
  var layer: String?
  var alpha: ImageDocument.AlphaMode?
  var pixelType: EXRPixelType?
  var compression: String?
  var writer: AtomicFileWriter
  /// Where to write a before/after PNG (single-file runs), and its tone-map headroom.
  var preview: (path: String, headroom: Double)?

  func process(_ job: ApplyJob) throws -> FrameReport {
    var report = FrameReport()
    var clock = Clock()
    var document = try ImageDocument.read(path: job.input, part: part, layer: layer)
    var pixels = try document.pixels()
    report.seconds.read = clock.lap()
    report.pixels = pixels.width * pixels.height
    report.nonFinitePixels = Self.countNonFinite(pixels.values)
    let before = preview == nil ? [] : pixels.values
    let application = try transform(document).application
    let apply = { (values: inout [Float]) in
      values.withUnsafeMutableBufferPointer {
        application.apply(inPlace: $0, channels: 4, threads: nil)
      }
    }
    if pixels.hasAlpha && (alpha ?? document.alphaMode) == .premultiplied {
      pixels.withStraightColor(apply)
    } else {
      apply(&pixels.values)
    }
    let range = document.outputRange(pixelType: pixelType)
    report.clippedValues = Self.countClipped(
      pixels.values, limit: range.limit, isInteger: range.isInteger)
    report.seconds.apply = clock.lap()
    try document.write(
      pixels, to: job.output, pixelType: pixelType, compression: compression, writer: writer)
    report.seconds.write = clock.lap()
    if let preview { try writePreview(before: before, after: pixels, to: preview) }
    return report
  }

  private func writePreview(
    before: [Float], after: RGBAPixels, to preview: (path: String, headroom: Double)
  ) throws {
    let picture = ComparisonPreview(headroom: preview.headroom).render(
      before: before, after: after.values, width: after.width, height: after.height)
    try PNGImage.write(
      RGBAPixels(
        width: picture.width, height: picture.height, values: picture.rgba, hasAlpha: false),
      to: preview.path, using: writer)
  }

  /// Pixels with a NaN or infinite R, G or B.
  static func countNonFinite(_ rgba: [Float]) -> Int {
    var count = 0
    for i in stride(from: 0, to: rgba.count, by: 4)
    where !(rgba[i].isFinite && rgba[i + 1].isFinite && rgba[i + 2].isFinite) {
      count += 1
    }
    return count
  }

  /// RGB values the output format cannot hold: beyond ±`limit` (e.g. 65504 for half, which
  /// becomes infinity), or outside 0…1 for integer formats.
  static func countClipped(_ rgba: [Float], limit: Float, isInteger: Bool) -> Int {
    var count = 0
    for i in 0..<rgba.count where i % 4 != 3 {
      let v = rgba[i]
      if isInteger ? (v < 0 || v > 1) : (v.isFinite && abs(v) > limit) { count += 1 }
    }
    return count
  }
}

/// Wall-clock laps.
struct Clock {
  private var last = DispatchTime.now().uptimeNanoseconds

  /// Seconds since the previous lap (or creation).
  mutating func lap() -> Double {
    let now = DispatchTime.now().uptimeNanoseconds
    defer { last = now }
    return Double(now - last) / 1e9
  }
}
