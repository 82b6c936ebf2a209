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
      policy, tone map: the same options) at the nodes of a shaper (linear toe below 0, log2 above) over \
      [--range-min, --range-max] × white, working linear, and writes: --for ocio a CLF \
      (halfDomain LUT1D shaper + tetrahedral LUT3D), --for resolve a shaper + 3D .cube, \
      --for ffmpeg a .csp whose prelut is the shaper. --report prints ΔE_ITP of the host's \
      result (emulated by EDRCube; scripts/interop/bake_interop.py measures the real hosts) \
      against EDRCube's own over the range.
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

  @Option(help: "Nodes per axis of the 3D table.")
  var size: Int = 65

  @Option(name: .customLong("range-min"), help: "The lowest input covered, × white (below 0).")
  var rangeMin: Double = -0.25

  @Option(name: .customLong("range-max"), help: "The highest input covered, × white.")
  var rangeMax: Double = 64

  @Option(
    name: .customLong("shaper-offset"),
    help: "The shaper's offset c in log2(x + c): smaller gives more nodes near black.")
  var shaperOffset: Double = 1.0 / 16

  @Option(
    name: .customLong("shaper-toe"), help: "The share of the shaper's output for negative inputs.")
  var shaperToe: Double = 0.125

  @Flag(help: "Print ΔE_ITP of the host's result (emulated) against EDRCube's over the range.")
  var report = false

  @OptionGroup var jsonOutput: JSONOption
  @OptionGroup var quietness: QuietOption

  func validate() throws {
    guard (2...129).contains(size) else { throw ValidationError("--size must be 2…129.") }
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
    let resolved = try transform.resolve(transform.loadLUT(), defaultWorking: .linearRec709)
    let application = resolved.application
    guard application.working.transfer == .linear else {
      throw CLIFailure.tool("bake works in linear light: --working-space linear")
    }
    Console.note(resolved.summary)
    let shaper = BakeShaper(low: rangeMin, high: rangeMax, offset: shaperOffset, toe: shaperToe)
    let bake = LookBake(application, shaper: shaper, size: size)
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
        lut: CubeLUT(file), interpolation: .tetrahedral, extrapolation: .clamp)
      emulated = { processor.apply($0) }
    case .ffmpeg:
      let table = CubeTable3D(size: size, values: bake.values)
      let points = bake.shaperPoints(1025)
      try write { Array(CSPWriter.text(prelut: points.inputs, points.outputs, table: table).utf8) }
      let processor = LUTProcessor(
        lut: CubeLUT(lut3D: table), interpolation: .tetrahedral, extrapolation: .clamp)
      emulated = { rgb in
        let clamped = SIMD3<Double>(rgb).clamped(
          lowerBound: SIMD3(repeating: shaper.low), upperBound: SIMD3(repeating: shaper.high))
        return processor.apply(
          SIMD3(Float(shaper(clamped.x)), Float(shaper(clamped.y)), Float(shaper(clamped.z))))
      }
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
