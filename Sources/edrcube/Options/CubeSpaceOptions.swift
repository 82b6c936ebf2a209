import ArgumentParser
import ColorMath
import CubeFormat
import EDRPipeline

/// What a cube's values mean, from the command line: `--lut-space`, `--lut-primaries`,
/// `--reference-white`, shared by `apply`, `eval` and `inspect` (docs/semantics.md §1).
struct CubeSpaceOptions: ParsableArguments {
  @Option(
    name: .customLong("lut-space"),
    help: """
      What the cube's values mean: raw, linear, srgb, bt1886, pq, hlg. Default: the cube's \
      '# EDRCube space:' comment, else srgb.
      """)
  var lutSpace: CubeSpace.Transfer?

  @Option(
    name: .customLong("lut-primaries"),
    help: "The cube's primaries: \(NamedPrimaries.names) (default rec709; rec2020 for pq and hlg).")
  var lutPrimaries: NamedPrimaries?

  @Option(
    name: .customLong("reference-white"),
    help: "Cd/m² of EDR 1.0 when converting to PQ or HLG signals (default 203).")
  var referenceWhite: Double?

  func validate() throws {
    if let referenceWhite, !(referenceWhite > 0 && referenceWhite.isFinite) {
      throw ValidationError("--reference-white must be a positive number.")
    }
  }

  /// The space of `file` (read from `path`): the flags, else its comment, else `srgb rec709`.
  /// - Throws: `CLIFailure` naming `path` when the comment is malformed.
  func resolve(_ file: CubeFile, path: String) throws -> (
    space: CubeSpace, origin: CubeSpace.Origin
  ) {
    do {
      return try CubeSpace.resolve(
        transfer: lutSpace, primaries: lutPrimaries, referenceWhite: referenceWhite,
        comments: file.comments)
    } catch {
      throw CLIFailure("\(path): \(error.description)")
    }
  }
}
