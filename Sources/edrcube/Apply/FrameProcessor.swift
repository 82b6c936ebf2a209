import CubeAuthoring
import EDRPipeline
import EDRPlots
import FileOutput
import Foundation
import RasterIO

/// What happened to one file.
struct FrameReport {
  var pixels = 0
  var nonFinitePixels = 0
  var nonFiniteOutputs = 0
  var clippedValues = 0
  /// Pixels whose R, G or B exceeded 1 in the input (EDR highlights).
  var edrPixels = 0
  /// The transform's warning about a look that flattens EDR highlights, if any.
  var flatteningWarning: String?
  var seconds: (read: Double, apply: Double, write: Double) = (0, 0, 0)
  /// The before | after | false-colour picture of the frame, when one was asked for.
  var picture: (width: Int, height: Int, rgba: [Float])?
}

/// Reads, transforms and writes one file (all cores within the frame).
struct FrameProcessor {
  /// The transform for pixels in a working space (one per space met).
  var transform: (WorkingSpace) throws -> ResolvedTransform
  /// `--part`: an EXR part's name or index.
  var part: String?
  var layer: String?
  var alpha: ImageDocument.AlphaMode?
  var pixelType: EXRPixelType?
  var compression: String?
  var writer: AtomicFileWriter
  /// What an input may decode to (`--max-image-mib`).
  var limits: RasterLimits
  /// The before/after picture drawn for the frames `process` is asked to picture (`--preview`).
  var comparison: ComparisonPreview?

  /// Processes `job`; with `picturing` (and a ``comparison``) the report holds its picture.
  func process(_ job: ApplyJob, picturing: Bool = false) throws -> FrameReport {
    var report = FrameReport()
    var clock = Clock()
    var document = try ImageDocument.read(
      path: job.input, part: part, layer: layer, limits: limits)
    var working = document.workingSpace
    var alphaMode = alpha ?? document.alphaMode
    if let target = try ApplyJobs.outputFormat(job), target != document.format {
      // The output's format follows its name; the pixels keep their primaries, now linear.
      let conversion = try document.converted(to: target, alpha: alphaMode, path: job.input)
      document = conversion.image
      working = WorkingSpace(.linear, primaries: working.primaries)
      alphaMode = document.alphaMode
      if !conversion.dropped.isEmpty {
        Console.note(
          "note: \(job.input) → \(job.output): not kept in \(target == .tiff ? "TIFF" : "OpenEXR"): "
            + conversion.dropped.joined(separator: ", "))
      }
    }
    report.seconds.read = clock.lap()
    let before = try comparison.flatMap { _ in picturing ? try document.pixels() : nil }
    let resolved = try transform(working)
    let application = resolved.application
    report.flatteningWarning = resolved.flatteningWarning
    let straighten = alphaMode == .premultiplied
    let range = document.outputRange(pixelType: pixelType)
    // The preview shows the float results, before they are stored in the file's type.
    var after = before.map { [Float](repeating: 0, count: $0.values.count) } ?? []
    let (counts, applySeconds) = try after.withUnsafeMutableBufferPointer { afterValues in
      let kept = KeptValues(base: afterValues)
      return try document.transformRGB(
        pixelType: pixelType, compression: compression, writingTo: job.output, writer: writer
      ) { block in
        let counts = BlockCounts(
          applying: application, to: block, straighten: straighten, range: range)
        kept.keep(block)
        return counts
      }
    }
    for c in counts {
      report.pixels += c.pixels
      report.edrPixels += c.edrPixels
      report.nonFinitePixels += c.nonFinitePixels
      report.nonFiniteOutputs += c.nonFiniteOutputs
      report.clippedValues += c.clippedValues
    }
    // Rows are transformed just before they are written: the apply phase is the time spent
    // transforming, the write phase the rest.
    let total = clock.lap()
    report.seconds.apply = applySeconds
    report.seconds.write = max(0, total - applySeconds)
    if let comparison, let before {
      report.picture = comparison.render(
        before: before.values, after: after, width: before.width, height: before.height)
    }
    return report
  }
}

/// Where the blocks' float results are copied for the preview (nowhere without one); each
/// block writes its own pixels.
private struct KeptValues: @unchecked Sendable {
  let base: UnsafeMutableBufferPointer<Float>

  func keep(_ block: RGBABlock) {
    guard !base.isEmpty else { return }
    let start = block.firstPixel * 4
    _ = UnsafeMutableBufferPointer(rebasing: base[start..<(start + block.values.count)])
      .update(fromContentsOf: block.values)
  }
}

/// What one block of pixels showed while the cube was applied to it.
struct BlockCounts: Sendable {
  var pixels = 0
  /// Pixels with a NaN or infinite R, G or B in the input.
  var nonFinitePixels = 0
  /// Pixels with a NaN or infinite R, G or B after the lookup (finite inputs can overflow:
  /// values near Float's largest through a cube that scales them, docs/reliability.md §4).
  var nonFiniteOutputs = 0
  /// RGB values the output format cannot hold: beyond ±`limit` (e.g. 65504 for half, which
  /// becomes infinity), or outside 0…1 for integer formats.
  var clippedValues = 0
  /// Pixels with an R, G or B above 1 (EDR highlights) in the input.
  var edrPixels = 0

  /// Applies `application` to the block in place (dividing colour by alpha around the lookup
  /// when `straighten`, docs/semantics.md §7) and counts.
  init(
    applying application: CubeApplication, to block: RGBABlock, straighten: Bool,
    range: (limit: Float, isInteger: Bool)
  ) {
    let v = block.values
    pixels = block.count
    let scan = Self.scan(v)
    nonFinitePixels = scan.nonFinitePixels
    edrPixels = scan.edrPixels
    // Dividing and multiplying by an alpha of exactly 1 changes nothing: opaque blocks skip it.
    let premultiplied = straighten && block.hasAlpha && !scan.isOpaque
    if premultiplied { RGBAPixels.straighten(v) }
    application.apply(inPlace: v, channels: 4, threads: 1)
    if premultiplied { RGBAPixels.premultiply(v) }
    nonFiniteOutputs = Self.scan(v).nonFinitePixels
    clippedValues = Self.clippedValues(v, range: range)
  }

  /// Pixels whose R, G or B is NaN or infinite (all exponent bits set), pixels whose R, G
  /// or B is above 1, and whether every alpha is exactly 1.
  static func scan(_ rgba: UnsafeMutableBufferPointer<Float>) -> (
    nonFinitePixels: Int, edrPixels: Int, isOpaque: Bool
  ) {
    guard let base = rgba.baseAddress else { return (0, 0, true) }
    let raw = UnsafeRawPointer(base)
    // Alpha's lane is masked to 0, which never equals its 1.
    let mask = SIMD4<UInt32>(0x7F80_0000, 0x7F80_0000, 0x7F80_0000, 0)
    let special = SIMD4<UInt32>(0x7F80_0000, 0x7F80_0000, 0x7F80_0000, 1)
    let one = Float(1).bitPattern
    let colour = SIMD4<Float>(1, 1, 1, 0)
    var count = 0
    var edr = 0
    var notOne: UInt32 = 0
    for p in 0..<(rgba.count / 4) {
      let bits = raw.loadUnaligned(fromByteOffset: p &* 16, as: SIMD4<UInt32>.self)
      if any(bits & mask .== special) { count &+= 1 }
      let value = raw.loadUnaligned(fromByteOffset: p &* 16, as: SIMD4<Float>.self)
      if any(value * colour .> SIMD4<Float>.one) { edr &+= 1 }
      notOne |= bits.w ^ one
    }
    return (count, edr, notOne == 0)
  }

  /// R, G, B values the output format cannot hold: beyond ±`limit` (becoming infinity), or
  /// outside 0…1 for integer formats.
  static func clippedValues(
    _ rgba: UnsafeMutableBufferPointer<Float>, range: (limit: Float, isInteger: Bool)
  ) -> Int {
    // A finite Float stays finite in a float file: nothing to count.
    guard range.isInteger || range.limit < .greatestFiniteMagnitude,
      let base = rgba.baseAddress
    else { return 0 }
    let raw = UnsafeRawPointer(base)
    let colour = SIMD4<Int32>(1, 1, 1, 0)
    let limit = SIMD4<Float>(repeating: range.limit)
    let infinity = SIMD4<Float>(repeating: .infinity)
    var counts = SIMD4<Int32>.zero
    for p in 0..<(rgba.count / 4) {
      let v = raw.loadUnaligned(fromByteOffset: p &* 16, as: SIMD4<Float>.self)
      let outside: SIMDMask<SIMD4<Int32>>
      if range.isInteger {
        outside = (v .< SIMD4<Float>.zero) .| (v .> SIMD4<Float>.one)
      } else {
        let magnitude = v.replacing(with: -v, where: v .< SIMD4<Float>.zero)
        outside = (magnitude .> limit) .& (magnitude .!= infinity)
      }
      counts &+= colour.replacing(with: 0, where: .!outside)
    }
    return Int(counts.wrappedSum())
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
