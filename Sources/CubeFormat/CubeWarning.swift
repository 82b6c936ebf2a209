/// Something the reader accepted but that a strict reader would not, with where it was.
public struct CubeWarning: Sendable, Hashable, CustomStringConvertible {
  /// What was noticed.
  public enum Kind: Sendable, Hashable {
    /// A UTF-8 byte-order mark at the start of the file (stripped).
    case byteOrderMark
    /// A line longer than the 250 bytes of the Adobe specification (reported once, at the
    /// first such line).
    case lineTooLong(bytes: Int)
    /// `TITLE` without quotes; the title is the rest of the line, trimmed.
    case unquotedTitle
    /// A keyword not in upper case.
    case keywordCase(String)
    /// A keyword this reader does not know, skipped.
    case unknownKeyword(String)
    /// A `# …` comment after the values of a data or keyword line (reported once, at the
    /// first such line).
    case trailingComment
    /// A 3D size above 256 (accepted up to 1024).
    case largeSize(Int)
    /// A range keyword for a table the file does not have, ignored.
    case rangeForMissingTable(String)
    /// DOMAIN_MIN/MAX and LUT_*_INPUT_RANGE given for the same table; they agree.
    case redundantRange
  }

  /// What was noticed.
  public var kind: Kind
  /// Where.
  public var location: SourceLocation

  /// Creates a warning.
  public init(kind: Kind, location: SourceLocation) {
    self.kind = kind
    self.location = location
  }

  /// A one-line human description of the warning (without location).
  public var message: String {
    switch kind {
    case .byteOrderMark: return "UTF-8 byte-order mark ignored"
    case .lineTooLong(let n):
      return "line is \(n) bytes, longer than the 250 of the Adobe specification"
    case .unquotedTitle: return "TITLE should be quoted"
    case .keywordCase(let k): return "keyword '\(k)' should be upper case"
    case .unknownKeyword(let k): return "unknown keyword '\(k)' ignored"
    case .trailingComment: return "trailing comment after the values"
    case .largeSize(let n):
      return
        "LUT_3D_SIZE \(n) is above \(CubeSizeLimits.nodes3D.upperBound); not every reader accepts it"
    case .rangeForMissingTable(let k): return "\(k) given but the file has no such table; ignored"
    case .redundantRange: return "both DOMAIN_MIN/MAX and an INPUT_RANGE given (they agree)"
    }
  }

  /// Compiler style: `file:line:col: warning: message`.
  public var description: String { "\(location): warning: \(message)" }
}
