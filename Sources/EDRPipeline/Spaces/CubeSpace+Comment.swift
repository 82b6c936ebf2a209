import ColorMath

/// The `# EDRCube space: SPACE [PRIMARIES] [REFERENCE-WHITE]` comment (docs/semantics.md §1);
/// the two-space form `IN -> OUT` is ``CubeSpacePair``'s.
extension CubeSpace {
  /// The comment's prefix, as it appears after `#` and one space.
  public static let commentPrefix = "EDRCube space:"

  /// Where a resolved cube space came from (`inspect` and `apply` say which).
  public enum Origin: String, Sendable, Hashable {
    /// The command line (`--lut-space` or `--lut-output-space`).
    case commandLine = "command line"
    /// The cube's `# EDRCube space:` comment.
    case comment = "cube comment"
    /// The cube's own words: its TITLE, comments or file name (``SpaceWords``).
    case words = "cube's words"
    /// None of these: `srgb rec709`, announced as assumed.
    case fallback = "default"
    /// A CLF/CTF process list, which is applied raw (docs/clf.md).
    case processList = "CLF"
  }

  /// The comment text for this space, without the `#`: e.g. `EDRCube space: pq rec2020 203`,
  /// `EDRCube space: srgb rec709`, `EDRCube space: raw`. The reference white is written only
  /// for pq and hlg, whose meaning depends on it.
  public var commentText: String { "\(Self.commentPrefix) \(name)" }

  /// The space as its comment and the command line name it: `srgb rec709`, `pq rec2020 203`,
  /// `raw`.
  public var name: String {
    switch transfer {
    case .raw: return "raw"
    case .pq, .hlg:
      let white =
        referenceWhite == referenceWhite.rounded() && abs(referenceWhite) < 1e15
        ? String(Int(referenceWhite)) : String(referenceWhite)
      return "\(transfer.rawValue) \(primaries.rawValue) \(white)"
    default: return "\(transfer.rawValue) \(primaries.rawValue)"
    }
  }

  /// The input space of a cube's `# EDRCube space:` comment (``CubeSpacePair/init(comments:)``);
  /// for the one-space form, the cube's only space.
  ///
  /// - Returns: nil when no comment names a space.
  /// - Throws: `EDRPipelineError` when the comment is malformed.
  public init?(comments: [String]) throws(EDRPipelineError) {
    guard let pair = try CubeSpacePair(comments: comments) else { return nil }
    self = pair.input
  }

  /// Reads one space, `SPACE [PRIMARIES] [REFERENCE-WHITE]`, from a comment's tokens.
  /// - Throws: `EDRPipelineError` naming `line` for an unknown token, two primaries or two
  ///   numbers, or a reference white that is not positive and finite.
  init(tokens: [String], line: String) throws(EDRPipelineError) {
    guard let first = tokens.first else {
      throw EDRPipelineError(.emptySpaceComment, text: line)
    }
    guard let transfer = TransferFunction(rawValue: first.lowercased()) else {
      throw EDRPipelineError(.invalidSpaceComment(token: first), text: line)
    }
    var primaries: NamedPrimaries?
    var white: Double?
    for token in tokens.dropFirst() {
      if primaries == nil, let p = NamedPrimaries(rawValue: token.lowercased()) {
        primaries = p
      } else if white == nil, let w = Double(token) {
        guard w > 0, w.isFinite else {
          throw EDRPipelineError(.invalidReferenceWhite(w), text: line)
        }
        white = w
      } else {
        throw EDRPipelineError(.invalidSpaceComment(token: token), text: line)
      }
    }
    self.init(
      transfer, primaries: primaries, referenceWhite: white ?? Self.defaultReferenceWhite)
  }
}

extension String {
  /// The string without leading blanks and tabs.
  var trimmingLeadingSpaces: Substring {
    self.drop(while: { $0 == " " || $0 == "\t" })
  }
}
