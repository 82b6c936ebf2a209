import ArgumentParser
import CubeAuthoring
import CubeFormat
import EDRPipeline
import EDRPlots
import FileOutput
import Foundation
import ImageApplication
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
      alpha > 0, the cube applied, and RGB multiplied back; where alpha is 0 RGB stays as it \
      was (--alpha-zero grade passes it through the cube). Output folders are created. Outputs are written to a temporary \
      file beside the target and renamed when complete; an input is never replaced unless \
      --in-place. Sequences: shot.%04d.exr or shot.####.exr, with --frames 1001-1100 or the \
      frames that exist; --shard K/N takes every N-th frame starting at the K-th, for render-farm \
      array jobs. Streams: apply - -o - reads an image from standard input and writes it to \
      standard output.
      """)

  @Argument(
    help: ArgumentHelp(
      "Image files, folders, sequence patterns (shot.%04d.exr, shot.####.exr), or - for standard input.",
      valueName: "input"),
    completion: .file(extensions: ["exr", "tif", "tiff"]))
  var inputs: [String]

  @OptionGroup var transform: TransformOptions
  @OptionGroup var threading: ThreadOptions
  @OptionGroup var quietness: QuietOption
  @OptionGroup var jsonOutput: JSONOption

  @Option(
    name: .shortAndLong,
    help: "The output file (a sequence pattern for sequences; - for standard output).",
    completion: .file(extensions: ["exr", "tif", "tiff"]))
  var output: String?

  @Option(
    name: .customLong("output-dir"),
    help: "Write outputs here (created if missing) with their input names.",
    completion: .directory)
  var outputDirectory: String?

  @Flag(help: "Search folder inputs recursively; --output-dir keeps their folder structure.")
  var recursive = false

  @Option(
    help:
      "With - as input or output: the image's format, exr or tiff (default: recognised by its first bytes; another is refused)."
  )
  var format: StreamFormat?

  @Flag(name: .customLong("in-place"), help: "Replace the inputs (atomically).")
  var inPlace = false

  @Option(help: "Frames of a sequence input: 1001-1100, 1001-1100x2 or 1,5,9-12.")
  var frames: String?

  @Option(help: "Process slice K of N interleaved slices of the frames (K/N, 1-based).")
  var shard: String?

  @Option(
    help:
      "EXR layer to apply to, in every part that has it (default: every layer with R, G, B; '' is the unnamed one)."
  )
  var layer: String?

  @Option(help: "EXR part to apply to, by name or index (default: every part with R, G, B).")
  var part: String?

  @Option(
    help:
      "EXR view to apply to, of a multi-view or stereo file (default: every view; the parts or layers of the multiView attribute's views)."
  )
  var view: String?

  @Option(
    help:
      "Alpha in the input: premultiplied or straight (default: EXR premultiplied, TIFF from ExtraSamples)."
  )
  var alpha: ImageAlphaMode?

  @Option(
    name: .customLong("alpha-zero"),
    help: ArgumentHelp(
      "Colour of premultiplied pixels whose alpha is 0 (or below): keep leaves it as it was (no glow where there was nothing), grade passes it through the cube as stored (default: keep).",
      valueName: "keep|grade"))
  var alphaZero: TransparentColour = .keep

  @Option(
    name: .customLong("pixel-type"),
    help: "EXR output RGB pixel type (default: kept).")
  var pixelType: PixelTypeOption?

  @Option(help: "DPX output bits per component: 8, 10, 12 or 16 (default: kept).")
  var depth: Int?

  @Option(
    help:
      "Output compression (EXR: none, rle, zips, zip, piz, pxr24, b44, b44a, dwaa, dwab; TIFF: none, lzw, deflate, zip, packbits, lzma, zstd, jpeg). Default: kept."
  )
  var compression: CompressionOption?

  @Option(
    help:
      "Write a before/after PNG (tone-mapped for SDR, with a false-colour map of output above 1, 2, 4× white).",
    completion: .file(extensions: ["png"]))
  var preview: String?

  @Option(
    name: .customLong("preview-headroom"), help: "The EDR value shown as white in --preview (≥ 1).")
  var previewHeadroom: Double = 8

  @Option(
    name: .customLong("max-image-mib"),
    help:
      "Refuse an input whose samples decode to more than this many MiB, 1–\(Self.maxImageMiBLimit) (default 1024: an 8K float RGBA frame is 530 MiB)."
  )
  var maxImageMiB: Int = 1024

  /// The largest `--max-image-mib` (1 TiB), so that the limit in bytes never overflows.
  static let maxImageMiBLimit = 1 << 20

  @Option(
    name: .customLong("max-image-side"),
    help:
      "Refuse an input wider or taller than this many pixels (or with more than its square), 1–\(Self.maxImageSideLimit) (default 16384)."
  )
  var maxImageSide: Int = RasterLimits.standard.maxSide

  /// The largest `--max-image-side` (2²⁰), far above what the decoded-size limit lets through.
  static let maxImageSideLimit = 1 << 20

  @Flag(help: "Print read/apply/write seconds and megapixels per second per file on stderr.")
  var timing = false

  func validate() throws {
    if let depth, !DPXImage.bitDepths.contains(depth) {
      throw ValidationError("--depth must be 8, 10, 12 or 16.")
    }
    if let frames, FrameRange(frames) == nil {
      throw ValidationError("--frames: expected 1001-1100, 1001-1100x2 or 1,5,9-12.")
    }
    guard (1...Self.maxImageMiBLimit).contains(maxImageMiB) else {
      throw ValidationError("--max-image-mib must be between 1 and \(Self.maxImageMiBLimit).")
    }
    guard (1...Self.maxImageSideLimit).contains(maxImageSide) else {
      throw ValidationError("--max-image-side must be between 1 and \(Self.maxImageSideLimit).")
    }
    if let shard, Shard(shard) == nil {
      throw ValidationError("--shard: expected K/N with 1 ≤ K ≤ N.")
    }
    guard previewHeadroom >= 1, previewHeadroom.isFinite else {
      throw ValidationError("--preview-headroom must be a finite number ≥ 1.")
    }
    try ApplyStreams.validate(
      inputs: inputs, output: output, outputDirectory: outputDirectory, inPlace: inPlace,
      preview: preview, format: format)
  }

  func run() throws {
    try ApplyJobs.requireOutput(
      inputs, output: output, outputDirectory: outputDirectory, inPlace: inPlace)
    Console.imageOnStandardOutput = output == "-" || preview == "-"
    let cube = try transform.loadLUT()
    let streams = try ApplyStreams(inputs: inputs, format: format, limit: maxImageMiB << 20)
    defer { streams.close() }
    do {
      try run(cube, streams: streams)
    } catch let failure as CLIFailure {
      throw streams.renamed(failure)
    }
  }

  private func run(_ cube: LoadedLUT, streams: ApplyStreams) throws {
    let found = try ApplyJobs.inputs(
      streams.paths(inputs), frames: frames.flatMap(FrameRange.init), recursive: recursive)
    let selected = shard.flatMap(Shard.init).map { $0.select(found) } ?? found
    let jobs = try ApplyJobs.jobs(
      selected, output: output, outputDirectory: outputDirectory, inPlace: inPlace)
    // --in-place allows each job's output to be its own input, nothing else.
    if !inPlace { try ApplyJobs.refuseSharedOutputs(jobs) }
    // --in-place may name one file twice (it is then graded twice, as a loop would).
    try OutputChecks.refuseReplacing(
      [transform.lut], by: jobs.map(\.output) + [preview], dashIsStandardOutput: true,
      distinct: !inPlace)
    try OutputChecks.refuseReplacing(jobs.map(\.input), by: [preview], dashIsStandardOutput: true)
    if !inPlace {
      try OutputChecks.refuseReplacing(
        jobs.map(\.input), by: jobs.map(\.output),
        remedy: "choose another output, or --in-place to replace the input",
        dashIsStandardOutput: true)
    }
    for job in jobs {
      _ = try ApplyJobs.outputFormat(job)
      try streams.checkFormat(of: job)
    }
    try ApplyJobs.createOutputFolders(jobs.map(\.output) + [preview].compactMap { $0 })
    // One transform per working space, in the order met.
    let options = transform
    let made = ResolvedTransforms()
    let processor = FrameProcessor(
      transforms: TransformResolver { working in
        made.lookup(try options.resolve(cube, defaultWorking: working))
      },
      options: ImageGrader.Options(
        part: part, layer: layer, view: view, alpha: alpha, transparent: alphaZero,
        pixelType: pixelType?.exrPixelType, depth: depth, compression: compression?.rawValue,
        limits: RasterLimits(
          maxSide: maxImageSide, maxPixels: maxImageSide * maxImageSide,
          maxDecodedBytes: maxImageMiB << 20)),
      writer: AtomicFileWriter(
        protecting: jobs.map(\.input), allowReplacingInputs: inPlace,
        writesDashToStandardOutput: true),
      comparison: preview.map { _ in ComparisonPreview(headroom: previewHeadroom) })
    var (summary, pictures) = run(jobs, with: processor, streams: streams)
    if let preview, !pictures.isEmpty {
      try PlotPNG.write(ComparisonSheet.render(pictures), to: preview, using: processor.writer)
    }
    summary.describe(made.all)
    if jsonOutput.json {
      if summary.failed == 0 { try Console.json(summary) }
    } else {
      Console.summary(summary.text)
    }
    if summary.failed > 0 {
      throw CLIFailure("edrcube: error: \(summary.failed) file(s) failed", summary: summary)
    }
  }

  /// Processes every job; a file that fails is reported and the batch goes on. A sequence's
  /// frame k + 1 is read and transformed while frame k is written (two frames in memory at
  /// most); what is printed comes in frame order. Returns the summary and the pictures of the
  /// files `--preview` shows.
  private func run(_ jobs: [ImageJob], with processor: FrameProcessor, streams: ApplyStreams)
    -> (ApplySummary, pictures: [(width: Int, height: Int, rgba: [Float])])
  {
    let bar = ProgressBar(total: jobs.count, unit: "frames")
    var summary = ApplySummary(files: jobs.count, lut: transform.lut)
    var warned = false
    // --preview pictures one file, or a sequence's first, middle and last.
    let pictured: Set<Int> = preview == nil ? [] : [0, (jobs.count - 1) / 2, jobs.count - 1]
    var pictures: [(width: Int, height: Int, rgba: [Float])] = []
    func report(_ job: ImageJob, notes: [String], _ result: Result<FrameReport, any Error>) {
      notes.forEach(Console.note)
      switch result {
      case .success(let report):
        if let picture = report.picture { pictures.append(picture) }
        if !warned, report.counts.edrPixels > 0, let warning = report.flatteningWarning {
          Console.error(warning)
          warned = true
        }
        summary.add(report)
        if timing { printTiming(report, job: job) }
      case .failure(let error):
        let failure = streams.renamed(error as? CLIFailure ?? CLIFailure("\(error)"))
        failure.print()
        summary.add(failure)
      }
      bar.advance()
    }
    if jobs.count == 1, let job = jobs.first {
      var notes: [String] = []
      let result = Result {
        try processor.process(job, picturing: !pictured.isEmpty, notes: &notes)
      }
      report(job, notes: notes, result)
      return (summary, pictures)
    }
    WorkScheduler.pipeline(
      count: jobs.count, overlaps: { !ApplyJobs.reads(jobs[$0 + 1], writtenBy: jobs[$0]) },
      prepare: { index in
        var notes: [String] = []
        let result = Result {
          try processor.prepare(jobs[index], picturing: pictured.contains(index), notes: &notes)
        }
        return (notes: notes, result: result)
      },
      finish: { index, prepared in
        let result = prepared.result.flatMap { frame in Result { try processor.write(frame) } }
        report(jobs[index], notes: prepared.notes, result)
      })
    return (summary, pictures)
  }

  private func printTiming(_ report: FrameReport, job: ImageJob) {
    let mpix = Double(report.counts.pixels) / 1e6
    for (phase, seconds) in [
      ("read", report.seconds.read), ("apply", report.seconds.apply),
      ("write", report.seconds.write),
    ] {
      // The contract's form first (`timing: PHASE SECONDS s RATE Mpix/s`), what scripts parse;
      // the worker count and the file after it.
      Console.error(
        "timing: \(phase) " + String(format: "%.4f", seconds) + " s "
          + String(format: "%.1f", mpix / max(seconds, 1e-9)) + " Mpix/s"
          + (phase == "apply" ? " on \(WorkScheduler.defaultWorkers) thread(s)" : "")
          + " (\(job.input))")
    }
  }
}
