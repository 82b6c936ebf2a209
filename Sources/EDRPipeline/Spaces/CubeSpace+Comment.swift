public import ColorMath

/// The `# EDRCube space: SPACE [PRIMARIES] [REFERENCE-WHITE]` comment (docs/semantics.md §1).
extension CubeSpace {
  /// The comment's prefix, as it appears after `#` and one space.
  public static let commentPrefix = "EDRCube space:"

  /// Where a resolved cube space came from (`inspect` and `apply` say which).
  public enum Origin: String, Sendable, Hashable {
    /// The command line (`--lut-space`).
    case commandLine = "command line"
    /// The cube's `# EDRCube space:` comment.
    case comment = "cube comment"
    /// Neither: `srgb rec709`.
    case fallback = "default"
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
    case .linear, .srgb, .bt1886: return "\(transfer.rawValue) \(primaries.rawValue)"
    case .pq, .hlg:
      let white =
        referenceWhite == referenceWhite.rounded() && abs(referenceWhite) < 1e15
        ? String(Int(referenceWhite)) : String(referenceWhite)
      return "\(transfer.rawValue) \(primaries.rawValue) \(white)"
    }
  }

  /// Reads the space from a cube's comments (`CubeFile.comments`: text after `#` and one
  /// space). The first comment starting with `EDRCube space:` (any case) counts.
  ///
  /// - Returns: nil when no comment names a space.
  /// - Throws: `EDRPipelineError` when the comment is malformed: an unknown token, two
  ///   primaries or two numbers, or a reference white that is not positive and finite.
  public init?(comments: [String]) throws(EDRPipelineError) {
    let prefix = Self.commentPrefix.lowercased()
    guard
      let line = comments.first(where: {
        $0.trimmingLeadingSpaces.lowercased().hasPrefix(prefix)
      })
    else { return nil }
    let body = line.trimmingLeadingSpaces.dropFirst(prefix.count)
    let tokens = body.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard let first = tokens.first else {
      throw EDRPipelineError(.emptySpaceComment, text: line)
    }
    guard let transfer = Transfer(rawValue: first.lowercased()) else {
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

  /// Decides a cube's space: the command line, else the cube's comment, else `srgb rec709`.
  ///
  /// When `transfer` is given, the comment is ignored and the other parts come from their
  /// flags or the defaults of that transfer. Otherwise the comment (or `srgb rec709`)
  /// supplies the space and `primaries` / `referenceWhite`, when given, replace its parts.
  /// - Throws: `EDRPipelineError` for a malformed comment or a bad reference white.
  public static func resolve(
    transfer: Transfer?, primaries: NamedPrimaries?, referenceWhite: Double?,
    comments: [String]
  ) throws(EDRPipelineError) -> (space: CubeSpace, origin: Origin) {
    if let w = referenceWhite, !(w > 0 && w.isFinite) {
      throw EDRPipelineError(.invalidReferenceWhite(w))
    }
    if let transfer {
      let space = CubeSpace(
        transfer, primaries: primaries, referenceWhite: referenceWhite ?? defaultReferenceWhite)
      return (space, .commandLine)
    }
    let found = try CubeSpace(comments: comments)
    var space = found ?? .fallback
    if let primaries { space.primaries = primaries }
    if let referenceWhite { space.referenceWhite = referenceWhite }
    return (space, found == nil ? .fallback : .comment)
  }
}

extension String {
  /// The string without leading blanks and tabs.
  fileprivate var trimmingLeadingSpaces: Substring {
    self.drop(while: { $0 == " " || $0 == "\t" })
  }
}
