import ColorMath

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
  ///   one arrow, or a raw input with another output (a raw output, `IN -> raw`, gives the
  ///   cube's output values as they are).
  public init?(comments: [String]) throws(EDRPipelineError) {
    guard let stated = try Self.stated(in: comments) else { return nil }
    self = stated.spaces
  }

  /// The comment's spaces, whether it has the two-space form and whether its output side
  /// names primaries.
  static func stated(in comments: [String]) throws(EDRPipelineError) -> (
    spaces: CubeSpacePair, namesOutput: Bool, namesOutputPrimaries: Bool
  )? {
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
    guard input.transfer != .raw || output.transfer == .raw else {
      throw EDRPipelineError(.invalidSpaceComment(token: "raw"), text: line)
    }
    let namesPrimaries =
      sides.count == 2
      && sides[1].contains(where: { NamedPrimaries(rawValue: $0.lowercased()) != nil })
    return (CubeSpacePair(input, output: output), sides.count == 2, namesPrimaries)
  }
}
