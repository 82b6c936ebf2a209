import ArgumentParser
import ColorMath
import CubeFormat
import EDRPipeline
import FileOutput
import LUTEngine
import ShaderGen

extension ShaderLanguage: ExpressibleByArgument {}
extension ShaderTableStorage: ExpressibleByArgument {}

/// `edrcube shader`: the cube's lookup as GLSL or WGSL compute-shader source (docs/gpu.md).
struct ShaderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "shader",
    abstract: "Write a cube's lookup as GLSL or WGSL shader source, with EDR extrapolation.",
    discussion: """
      The shader applies the cube's table to raw values, like eval --lut-space raw with the \
      same --interp and --extrapolation: no hardware filtering, first-order extrapolation \
      (linear, the default here) or clamp. bounded extrapolation, 1D shapers and cube spaces \
      other than raw are not supported yet. Interface and bindings: docs/gpu.md.
      """)

  @Option(help: "The .cube file.", completion: .file(extensions: ["cube"]))
  var lut: String

  @Option(help: "The shading language: glsl (GLSL 4.50 compute) or wgsl.")
  var lang: ShaderLanguage

  @Option(help: "3D interpolation: trilinear or tetrahedral.")
  var interp: Interpolation = .trilinear

  @Option(help: "Outside the cube's domain: linear (default) or clamp (bounded: not yet).")
  var extrapolation: Extrapolation = .linear

  @Option(
    help:
      "Where the nodes live: buffer (a storage buffer at binding 0, default) or constant (an array in the source, cubes up to 9³)."
  )
  var table: ShaderTableStorage = .buffer

  @OptionGroup var cubeSpace: CubeSpaceOptions
  @OptionGroup var quietness: QuietOption

  @Option(name: .shortAndLong, help: "The shader source file to write.")
  var output: String

  @Option(
    name: .customLong("table-output"),
    help: ArgumentHelp(
      "Also write the binding-0 buffer: 3·N³ Float32 little-endian, red fastest.",
      valueName: "OUT.bin"))
  var tableOutput: String?

  func run() throws {
    try OutputChecks.refuseReplacing([lut], by: [output, tableOutput], dashIsStandardOutput: true)
    guard case .cube(let file) = try LoadedLUT.read(lut) else {
      throw CLIFailure("\(lut): error: shader takes a .cube file; CLF/CTF is not supported yet")
    }
    let spaces = try cubeSpace.resolve(file, path: lut)
    guard spaces.spaces.input.transfer == .raw, spaces.spaces.output.transfer == .raw else {
      throw CLIFailure(
        "\(lut): error: shader applies the table to raw values only for now; the cube's space is "
          + "\(spaces.spaces.name) (\(spaces.reasonText)); give --lut-space raw (docs/gpu.md)")
    }
    let shader: CubeShader
    do {
      shader = try CubeShader(
        lut: CubeLUT(file), interpolation: interp, extrapolation: extrapolation, storage: table)
    } catch {
      throw CLIFailure("\(lut): error: \(error.description)")
    }
    let writer = AtomicFileWriter(protecting: [lut], writesDashToStandardOutput: true)
    do {
      try writer.write(to: output) { out in
        try Array(shader.source(lang).utf8).withUnsafeBytes { try out.write($0) }
      }
      if let tableOutput {
        // Float32 in the host's order: little-endian on every platform Swift on Linux targets.
        try AtomicFileWriter(protecting: [lut]).write(to: tableOutput) { out in
          try shader.tableData.withUnsafeBytes { try out.write($0) }
        }
      }
    } catch {
      throw CLIFailure("\(error)")
    }
  }
}
