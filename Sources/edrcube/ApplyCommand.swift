import ArgumentParser
import CubeAuthoring
import CubeFormat
import EDRPipeline
import FileOutput
import Foundation
import RasterIO
import WorkScheduler

/// `edrcube apply`: the main job, a cube applied to EDR images with nothing else changed.
struct ApplyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "apply",
    abstract: "Apply a cube to OpenEXR and TIFF images, files, folders or frame sequences.",
    discussion: """
      Every other channel, part, header attribute and tag is carried to the output unchanged; \
      alpha is copied bit-exact. EXR colour is premultiplied: RGB is divided by alpha where \
      alpha > 0, the cube applied, and RGB multiplied back. Outputs are written to a temporary \
      file beside the target and renamed when complete; an input is never replaced unless \
      --in-place. Sequences: shot.%04d.exr or shot.####.exr, with --frames 1001-1100 or the \
      frames that exist; --shard K/N takes every N-th frame starting at the K-th, for render-farm \
      array jobs.
      """)

  @Argument(help: "Image files, folders, or sequence patterns (shot.%04d.exr, shot.####.exr).")
  var inputs: [String]

  @OptionGroup var transform: TransformOptions
  @OptionGroup var threading: ThreadOptions
  @OptionGroup var quietness: QuietOption
  @OptionGroup var jsonOutput: JSONOption

  @Option(name: .shortAndLong, help: "The output file (or a sequence pattern for sequences).")
  var output: String?

  @Option(name: .customLong("output-dir"), help: "Write outputs here with their input names.")
  var outputDirectory: String?

  @Flag(name: .customLong("in-place"), help: "Replace the inputs (atomically).")
  var inPlace = false

  @Option(help: "Frames of a sequence input: 1001-1100, 1001-1100x2 or 1,5,9-12.")
  var frames: String?

  @Option(help: "Process slice K of N interleaved slices of the frames (K/N, 1-based).")
  var shard: String?

  @Option(help: "EXR layer to apply to (default: the unnamed layer, R G B).")
  var layer: String?

  @Option(help: "EXR part to apply to (default: the first part that has the layer).")
  var part: Int?

  @Option(
    help:
      "Alpha in the input: premultiplied or straight (default: EXR premultiplied, TIFF from ExtraSamples)."
  )
  var alpha: ImageDocument.AlphaMode?

  @Option(
    name: .customLong("pixel-type"),
    help: "EXR output RGB pixel type (default: kept).")
  var pixelType: PixelTypeOption?

  @Option(
    help:
      "Output compression (EXR: none, rle, zips, zip, piz, pxr24, b44, b44a, dwaa, dwab; TIFF: none, lzw, deflate, zip, packbits, lzma, zstd, jpeg). Default: kept."
  )
  var compression: CompressionOption?

  @Option(
    help:
      "Write a before/after PNG (tone-mapped for SDR, with a false-colour map of output above 1, 2, 4× white)."
  )
  var preview: String?

  @Option(name: .customLong("preview-headroom"), help: "The EDR value shown as white in --preview.")
  var previewHeadroom: Double = 8

  @Option(
    name: .customLong("max-image-mib"),
    help:
      "Refuse an input whose samples decode to more than this many MiB (default 1024: an 8K float RGBA frame is 530 MiB)."
  )
  var maxImageMiB: Int = 1024

  @Flag(help: "Print read/apply/write seconds and megapixels per second per file on stderr.")
  var timing = false

  func validate() throws {
    if let frames, FrameRange(frames) == nil {
      throw ValidationError("--frames: expected 1001-1100, 1001-1100x2 or 1,5,9-12.")
    }
    guard maxImageMiB > 0 else { throw ValidationError("--max-image-mib must be positive.") }
    if let shard, Shard(shard) == nil {
      throw ValidationError("--shard: expected K/N with 1 ≤ K ≤ N.")
    }
  }

  func run() throws {
    let cube = try transform.loadLUT()
    let found = try ApplyJobs.inputs(inputs, frames: frames.flatMap(FrameRange.init))
    let selected = shard.flatMap(Shard.init).map { $0.select(found) } ?? found
    let jobs = try ApplyJobs.jobs(
      selected, output: output, outputDirectory: outputDirectory, inPlace: inPlace)
    // --in-place allows each job's output to be its own input, nothing else.
    try OutputChecks.refuseReplacing([transform.lut], by: jobs.map(\.output) + [preview])
    try OutputChecks.refuseReplacing(jobs.map(\.input), by: [preview])
    if !inPlace {
      try OutputChecks.refuseReplacing(
        jobs.map(\.input), by: jobs.map(\.output),
        remedy: "choose another output, or --in-place to replace the input")
    }
    for job in jobs { try ApplyJobs.checkOutputFormat(job) }
    // One transform per working space, in the order met.
    var transforms: [ResolvedTransform] = []
    let processor = FrameProcessor(
      transform: { document in
        let working = document.workingSpace
        if let known = transforms.first(where: { $0.application.working == working }) {
          return known
        }
        let made = try transform.resolve(cube, defaultWorking: working)
        if transforms.isEmpty, let note = made.policyNote { Console.note(note) }
        transforms.append(made)
        Console.note(made.summary)
        return made
      },
      part: part, layer: layer, alpha: alpha, pixelType: pixelType?.exrPixelType,
      compression: compression?.rawValue,
      writer: AtomicFileWriter(protecting: jobs.map(\.input), allowReplacingInputs: inPlace),
      limits: RasterLimits(maxDecodedBytes: maxImageMiB << 20),
      preview: try previewTarget(jobs: jobs))
    var summary = run(jobs, with: processor)
    summary.describe(transforms)
    if jsonOutput.json {
      if summary.failed == 0 { try Console.json(summary) }
    } else {
      Console.summary(summary.text)
    }
    if summary.failed > 0 {
      throw CLIFailure("edrcube: error: \(summary.failed) file(s) failed", summary: summary)
    }
  }

  private func previewTarget(jobs: [ApplyJob]) throws -> (path: String, headroom: Double)? {
    guard let preview else { return nil }
    guard jobs.count == 1 else {
      throw CLIFailure("edrcube: error: --preview needs a single input")
    }
    return (preview, previewHeadroom)
  }

  /// Processes every job; a file that fails is reported and the batch goes on.
  private func run(_ jobs: [ApplyJob], with processor: FrameProcessor) -> ApplySummary {
    let bar = ProgressBar(total: jobs.count, unit: "frames")
    var summary = ApplySummary(files: jobs.count, lut: transform.lut)
    var warned = false
    for job in jobs {
      do {
        let report = try processor.process(job)
        if !warned, report.edrPixels > 0, let warning = report.flatteningWarning {
          Console.error(warning)
          warned = true
        }
        summary.add(report)
        if timing { printTiming(report, job: job) }
      } catch {
        let failure = error as? CLIFailure ?? CLIFailure("\(error)")
        failure.print()
        summary.add(failure)
      }
      bar.advance()
    }
    return summary
  }

  private func printTiming(_ report: FrameReport, job: ApplyJob) {
    let mpix = Double(report.pixels) / 1e6
    for (phase, seconds) in [
      ("read", report.seconds.read), ("apply", report.seconds.apply),
      ("write", report.seconds.write),
    ] {
      Console.error(
        "timing: \(job.input): \(phase) " + String(format: "%.4f", seconds) + " s "
          + String(format: "%.1f", mpix / max(seconds, 1e-9)) + " Mpix/s"
          + (phase == "apply" ? " on \(WorkScheduler.defaultWorkers) thread(s)" : ""))
    }
  }
}
