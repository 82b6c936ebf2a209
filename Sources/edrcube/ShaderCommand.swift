import ArgumentParser
import ColorMath
import CubeFormat
import EDRPipeline
import FileOutput
import LUTEngine
import ShaderGen

extension ShaderLanguage: ExpressibleByArgument {}
extension ShaderTableStorage: ExpressibleByArgument {}

/// `edrcube shader`: the cube's application as GLSL, HLSL, WGSL or MSL compute-shader source,
/// a Core Image kernel or a Resolve DCTL (docs/gpu.md).
struct ShaderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "shader",
    abstract:
      "Write a cube's application as GLSL, HLSL, WGSL, MSL, Core Image or DCTL source, with EDR extrapolation.",
    discussion: """
      The shader computes what eval and apply compute with the same options: working space \
      to the cube's input space, the lookup (no hardware filtering; bounded, linear or clamp \
      extrapolation), back, and the highlight policy. Tone maps, video range and CLF/CTF are \
      not supported yet. Interface and bindings: docs/gpu.md.
      """)

  @OptionGroup var transform: TransformOptions

  @Option(
    help:
      "The shading language: glsl (GLSL 4.50 compute), hlsl, wgsl, msl (Metal compute), coreimage (a Core Image Metal kernel) or dctl (a DaVinci Resolve DCTL)."
  )
  var lang: ShaderLanguage

  @Option(
    help:
      "Where the nodes live: buffer (a storage buffer at binding 0, a Metal buffer, a Core Image sampler; default) or constant (an array in the source, cubes up to 9³). A DCTL always holds its table in the source."
  )
  var table: ShaderTableStorage = .buffer

  @OptionGroup var quietness: QuietOption

  @Option(name: .shortAndLong, help: "The shader source file to write.")
  var output: String

  @Option(
    name: .customLong("table-output"),
    help: ArgumentHelp(
      "Also write the binding-0 buffer: 3·N³ Float32 little-endian, red fastest (for coreimage the table image's RGBA Float32 texels).",
      valueName: "OUT.bin"))
  var tableOutput: String?

  func run() throws {
    let lut = transform.lut
    if lang == .dctl && tableOutput != nil {
      throw CLIFailure(
        "--table-output: a DCTL holds its table in the source; there is no buffer to write")
    }
    try OutputChecks.refuseReplacing([lut], by: [output, tableOutput], dashIsStandardOutput: true)
    let resolved = try transform.resolve(transform.loadLUT(), defaultWorking: .linearRec709)
    Console.note(resolved.summary)
    if let note = resolved.policyNote { Console.note(note) }
    let shader: CubeShader
    do {
      // A DCTL holds its table in the source whatever --table says (ShaderTableStorage).
      shader = try CubeShader(
        application: resolved.application, storage: lang == .dctl ? .buffer : table)
    } catch {
      throw CLIFailure("\(lut): error: \(error.description)")
    }
    let tableBytes = 4 * shader.tableData.count
    if lang == .dctl && tableBytes > 65536 {
      Console.note(
        "note: the DCTL's table is \(tableBytes / 1024) KB of __CONSTANT__ data; CUDA's constant "
          + "memory holds 64 KB, so on NVIDIA GPUs use a 17³ cube (docs/gpu.md)")
    }
    let writer = AtomicFileWriter(protecting: [lut], writesDashToStandardOutput: true)
    do {
      try writer.write(to: output) { out in
        try Array(shader.source(lang).utf8).withUnsafeBytes { try out.write($0) }
      }
      if let tableOutput {
        // Float32 in the host's order: little-endian on every platform Swift on Linux targets.
        try AtomicFileWriter(protecting: [lut]).write(to: tableOutput) { out in
          let values = lang == .coreimage ? shader.tableTexels : shader.tableData
          try values.withUnsafeBytes { try out.write($0) }
        }
      }
    } catch {
      throw CLIFailure("\(error)")
    }
  }
}
