import ArgumentParser
import CLFFormat
import CubeAuthoring
import CubeFormat
import EDRPipeline
import FileOutput
import Foundation
import LUTEngine
import LUTFormats

/// `edrcube bake --lut CUBE --for ocio|resolve|ffmpeg -o OUT` (docs/bake.md).
struct BakeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bake",
    abstract:
      "Bake a cube as EDRCube applies it into a shaper + 3D LUT that clamping hosts reproduce.",
    discussion: """
      Hosts that clamp a cube at its domain (OpenColorIO and so Nuke, Maya, Blender and \
      ffmpeg's ocio filter; Resolve; ffmpeg's lut3d) lose everything EDRCube does above \
      white. bake evaluates the cube exactly as eval and apply would (space, extrapolation, \
      policy, tone map: the same options) over [--range-min, --range-max] × white, working \
      linear, at the nodes of the cube's own shaper (its input curve and 1D shaper, so the \
      table's nodes are the cube's, extended beyond its domain), and writes: --for ocio a CLF \
      (matrix to the cube's primaries, halfDomain LUT1D shaper, LUT3D, the output curve, \
      matrix back), --for resolve a shaper + 3D .cube, --for ffmpeg a .csp whose prelut is \
      the shaper (those two without matrices: a cube in other primaries takes the log2 \
      shaper). --report prints ΔE_ITP of the host's result (emulated by EDRCube; \
      scripts/interop/bake_interop.py measures the real hosts) against EDRCube's own.
      """)

  /// The host a bake is for.
  enum Host: String, ExpressibleByArgument, CaseIterable {
    case ocio, resolve, ffmpeg
  }

  @OptionGroup var transform: TransformOptions

  @Option(
    name: .customLong("for"), help: "The host: ocio (.clf), resolve (.cube) or ffmpeg (.csp).")
  var host: Host

  @Option(name: [.short, .customLong("output")], help: "The file to write.")
  var output: String

  /// The shaper in front of the table.
  enum Shaper: String, ExpressibleByArgument, CaseIterable {
    case cube, log2
  }

  @Option(
    help: """
      The shaper: cube (the cube's own signal, its nodes the table's, extended over the \
      range) or log2 (a linear toe below 0 and log2 above, --size nodes).
      """)
  var shaper: Shaper = .cube

  @Option(
    help: """
      Nodes per axis of the 3D table (--shaper log2, default 65; OCIO takes at most 129, \
      ffmpeg 256).
      """)
  var size: Int?

  @Option(
    help: """
      Table cells per cube cell (--shaper cube; default 1 for ocio, 2 for resolve and \
      ffmpeg, whose tables hold linear light).
      """)
  var subdivide: Int?

  @Option(
    name: .customLong("highlight-nodes"),
    help: "Nodes per octave above white where a highlight policy shapes the look (--shaper cube).")
  var highlightNodes: Int = 6

  @Option(name: .customLong("range-min"), help: "The lowest input covered, × white (below 0).")
  var rangeMin: Double = -0.25

  @Option(name: .customLong("range-max"), help: "The highest input covered, × white.")
  var rangeMax: Double = 64

  @Option(
    name: .customLong("shaper-offset"),
    help: "The log2 shaper's offset c in log2(x + c): smaller gives more nodes near black.")
  var shaperOffset: Double = 1.0 / 16

  @Option(
    name: .customLong("shaper-toe"),
    help: "The log2 shaper's share of its output for negative inputs.")
  var shaperToe: Double = 0.125

  @Flag(help: "Print ΔE_ITP of the host's result (emulated) against EDRCube's over the range.")
  var report = false

  @OptionGroup var jsonOutput: JSONOption
  @OptionGroup var quietness: QuietOption

  func validate() throws {
    if let size {
      guard shaper == .log2 else { throw ValidationError("--size goes with --shaper log2.") }
      guard (2...256).contains(size) else { throw ValidationError("--size must be 2…256.") }
    }
    if let subdivide {
      guard shaper == .cube else { throw ValidationError("--subdivide goes with --shaper cube.") }
      guard (1...8).contains(subdivide) else { throw ValidationError("--subdivide must be 1…8.") }
    }
    guard (1...32).contains(highlightNodes) else {
      throw ValidationError("--highlight-nodes must be 1…32.")
    }
    guard rangeMin < 0, rangeMax > 0, rangeMin.isFinite, rangeMax.isFinite else {
      throw ValidationError("--range-min must be below 0 and --range-max above 0.")
    }
    guard shaperOffset > 0, shaperOffset.isFinite else {
      throw ValidationError("--shaper-offset must be a positive number.")
    }
    guard shaperToe > 0, shaperToe < 1 else {
      throw ValidationError("--shaper-toe must be in (0, 1).")
    }
  }

  func run() throws {
    try OutputChecks.refuseReplacing([transform.lut], by: [output])
    let loaded = try transform.loadLUT()
    let resolved = try transform.resolve(loaded, defaultWorking: .linearRec709)
    let application = resolved.application
    guard application.working.transfer == .linear else {
      throw CLIFailure.tool("bake works in linear light: --working-space linear")
    }
    Console.note(resolved.summary)
    let bake: LookBake
    // Without a matrix in front (resolve, ffmpeg) the table's axes are the cube's only when the
    // primaries agree; otherwise the log2 shaper, denser.
    let follows = host == .ocio || LookBake.followsCubeNodes(flat: application)
    switch (shaper, loaded) {
    case (.cube, .cube(let file)) where follows:
      bake = LookBake(
        application, lut: CubeLUT(file), layout: host == .ocio ? .structured : .flat,
        low: rangeMin, high: rangeMax, subdivision: subdivide ?? (host == .ocio ? 1 : 2),
        perOctave: highlightNodes)
    case (.log2, _), (.cube, _):
      // A process list has no grid of its own to follow, nor a flat bake of a cube in other
      // primaries: the log2 shaper, 129 nodes then.
      let log2 = BakeShaper(low: rangeMin, high: rangeMax, offset: shaperOffset, toe: shaperToe)
      if host == .ffmpeg, shaper == .cube, size == nil {
        // The grid cannot follow the look's: ffmpeg's table as large as its measured error
        // asks, up to the 256 nodes ffmpeg takes.
        let chosen = LookBake.measured(
          application, shaper: log2, start: 129, limit: 256, target: Self.measuredTarget,
          colours: 4000)
        bake = chosen.bake
        Console.note(
          String(
            format:
              "bake: log2 shaper, %d nodes per axis for p99 ΔE_ITP %.3f (emulated, 4000 colours)",
            bake.size, chosen.report.p99))
      } else {
        bake = LookBake(application, shaper: log2, size: size ?? (shaper == .cube ? 129 : 65))
      }
    }
    let limit = host == .ocio ? 129 : 256
    guard bake.size <= limit else {
      throw CLIFailure.tool(
        "bake: the table would have \(bake.size) nodes per axis, more than \(host.rawValue) takes (\(limit)): "
          + "lower --subdivide or --highlight-nodes, or narrow the range")
    }
    Console.note(
      "bake: \(bake.size)^3 table, shaper over [\(bake.axis.nodes[0]), \(bake.axis.nodes[bake.size - 1])]"
        + (host == .ffmpeg ? "; apply with lut3d=file=\(output):interp=\(bake.interpolation)" : ""))
    let name = URL(fileURLWithPath: transform.lut).deletingPathExtension().lastPathComponent
    let emulated: (SIMD3<Float>) -> SIMD3<Float>
    switch host {
    case .ocio:
      let list = bake.processList(name: name)
      try write { ProcessListWriter.write(list) }
      let processor = ProcessListProcessor(list)
      emulated = { processor.apply($0) }
    case .resolve:
      let file = bake.shaperCube(title: name)
      try write { try CubeWriter.write(file, profile: .resolve) }
      let processor = LUTProcessor(
        lut: CubeLUT(file), interpolation: bake.interpolation, extrapolation: .clamp)
      emulated = { processor.apply($0) }
    case .ffmpeg:
      let table = CubeTable3D(size: bake.size, values: bake.values)
      // ffmpeg resamples a prelut at 65536 evenly spaced inputs: these are they.
      let points = bake.shaperPoints(65536)
      try write { Array(CSPWriter.text(prelut: points.inputs, points.outputs, table: table).utf8) }
      let host = bake.flatHost()
      emulated = { host.apply($0) }
    }
    guard report else { return }
    // The sample does not depend on the shaper options: the figures compare them fairly.
    let inputs = BakeReport.samples(
      BakeShaper(low: rangeMin, high: rangeMax, offset: 0.125), count: 20000)
    let result = BakeReport(
      inputs: inputs, host: inputs.map(emulated), reference: inputs.map(application.apply),
      primaries: application.working.primaries,
      referenceWhite: application.outputSpace.referenceWhite)
    if jsonOutput.json {
      try Console.json(result, pretty: true)
    } else {
      Console.output(
        String(
          format:
            "bake report (%@, emulated): %d colours over [%g, %g] x white: ΔE_ITP max %.3f, p99 %.3f, mean %.3f\n",
          host.rawValue, result.count, rangeMin, rangeMax, result.max, result.p99, result.mean))
    }
  }

  /// The emulated p99 ΔE_ITP an ffmpeg bake that cannot follow the cube's nodes sizes its
  /// table for (docs/bake.md): half the host's target of 1, for the real host's sample.
  static let measuredTarget = 0.5

  /// Writes `output` atomically with the bytes `body` makes.
  private func write(_ body: () throws -> [UInt8]) throws {
    do {
      let bytes = try body()
      try AtomicFileWriter().write(to: output) { file in
        try bytes.withUnsafeBytes { try file.write($0) }
      }
    } catch let error as CustomStringConvertible {
      let text = error.description
      throw CLIFailure(text.hasPrefix(output) ? text : "\(output): error: \(text)")
    }
  }
}
