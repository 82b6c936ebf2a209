public import ColorMath

extension CubeSpacePair {
  /// A cube's spaces as ``resolve(input:primaries:output:outputPrimaries:referenceWhite:comments:title:fileName:keepsPrimaries:)``
  /// decided them, and what decided them.
  public struct Resolution: Sendable, Hashable {
    /// The spaces.
    public var spaces: CubeSpacePair
    /// Where the input space came from.
    public var origin: CubeSpace.Origin
    /// The cube's words, when they gave the input (origin ``CubeSpace/Origin/words``) or,
    /// under `--lut-space`, the output.
    public var words: SpaceWords?

    /// `assumed srgb rec709: nothing in the file names its space` when nothing did, else nil.
    public var assumption: String? {
      origin == .fallback ? "assumed \(spaces.name): nothing in the file names its space" : nil
    }
  }

  /// Decides a cube's spaces (docs/semantics.md §1): the command line, else the cube's
  /// `# EDRCube space:` comment, else its own words (``SpaceWords``: TITLE, comments, file
  /// name), else `srgb rec709`.
  ///
  /// The input: when `input` is given it and `primaries` (or the curve's default) are the
  /// input; otherwise the comment, the words or `srgb rec709` supply it and `primaries` /
  /// `referenceWhite` replace its parts. The output: `output` (with `outputPrimaries` or its
  /// curve's default primaries) when given; else the output the comment (two-space form) or
  /// the words (`… to …`) state; else the input. A raw input is raw throughout; a raw output
  /// gives the cube's output values as they are. `outputPrimaries` replaces the output's
  /// primaries; `referenceWhite` applies to both.
  ///
  /// - Parameters:
  ///   - input: the input curve the command line names, if any.
  ///   - primaries: the input primaries the command line names, if any.
  ///   - output: the output curve the command line names, if any.
  ///   - outputPrimaries: the output primaries the command line names, if any.
  ///   - referenceWhite: cd/m² of EDR 1.0 for pq and hlg, if given.
  ///   - comments: the cube's comment lines (where `# EDRCube space:` is looked for).
  ///   - title: the cube's TITLE, read for camera and display names.
  ///   - fileName: the cube's path or file name, read for the same names.
  ///   - keepsPrimaries: the cube is a 1D table, which maps each channel on its own and so
  ///     cannot change primaries: its output primaries are its input's unless the comment or
  ///     `outputPrimaries` names them (a flag naming others is an error).
  /// - Throws: `EDRPipelineError` for a malformed comment, a bad reference white, a raw input
  ///   with another output, or output primaries a 1D table cannot have.
  public static func resolve(
    input: TransferFunction?, primaries: NamedPrimaries?, output: TransferFunction?,
    outputPrimaries: NamedPrimaries?, referenceWhite: Double?, comments: [String],
    title: String? = nil, fileName: String? = nil, keepsPrimaries: Bool = false
  ) throws(EDRPipelineError) -> Resolution {
    if let w = referenceWhite, !(w > 0 && w.isFinite) {
      throw EDRPipelineError(.invalidReferenceWhite(w))
    }
    let white = referenceWhite ?? CubeSpace.defaultReferenceWhite
    let stated = try Self.stated(in: comments)
    let words =
      stated == nil
      ? SpaceWords(texts: SpaceWords.texts(title: title, comments: comments, fileName: fileName))
      : nil
    var fileOutput: (space: CubeSpace, namesPrimaries: Bool)?
    if let stated, stated.namesOutput {
      fileOutput = (stated.spaces.output, stated.namesOutputPrimaries)
    } else if let words, words.namesOutput {
      fileOutput = (words.spaces.output, words.namesOutputPrimaries)
    }
    var pair: CubeSpacePair
    var origin = CubeSpace.Origin.commandLine
    var usedWords: SpaceWords?
    if let input {
      pair = CubeSpacePair(CubeSpace(input, primaries: primaries, referenceWhite: white))
      if input == .raw || output != nil { fileOutput = nil }
      if let fileOutput {
        pair.output = fileOutput.space
        pair.output.referenceWhite = referenceWhite ?? fileOutput.space.referenceWhite
        usedWords = stated == nil ? words : nil
      }
    } else {
      origin = stated != nil ? .comment : words != nil ? .words : .fallback
      usedWords = words
      pair = stated?.spaces ?? words?.spaces ?? .fallback
      if let primaries { pair.input.primaries = primaries }
      if let referenceWhite {
        pair.input.referenceWhite = referenceWhite
        pair.output.referenceWhite = referenceWhite
      }
      if fileOutput == nil { pair.output = pair.input }
    }
    var namesOutputPrimaries = fileOutput?.namesPrimaries ?? false
    if let output {
      pair.output = CubeSpace(output, referenceWhite: white)
      origin = .commandLine
      namesOutputPrimaries = false
    }
    if let outputPrimaries {
      pair.output.primaries = outputPrimaries
      namesOutputPrimaries = true
    }
    if keepsPrimaries, pair.output.transfer != .raw {
      if let outputPrimaries, outputPrimaries != pair.input.primaries {
        throw EDRPipelineError(
          .invalidParameter(
            "--lut-output-primaries",
            reason: "a 1D LUT maps each channel on its own and keeps its input primaries "
              + "(\(pair.input.primaries.rawValue)); it cannot output \(outputPrimaries.rawValue)"))
      }
      if !namesOutputPrimaries { pair.output.primaries = pair.input.primaries }
    }
    guard pair.input.transfer != .raw || pair.output.transfer == .raw else {
      throw EDRPipelineError(
        .invalidParameter(
          "cube space", reason: "a raw input cannot be combined with another output space"))
    }
    return Resolution(spaces: pair, origin: origin, words: usedWords)
  }
}
