import ArgumentParser
import ColorMath
import CubeFormat
import EDRPipeline
import KernelLint

/// What a cube's values mean, from the command line: `--lut-space`, `--lut-primaries`,
/// `--lut-output-space`, `--lut-output-primaries`, `--reference-white`, shared by `apply`,
/// `eval` and `inspect` (docs/semantics.md §1).
struct CubeSpaceOptions: ParsableArguments {
  @Option(
    name: .customLong("lut-space"),
    help: """
      What the cube's input values mean: \(TransferFunction.names). Default: the cube's \
      '# EDRCube space:' comment, else the camera/log names in its TITLE, comments or file \
      name (docs/space-names.md), else srgb (announced as assumed).
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
    help: """
      What the cube's output values mean; raw gives the looked-up values as they are (a \
      camera LUT's display code values). Default: the output the comment or the cube's words \
      name ('LogC to Rec709'), else the input's.
      """)
  var lutOutputSpace: TransferFunction?

  @Option(
    name: .customLong("lut-output-primaries"),
    help: """
      The cube's output primaries (default: the output curve's, else the input's; a 1D LUT \
      keeps its input's).
      """)
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

  /// Whether the only option given is `--lut-space raw` (what a CLF file is anyway).
  var isRawOnly: Bool {
    lutSpace == .raw && lutPrimaries == nil && lutOutputPrimaries == nil
      && (lutOutputSpace ?? .raw) == .raw && referenceWhite == nil
  }

  /// Whether any of the options that say what a cube's values mean was given.
  var isGiven: Bool {
    lutSpace != nil || lutPrimaries != nil || lutOutputSpace != nil || lutOutputPrimaries != nil
      || referenceWhite != nil
  }

  /// The spaces of `file` (read from `path`): the flags, else its comment, else its words
  /// (TITLE, comments, file name), else `srgb rec709`.
  /// - Throws: `CLIFailure` naming `path` when the comment is malformed, raw meets another
  ///   space, or a 1D table is given output primaries other than its input's.
  func resolve(_ file: CubeFile, path: String) throws -> CubeSpacePair.Resolution {
    do {
      return try CubeSpacePair.resolve(
        input: lutSpace, primaries: lutPrimaries, output: lutOutputSpace,
        outputPrimaries: lutOutputPrimaries, referenceWhite: referenceWhite,
        comments: file.comments, title: file.title, fileName: path,
        keepsPrimaries: file.lut3D == nil)
    } catch {
      throw CLIFailure("\(path): \(error.description)")
    }
  }
}

extension CubeSpacePair.Resolution {
  /// Where the spaces came from, as the summaries say it: `command line`, `cube comment`,
  /// `default`, `cube's words: TITLE "…"`, or `command line; output from the cube's words:
  /// …` (the text escaped for a terminal).
  var originText: String {
    guard let words else { return origin.rawValue }
    let quoted = "\(words.source.rawValue) \"\(TerminalText.escaped(words.text))\""
    return origin == .words
      ? "\(origin.rawValue): \(quoted)"
      : "\(origin.rawValue); output from the cube's words: \(quoted)"
  }

  /// ``originText``, and for a cube whose space nothing names `; assumed srgb rec709: nothing
  /// in the file names its space`.
  var reasonText: String { assumption.map { "\(originText); \($0)" } ?? originText }
}
