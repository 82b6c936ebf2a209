import ArgumentParser
import CLFFormat
import ColorMath
import CubeAuthoring
import CubeFormat
import EDRPipeline
import EDRPlots
import FileOutput
import Foundation
import KernelLint
import LUTEngine
import LUTFormats

/// `edrcube inspect CUBE [--json] [--write-as OUT --profile P]` (docs/semantics.md §8).
struct InspectCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "inspect",
    abstract:
      "Describe a .cube, .clf or .ctf file: dialect, sizes, domain, output range and checks.",
    discussion: """
      Reads the file with the strict reader (docs/semantics.md §2) and prints its dialect, title, \
      table sizes and domains, the output range, whether it is an identity, and whether each \
      channel is monotonic along the neutral axis, followed by every warning. A file the \
      reader rejects prints `file:line:col: error: …` and the offending line on stderr and \
      exits non-zero. With --write-as, the file is also written back with EDRCube's writer. \
      A .clf or .ctf file is described as a process list: its nodes, their bit depths and \
      parameters, and the output range over the 0–1 input cube (docs/clf.md).
      """)

  @Argument(
    help:
      "The LUT to inspect: .cube, a Hald CLUT image, .clf, .ctf, .3dl, .csp, .spi1d, .spi3d, .spimtx, .cc, .ccc or .cdl.",
    completion: .file(extensions: LUTFormatOptions.extensions))
  var cube: String

  @OptionGroup var lutReading: LUTFormatOptions

  @OptionGroup var jsonOutput: JSONOption

  @Option(
    name: .customLong("write-as"),
    help: "Also write the cube with EDRCube's writer to this path (.clf or .ctf: as CLF).",
    completion: .file(extensions: ["cube", "clf", "ctf"]))
  var writeAs: String?

  @Option(help: "The writer profile for --write-as: adobe, resolve or ocio.")
  var profile: CubeWriterProfile = .adobe

  @OptionGroup var cubeSpace: CubeSpaceOptions

  @Option(
    help: "Also draw the cube's transfer curves and constant-blue slices into this PNG.",
    completion: .file(extensions: ["png"]))
  var plot: String?

  @Option(
    name: .customLong("plot-headroom"), help: "The brightest input --plot shows, × white (≥ 1).")
  var plotHeadroom: Double = 8

  @OptionGroup var quietness: QuietOption

  func validate() throws {
    guard plotHeadroom >= 1, plotHeadroom.isFinite else {
      throw ValidationError("--plot-headroom must be a finite number ≥ 1.")
    }
  }

  func run() throws {
    try OutputChecks.refuseReplacing([cube], by: [plot, writeAs])
    let format = try LoadedLUT.format(of: cube, forced: lutReading.lutFormat)
    let file: CubeFile
    switch try lutReading.read(cube) {
    case .processList(let list): return try inspect(list, format: format)
    case .cube(let cube): file = cube
    }
    let space = try cubeSpace.resolve(file, path: cube)
    // The spelling other readers care about (keyword case, comment placement, byte-order
    // mark, printed decimals); the file was just read, so a failure here only leaves the
    // survey empty. A Hald image has none, and a pipe or FIFO cannot be read a second time
    // (opening a FIFO again would wait for a writer that is gone).
    var info = stat()
    let regular = stat(cube, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    let bytes =
      format == .hald || !regular
      ? nil : (try? Data(contentsOf: URL(fileURLWithPath: cube), options: .alwaysMapped))
    if let assumption = space.assumption { Console.note("\(cube): note: \(assumption)") }
    let report = InspectReport(
      path: cube, file: file, space: space, survey: CubeSyntaxSurvey(data: bytes ?? Data()))
    if jsonOutput.json {
      try Console.json(report, pretty: true)
    } else {
      Console.output(report.text)
    }
    if let plot {
      let name = URL(fileURLWithPath: cube).lastPathComponent
      let canvas = CubePlot(headroom: plotHeadroom).render(
        file: file, space: space.spaces.output, name: name)
      try PlotPNG.write(canvas, to: plot)
    }
    if let writeAs, LoadedLUT.isProcessList(writeAs) {
      do {
        try ProcessListWriter.write(ProcessList(cube: file), toPath: writeAs)
      } catch {
        throw CLIFailure(error.description)
      }
    } else if let writeAs {
      do {
        try CubeWriter.write(file, profile: profile, toPath: writeAs)
      } catch {
        throw CLIFailure(
          error.description.hasPrefix(writeAs) ? error.description : "\(writeAs): \(error)")
      }
    }
  }

  /// `inspect` of a process list (CLF/CTF and the formats read as one); `--write-as` writes it
  /// with EDRCube's CLF writer.
  private func inspect(_ list: ProcessList, format: LUTFormat) throws {
    let spaceGiven = cubeSpace.isGiven && !cubeSpace.isRawOnly
    if plot != nil || spaceGiven || (writeAs.map { !LoadedLUT.isProcessList($0) } ?? false) {
      throw CLIFailure(
        "\(cube): error: a process list (CLF, CTF, .3dl, .csp, .spi*, CDL) takes no --plot or --lut-space options (but --lut-space raw, which it is), and --write-as writes .clf or .ctf"
      )
    }
    let report = ProcessListReport(path: cube, list: list, format: format)
    if jsonOutput.json {
      try Console.json(report, pretty: true)
    } else {
      Console.output(report.text)
    }
    if let writeAs {
      do {
        try ProcessListWriter.write(list, toPath: writeAs)
      } catch {
        throw CLIFailure(error.description)
      }
    }
  }
}

extension CubeWriterProfile: ExpressibleByArgument {}

/// What `inspect` reports, as text or as JSON (every key present; absent values are null).
struct InspectReport: Encodable {
  /// A stage's per-channel input domain.
  struct Domain: Encodable {
    var min: [Float]
    var max: [Float]
  }

  /// A cube space and where it came from.
  struct Space: Encodable, Equatable {
    var transfer: String
    var primaries: String?
    var referenceWhite: Double?
    var origin: String

    init(_ space: CubeSpace, origin: CubeSpace.Origin) {
      transfer = space.transfer.rawValue
      primaries = space.transfer == .raw ? nil : space.primaries.rawValue
      referenceWhite = space.transfer.isHDR ? space.referenceWhite : nil
      self.origin = origin.rawValue
    }

    /// `pq rec2020 203`, `srgb rec709`, `raw`.
    var text: String {
      ([transfer, primaries] + [
        referenceWhite.map { $0 == $0.rounded() ? String(Int($0)) : "\($0)" }
      ]).compactMap { $0 }
        .joined(separator: " ")
    }
  }

  /// A reader warning with its position.
  struct Warning: Encodable {
    var line: Int
    var column: Int
    var message: String
  }

  var file: String
  var dialect: String
  var title: String?
  var lut1DSize: Int?
  var lut3DSize: Int?
  /// The first stage's domain (the shaper's in a shaper file).
  var domainMin: [Float]
  var domainMax: [Float]
  var domain1D: Domain?
  var domain3D: Domain?
  var outputMin: [Float]
  var outputMax: [Float]
  var isIdentity: Bool
  var monotonic: [CubeMonotonicity]
  var inputVideoRange: Bool
  var outputVideoRange: Bool
  var comments: [String]
  var warnings: [Warning]
  /// Comments and warnings counted but not kept (CubeReader's limits).
  var commentsOmitted: Int
  var warningsOmitted: Int
  /// Warnings as compiler-style lines, for the text report.
  private var warningLines: [String]
  /// docs/semantics.md §1: the flag, else the `# EDRCube space:` comment, else srgb rec709:
  /// the input space, and the output space (equal to it unless the cube says otherwise).
  var space: Space
  var outputSpace: Space
  /// Why these spaces: `command line`, `cube comment`, `cube's words: TITLE "…"`, or
  /// `default; assumed srgb rec709: nothing in the file names its space`.
  var spaceReason: String
  /// docs/semantics.md §4: for an SDR cube, `k`, the relative slope of its neutral response
  /// at white, and whether it clips there (`k` < 0.1); nil for other spaces.
  var neutralSlopeAtWhite: Double?
  var clipsAtWhite: Bool?
  /// Which other readers take the file (docs/interchange.md).
  var readers: [CubeReaderVerdict]

  init(
    path: String, file: CubeFile, space resolved: CubeSpacePair.Resolution,
    survey: CubeSyntaxSurvey
  ) {
    func array(_ v: SIMD3<Float>) -> [Float] { [v.x, v.y, v.z] }
    let analysis = file.analyze(printedDecimals: survey.fractionDigits)
    let first =
      file.lut1D.map { ($0.domainMin, $0.domainMax) }
      ?? file.lut3D.map { ($0.domainMin, $0.domainMax) } ?? (.zero, .one)
    self.file = path
    dialect = file.dialect.rawValue
    title = file.title
    lut1DSize = file.lut1D?.size
    lut3DSize = file.lut3D?.size
    domainMin = array(first.0)
    domainMax = array(first.1)
    domain1D = file.lut1D.map { Domain(min: array($0.domainMin), max: array($0.domainMax)) }
    domain3D = file.lut3D.map { Domain(min: array($0.domainMin), max: array($0.domainMax)) }
    outputMin = array(analysis.outputMin)
    outputMax = array(analysis.outputMax)
    isIdentity = analysis.isIdentity
    monotonic = analysis.monotonicity
    inputVideoRange = file.inputVideoRange
    outputVideoRange = file.outputVideoRange
    comments = file.comments
    warnings = file.warnings.map {
      Warning(line: $0.location.line, column: $0.location.column, message: $0.message)
    }
    warningLines = file.warnings.map { TerminalText.escaped($0.description) }
    commentsOmitted = file.omittedComments
    warningsOmitted = file.omittedWarnings
    space = Space(resolved.spaces.input, origin: resolved.origin)
    outputSpace = Space(resolved.spaces.output, origin: resolved.origin)
    spaceReason = resolved.reasonText
    let look = CubeApplication(
      lut: CubeLUT(file), space: resolved.spaces.input, outputSpace: resolved.spaces.output)
    neutralSlopeAtWhite = look.neutralSlopeAtWhite
    clipsAtWhite = look.neutralSlopeAtWhite == nil ? nil : look.clipsAtWhite
    readers = file.readerVerdicts(survey: survey)
  }

  enum CodingKeys: String, CodingKey {
    case file, dialect, title, lut1DSize, lut3DSize, domainMin, domainMax, domain1D, domain3D
    case outputMin, outputMax, isIdentity, monotonic, inputVideoRange, outputVideoRange
    case comments, warnings, commentsOmitted, warningsOmitted, space, outputSpace, spaceReason
    case neutralSlopeAtWhite, clipsAtWhite, readers
  }

  func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(file, forKey: .file)
    try c.encode(dialect, forKey: .dialect)
    try c.encode(title, forKey: .title)
    try c.encode(lut1DSize, forKey: .lut1DSize)
    try c.encode(lut3DSize, forKey: .lut3DSize)
    try c.encode(domainMin, forKey: .domainMin)
    try c.encode(domainMax, forKey: .domainMax)
    try c.encode(domain1D, forKey: .domain1D)
    try c.encode(domain3D, forKey: .domain3D)
    try c.encode(outputMin, forKey: .outputMin)
    try c.encode(outputMax, forKey: .outputMax)
    try c.encode(isIdentity, forKey: .isIdentity)
    try c.encode(monotonic, forKey: .monotonic)
    try c.encode(inputVideoRange, forKey: .inputVideoRange)
    try c.encode(outputVideoRange, forKey: .outputVideoRange)
    try c.encode(comments, forKey: .comments)
    try c.encode(warnings, forKey: .warnings)
    try c.encode(commentsOmitted, forKey: .commentsOmitted)
    try c.encode(warningsOmitted, forKey: .warningsOmitted)
    try c.encode(space, forKey: .space)
    try c.encode(outputSpace, forKey: .outputSpace)
    try c.encode(spaceReason, forKey: .spaceReason)
    try c.encode(neutralSlopeAtWhite, forKey: .neutralSlopeAtWhite)
    try c.encode(clipsAtWhite, forKey: .clipsAtWhite)
    try c.encode(readers, forKey: .readers)
  }

  /// `pq rec2020 203`, `srgb rec709`, `raw`, `logc3 awg3 -> bt1886 rec709`.
  private var spaceText: String {
    space == outputSpace ? space.text : "\(space.text) \(CubeSpacePair.arrow) \(outputSpace.text)"
  }

  /// ` (and N more, not kept)` when `count` is positive.
  private static func omitted(_ count: Int) -> String {
    count > 0 ? " (and \(count) more, not kept)" : ""
  }

  /// `clips (neutral slope 0.000)`, `rises (neutral slope 0.281)`, or `n/a` for non-SDR cubes.
  private var whiteText: String {
    guard let k = neutralSlopeAtWhite, let clips = clipsAtWhite else { return "n/a" }
    return (clips ? "clips" : "rises") + " (neutral slope " + String(format: "%.3f", k) + ")"
  }

  /// `yes` (same values), `no` (refuses the file) or `differs` (loads it, other values).
  private static func state(_ verdict: CubeReaderVerdict) -> String {
    verdict.accepts ? "yes" : verdict.loads ? "differs" : "no"
  }

  /// The report as aligned text lines, then the warnings compiler-style; text from the file
  /// (title, names, keywords) has its control characters escaped.
  var text: String {
    func list(_ v: [Float]) -> String { "[" + v.map { "\($0)" }.joined(separator: ", ") + "]" }
    func stage(_ size: Int?, _ d: Domain?, _ suffix: String) -> String {
      guard let size, let d else { return "none" }
      return "size \(size)\(suffix), domain \(list(d.min)) … \(list(d.max))"
    }
    let channels = ["r", "g", "b"]
    let range = (0..<3).map { "\(channels[$0]) [\(outputMin[$0]), \(outputMax[$0])]" }
    let directions = (0..<3).map { "\(channels[$0]) \(monotonic[$0].rawValue)" }
    var lines = [
      TerminalText.escaped(file),
      "  dialect       \(dialect)",
      "  title         \(title.map { "\"\(TerminalText.escaped($0))\"" } ?? "none")",
      "  1D table      \(stage(lut1DSize, domain1D, lut3DSize == nil ? "" : " (shaper)"))",
      "  3D table      \(stage(lut3DSize, domain3D, ""))",
      "  video range   in \(inputVideoRange ? "yes" : "no"), out \(outputVideoRange ? "yes" : "no")",
      "  output range  \(range.joined(separator: "  "))",
      "  space         \(spaceText) (\(space.origin == CubeSpace.Origin.words.rawValue ? spaceReason : space.origin))",
      "  white         \(whiteText)",
      "  identity      \(isIdentity ? "yes" : "no")",
      "  monotonic     \(directions.joined(separator: ", "))",
      "  comments      \(comments.count)\(Self.omitted(commentsOmitted))",
      "  warnings      \(warnings.count)\(Self.omitted(warningsOmitted))",
      "  readers       "
        + readers.map { "\($0.reader.rawValue) \(Self.state($0))" }.joined(separator: ", "),
    ]
    lines += readers.filter { !$0.accepts }.map {
      "    \($0.reader.rawValue) (\(Self.state($0))): " + $0.reasons.joined(separator: "; ")
    }
    lines += warningLines
    return lines.joined(separator: "\n")
  }
}
