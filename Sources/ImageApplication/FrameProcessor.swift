import EDRPipeline
import EDRPlots
import FileOutput
import Foundation
import RasterIO

/// What happened to one file.
package struct FrameReport: Sendable {
  /// Nothing yet.
  package init() {}

  /// The frame's pixels and what they showed, summed over its blocks.
  package var counts = BlockCounts()
  /// The transform's warning about a look that flattens EDR highlights, if any.
  package var flatteningWarning: String?
  package var seconds: (read: Double, apply: Double, write: Double) = (0, 0, 0)
  /// The before | after | false-colour picture of the frame, when one was asked for.
  package var picture: (width: Int, height: Int, rgba: [Float])?
}

/// Reads, transforms and writes one file (all cores within the frame), in one pass
/// (``process(_:picturing:notes:)``) or in two steps that overlap across the frames of a
/// sequence (``prepare(_:picturing:notes:)`` then ``write(_:)``); the files are the same.
/// Nothing here prints: notes for the terminal are appended to `notes`, to be printed in frame
/// order.
package struct FrameProcessor: Sendable {
  /// The transform for pixels in a working space (one per space met).
  package var transforms: TransformResolver
  /// How files are read and written (`apply`'s file options).
  package var options: ImageGrader.Options
  package var writer: AtomicFileWriter
  /// The before/after picture drawn for the frames `process` is asked to picture (`--preview`).
  package var comparison: ComparisonPreview?

  /// A processor reading and writing files as `options` say, through `writer`.
  package init(
    transforms: TransformResolver, options: ImageGrader.Options = ImageGrader.Options(),
    writer: AtomicFileWriter, comparison: ComparisonPreview? = nil
  ) {
    self.transforms = transforms
    self.options = options
    self.writer = writer
    self.comparison = comparison
  }

  /// Processes `job`, each batch of rows transformed just before it is written (one file's
  /// fastest path); with `picturing` (and a ``comparison``) the report holds its picture.
  package func process(_ job: ImageJob, picturing: Bool = false, notes: inout [String]) throws
    -> FrameReport
  {
    var clock = Clock()
    var frame = try read(job, picturing: picturing, notes: &notes)
    var report = try frame.transform { document, block in
      try document.transformRGB(
        pixelType: options.pixelType, compression: options.compression, writingTo: job.output,
        writer: writer,
        block)
    }
    // Rows are transformed just before they are written: the apply phase is the time spent
    // transforming, the write phase the rest.
    report.seconds.write = max(0, clock.lap() - report.seconds.read - report.seconds.apply)
    return report
  }

  /// Reads and transforms `job` in memory, for ``write(_:)``: while a sequence's frame is
  /// written, the next one is prepared (`WorkScheduler.pipeline`).
  package func prepare(_ job: ImageJob, picturing: Bool = false, notes: inout [String]) throws
    -> TransformedFrame
  {
    var frame = try read(job, picturing: picturing, notes: &notes)
    let report = try frame.transform { document, block in
      var clock = Clock()
      let results = try document.transformRGB(
        pixelType: options.pixelType, compression: options.compression, for: job.output, block)
      return (results, clock.lap())
    }
    return TransformedFrame(job: job, document: frame.document, report: report)
  }

  /// Writes a frame ``prepare(_:picturing:notes:)`` made; the report gains the write time.
  package func write(_ frame: consuming TransformedFrame) throws -> FrameReport {
    var clock = Clock()
    try frame.document.write(to: frame.job.output, using: writer)
    frame.report.seconds.write = clock.lap()
    return frame.report
  }

  /// Reads `job`'s input (converted to the output's format where that differs) and resolves
  /// its transform.
  private func read(_ job: ImageJob, picturing: Bool, notes: inout [String]) throws -> OpenFrame {
    var clock = Clock()
    var document = try ImageDocument.read(
      path: job.input, part: options.part, layer: options.layer, view: options.view,
      limits: options.limits, notes: &notes)
    if let depth = options.depth { try document.setDepth(depth, path: job.output) }
    var working = document.workingSpaces
    var alphaMode = options.alpha ?? document.alphaMode
    if let target = try ImageDocument.outputFormat(of: job.output), target != document.format {
      // The output's format follows its name; the pixels keep their primaries, now linear.
      let conversion = try document.converted(to: target, alpha: alphaMode, path: job.input)
      document = conversion.image
      working = [WorkingSpace(.linear, primaries: working[0].primaries)]
      alphaMode = document.alphaMode
      if !conversion.dropped.isEmpty {
        notes.append(
          "note: \(job.input) → \(job.output): not kept in \(target == .tiff ? "TIFF" : "OpenEXR"): "
            + conversion.dropped.joined(separator: ", "))
      }
    }
    let readSeconds = clock.lap()
    let before = try comparison.flatMap { _ in picturing ? try document.pixels() : nil }
    let resolved = try working.map { try transforms.transform(for: $0, notes: &notes) }
    if case .exr(var image, let sets, let luminance) = document {
      // Each part's preview from its first set graded (its layers share one thumbnail).
      var regraded = Set<Int>()
      for (index, set) in sets.enumerated()
      where image.parts[set.partIndex].preview != nil && regraded.insert(set.partIndex).inserted {
        PreviewRegrade.regrade(
          &image, set: set, application: resolved[index].application,
          straighten: alphaMode == .premultiplied, transparent: options.transparent)
      }
      if !regraded.isEmpty { document = .exr(image, sets, luminance: luminance) }
    }
    var report = FrameReport()
    report.seconds.read = readSeconds
    report.flatteningWarning = resolved[0].flatteningWarning
    return OpenFrame(
      document: document, applications: resolved.map(\.application),
      straighten: alphaMode == .premultiplied, transparent: options.transparent,
      range: document.outputRange(pixelType: options.pixelType),
      before: before, comparison: comparison, report: report)
  }
}

/// A frame transformed in memory, waiting to be written.
package struct TransformedFrame: Sendable {
  package var job: ImageJob
  package var document: ImageDocument
  /// What the transform found (the write time still missing).
  package var report: FrameReport
}

/// A frame read, with what its transform needs.
private struct OpenFrame {
  var document: ImageDocument
  /// The cube in each set's working space, by set index.
  var applications: [CubeApplication]
  /// Whether colour is divided by alpha around the lookup.
  var straighten: Bool
  /// What becomes of the colour of pixels whose alpha is not above 0, when straightening.
  var transparent: TransparentColour
  /// What the output's channels hold, for counting clipped values.
  var range: (limit: Float, isInteger: Bool)
  /// The input's pixels, for the preview picture.
  var before: RGBAPixels?
  var comparison: ComparisonPreview?
  /// The report so far (read time, flattening warning).
  var report: FrameReport

  /// Calls `run` with the document and the function that transforms a block of a set (and
  /// copies the first set's for the preview); `run` returns the blocks' counts and the seconds
  /// spent transforming. Returns the report with the counts, the apply time and the picture.
  mutating func transform(
    _ run: (inout ImageDocument, @Sendable (Int, RGBABlock) -> BlockCounts) throws -> (
      results: [BlockCounts], seconds: Double
    )
  ) throws -> FrameReport {
    let (applications, straighten, transparent, range) = (
      applications, straighten, transparent, range
    )
    // The preview shows the float results, before they are stored in the file's type.
    var after = before.map { [Float](repeating: 0, count: $0.values.count) } ?? []
    let (counts, seconds) = try after.withUnsafeMutableBufferPointer { afterValues in
      let kept = KeptValues(base: afterValues)
      return try run(&document) { set, block in
        let counts = BlockCounts(
          applying: applications[set], to: block, straighten: straighten,
          transparent: transparent, range: range)
        if set == 0 { kept.keep(block) }
        return counts
      }
    }
    var report = self.report
    for c in counts { report.counts += c }
    report.seconds.apply = seconds
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

/// Wall-clock laps.
package struct Clock {
  private var last = DispatchTime.now().uptimeNanoseconds

  /// A clock started now.
  package init() {}

  /// Seconds since the previous lap (or creation).
  package mutating func lap() -> Double {
    let now = DispatchTime.now().uptimeNanoseconds
    defer { last = now }
    return Double(now - last) / 1e9
  }
}
