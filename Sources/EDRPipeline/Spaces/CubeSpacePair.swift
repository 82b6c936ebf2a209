public import ColorMath

/// A cube's input and output spaces (docs/semantics.md §1): the comment
/// `# EDRCube space: logc3 awg3 -> bt1886 rec709`, or the one-space form, which means
/// input = output.
public struct CubeSpacePair: Sendable, Hashable {
  /// What the cube's input values mean.
  public var input: CubeSpace
  /// What the cube's output values mean.
  public var output: CubeSpace

  /// A pair; `output` nil means the input space.
  public init(_ input: CubeSpace, output: CubeSpace? = nil) {
    self.input = input
    self.output = output ?? input
  }

  /// A cube that says nothing: `srgb rec709` in and out.
  public static let fallback = CubeSpacePair(.fallback)

  /// The separator of the two-space form.
  public static let arrow = "->"

  /// The spaces as the comment and the summaries name them: `srgb rec709`, or
  /// `logc3 awg3 -> bt1886 rec709` when they differ.
  public var name: String {
    input == output ? input.name : "\(input.name) \(Self.arrow) \(output.name)"
  }

  /// The comment text, without the `#`: `EDRCube space: ` and ``name``.
  public var commentText: String { "\(CubeSpace.commentPrefix) \(name)" }

  /// Reads the spaces from a cube's comments (`CubeFile.comments`: text after `#` and one
  /// space). The first comment starting with `EDRCube space:` (any case) counts: `IN` or
  /// `IN -> OUT`, each `SPACE [PRIMARIES] [REFERENCE-WHITE]`.
  ///
  /// - Returns: nil when no comment names a space.
  /// - Throws: `EDRPipelineError` when the comment is malformed: an unknown token, two
  ///   primaries or two numbers, a reference white that is not positive and finite, more than
  ///   one arrow, or `raw` on one side only.
  public init?(comments: [String]) throws(EDRPipelineError) {
    let prefix = CubeSpace.commentPrefix.lowercased()
    guard
      let line = comments.first(where: {
        $0.trimmingLeadingSpaces.lowercased().hasPrefix(prefix)
      })
    else { return nil }
    let body = String(line.trimmingLeadingSpaces.dropFirst(prefix.count))
    let sides = body.split(separator: Self.arrow, omittingEmptySubsequences: false).map {
      $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    }
    guard sides.count <= 2 else {
      throw EDRPipelineError(.invalidSpaceComment(token: Self.arrow), text: line)
    }
    let input = try CubeSpace(tokens: sides[0], line: line)
    let output = try sides.count == 2 ? CubeSpace(tokens: sides[1], line: line) : input
    guard (input.transfer == .raw) == (output.transfer == .raw) else {
      throw EDRPipelineError(.invalidSpaceComment(token: "raw"), text: line)
    }
    self.init(input, output: output)
  }

  /// Decides a cube's spaces: the command line, else the cube's comment, else `srgb rec709`.
  ///
  /// The input: when `input` is given the comment is ignored and the other parts come from
  /// the flags or the curve's defaults; otherwise the comment (or `srgb rec709`) supplies it
  /// and `primaries` / `referenceWhite` replace its parts. The output: `output` (with
  /// `outputPrimaries` or its curve's default primaries) when given; else the comment's
  /// output when the comment was read and names one; else the input. `outputPrimaries`
  /// replaces the output's primaries; `referenceWhite` applies to both.
  /// - Throws: `EDRPipelineError` for a malformed comment, a bad reference white, or `raw`
  ///   on one side only.
  public static func resolve(
    input: TransferFunction?, primaries: NamedPrimaries?, output: TransferFunction?,
    outputPrimaries: NamedPrimaries?, referenceWhite: Double?, comments: [String]
  ) throws(EDRPipelineError) -> (spaces: CubeSpacePair, origin: CubeSpace.Origin) {
    if let w = referenceWhite, !(w > 0 && w.isFinite) {
      throw EDRPipelineError(.invalidReferenceWhite(w))
    }
    let white = referenceWhite ?? CubeSpace.defaultReferenceWhite
    var pair: CubeSpacePair
    var origin = CubeSpace.Origin.commandLine
    if let input {
      pair = CubeSpacePair(CubeSpace(input, primaries: primaries, referenceWhite: white))
    } else {
      let found = try CubeSpacePair(comments: comments)
      origin = found == nil ? .fallback : .comment
      pair = found ?? .fallback
      let single = pair.input == pair.output
      if let primaries { pair.input.primaries = primaries }
      if let referenceWhite {
        pair.input.referenceWhite = referenceWhite
        pair.output.referenceWhite = referenceWhite
      }
      if single { pair.output = pair.input }
    }
    if let output {
      pair.output = CubeSpace(output, referenceWhite: white)
      origin = .commandLine
    }
    if let outputPrimaries { pair.output.primaries = outputPrimaries }
    guard (pair.input.transfer == .raw) == (pair.output.transfer == .raw) else {
      throw EDRPipelineError(
        .invalidParameter("cube space", reason: "raw cannot be combined with another space"))
    }
    return (pair, origin)
  }
}
