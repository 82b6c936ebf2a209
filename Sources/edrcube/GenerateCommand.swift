import ArgumentParser
import ColorMath
import CubeAuthoring
import CubeFormat
import EDRPipeline
import Foundation
import LUTEngine

/// `edrcube generate …`: cubes from parameters (docs/semantics.md §8).
struct GenerateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Generate cubes: identities, transfer and gamut conversions, looks, resize, compose.",
    discussion: """
      Every cube is baked in Double and stored as Float, on every core, and carries \
      '# EDRCube space: …' and its parameters as comments. --core-image OUT.bin also writes \
      Core Image cubeData and a Swift snippet (default size 64 when only that is written).
      """,
    subcommands: [
      Identity.self, Transfer.self, Gamut.self, Look.self, Resize.self, Compose.self, Chain.self,
    ])
}

extension GenerateCommand {
  /// `generate identity`.
  struct Identity: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "An identity cube: 3D, shaper + 3D (--shaper-size) or 1D (--one-d).")

    @Option(help: "Nodes per axis (rows with --one-d); default 33 (64 for Core Image only).")
    var size: Int?

    @Option(help: "Rows of an identity shaper in front of the 3D table (Resolve dialect).")
    var shaperSize: Int?

    @Flag(name: .customLong("one-d"), help: "A 1D table instead of a 3D one.")
    var oneD = false

    @OptionGroup var output: CubeOutputOptions

    func run() throws {
      let n = size ?? output.defaultSize(33)
      let file = try CubeOutput.library {
        oneD
          ? try CubeGenerator.identity1D(size: n)
          : try CubeGenerator.identity3D(size: n, shaperSize: shaperSize)
      }
      try CubeOutput.write(file, output)
    }
  }

  /// `generate transfer`.
  struct Transfer: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "A transfer (and primaries) conversion cube between two cube spaces.")

    @Option(help: "Input encoding: linear, srgb, bt1886, pq, hlg.") var from: TransferFunction
    @Option(help: "Output encoding: linear, srgb, bt1886, pq, hlg.") var to: TransferFunction
    @Option(help: "Input primaries (default: the encoding's).") var fromPrimaries: NamedPrimaries?
    @Option(help: "Output primaries (default: the encoding's).") var toPrimaries: NamedPrimaries?
    @OptionGroup var common: ConversionGridOptions
    @OptionGroup var output: CubeOutputOptions

    func run() throws {
      let source = CubeSpace(from, primaries: fromPrimaries, referenceWhite: common.referenceWhite)
      let target = CubeSpace(to, primaries: toPrimaries, referenceWhite: common.referenceWhite)
      try common.write(from: source, to: target, output)
    }
  }

  /// `generate gamut`.
  struct Gamut: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "A gamut conversion cube (linear values unless --transfer says otherwise).")

    @Option(help: "Input primaries.") var from: NamedPrimaries
    @Option(help: "Output primaries.") var to: NamedPrimaries
    @Option(help: "The encoding of input and output (default linear).")
    var transfer: TransferFunction = .linear
    @OptionGroup var common: ConversionGridOptions
    @OptionGroup var output: CubeOutputOptions

    func run() throws {
      let w = common.referenceWhite
      try common.write(
        from: CubeSpace(transfer, primaries: from, referenceWhite: w),
        to: CubeSpace(transfer, primaries: to, referenceWhite: w), output)
    }
  }

  /// `generate resize`.
  struct Resize: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Resample a cube's 3D table (or its only 1D table) to a new size.")

    @Argument(help: "The cube to resample.", completion: .file(extensions: ["cube"]))
    var input: String
    @Option(help: "The new size.") var size: Int?
    @Option(help: "Interpolation of the source: trilinear or tetrahedral.")
    var interp: Interpolation = .trilinear
    @OptionGroup var output: CubeOutputOptions

    func run() throws {
      try OutputChecks.refuseReplacing([input], by: output.paths)
      let file = try CubeOutput.read(input)
      let n = size ?? output.defaultSize(file.lut3D?.size ?? file.lut1D?.size ?? 33)
      let resized = try CubeOutput.library {
        try CubeGenerator.resize(file, size: n, interpolation: interp)
      }
      try CubeOutput.write(resized, output)
    }
  }

  /// `generate compose`.
  struct Compose: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "One cube that applies A, then B, each in its own spaces (from its comment).")

    @Argument(
      help: "The cube applied first; the result is in its space.",
      completion: .file(extensions: ["cube"]))
    var first: String
    @Argument(help: "The cube applied second.", completion: .file(extensions: ["cube"]))
    var second: String
    @Option(help: "Nodes per axis (default: the larger of the two).") var size: Int?
    @Option(help: "Interpolation of both cubes.") var interp: Interpolation = .trilinear
    @OptionGroup var output: CubeOutputOptions

    func run() throws {
      try OutputChecks.refuseReplacing([first, second], by: output.paths)
      let a = try CubeOutput.read(first)
      let b = try CubeOutput.read(second)
      let composed = try CubeOutput.library {
        let spacesA = try CubeSpacePair(comments: a.comments) ?? .fallback
        let spacesB = try CubeSpacePair(comments: b.comments) ?? .fallback
        return try CubeGenerator.compose(
          a, spaces: spacesA, then: b, spaces: spacesB,
          size: size ?? (output.output == nil ? 64 : nil), interpolation: interp)
      }
      try CubeOutput.write(composed, output)
    }
  }
}

/// Size, domain and reference white of the conversion cubes.
struct ConversionGridOptions: ParsableArguments {
  @Option(help: "Nodes per axis (default 33; 64 for Core Image only).") var size: Int?
  @Option(help: "Input domain maximum (default 1).") var domainMax: Double = 1
  @Option(help: "Cd/m² of EDR 1.0 for pq and hlg (default 203).")
  var referenceWhite: Double = CubeSpace.defaultReferenceWhite

  func write(from source: CubeSpace, to target: CubeSpace, _ output: CubeOutputOptions) throws {
    let n = size ?? output.defaultSize(33)
    let file = try CubeOutput.library {
      try CubeGenerator.conversion(
        from: source, to: target, size: n, domainMax: SIMD3(repeating: domainMax))
    }
    try CubeOutput.write(file, output)
  }
}
