import ArgumentParser
import ColorMath
import CubeFormat
import EDRPipeline

/// What a cube's values mean, from the command line: `--lut-space`, `--lut-primaries`,
/// `--lut-output-space`, `--lut-output-primaries`, `--reference-white`, shared by `apply`,
/// `eval` and `inspect` (docs/semantics.md §1).
struct CubeSpaceOptions: ParsableArguments {
  @Option(
    name: .customLong("lut-space"),
    help: """
      What the cube's input values mean: \(TransferFunction.names). Default: the cube's \
      '# EDRCube space:' comment, else srgb.
      """)
  var lutSpace: TransferFunction?

  @Option(
    name: .customLong("lut-primaries"),
    help: """
      The cube's input primaries: \(NamedPrimaries.names) (default: the curve's: rec709; \
      rec2020 for pq and hlg; the camera's gamut for a log curve).
      """)
  var lutPrimaries: NamedPrimaries?

  @Option(
    name: .customLong("lut-output-space"),
    help: "What the cube's output values mean (default: the comment's output, else the input's).")
  var lutOutputSpace: TransferFunction?

  @Option(
    name: .customLong("lut-output-primaries"),
    help: "The cube's output primaries (default: the output curve's, else the input's).")
  var lutOutputPrimaries: NamedPrimaries?

  @Option(
    name: .customLong("reference-white"),
    help: "Cd/m² of EDR 1.0 when converting to PQ or HLG signals (default 203).")
  var referenceWhite: Double?

  func validate() throws {
    if let referenceWhite, !(referenceWhite > 0 && referenceWhite.isFinite) {
      throw ValidationError("--reference-white must be a positive number.")
    }
  }

  /// Whether any of the options that say what a cube's values mean was given.
  var isGiven: Bool {
    lutSpace != nil || lutPrimaries != nil || lutOutputSpace != nil || lutOutputPrimaries != nil
      || referenceWhite != nil
  }

  /// The spaces of `file` (read from `path`): the flags, else its comment, else `srgb rec709`.
  /// - Throws: `CLIFailure` naming `path` when the comment is malformed or raw meets
  ///   another space.
  func resolve(_ file: CubeFile, path: String) throws -> (
    spaces: CubeSpacePair, origin: CubeSpace.Origin
  ) {
    do {
      return try CubeSpacePair.resolve(
        input: lutSpace, primaries: lutPrimaries, output: lutOutputSpace,
        outputPrimaries: lutOutputPrimaries, referenceWhite: referenceWhite,
        comments: file.comments)
    } catch {
      throw CLIFailure("\(path): \(error.description)")
    }
  }
}
