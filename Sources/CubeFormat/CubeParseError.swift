/// Why a `.cube` file was rejected, and exactly where.
public struct CubeParseError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of problem.
  public enum Kind: Sendable, Hashable {
    /// No LUT_1D_SIZE or LUT_3D_SIZE before the data (or at all).
    case missingSize
    /// A size outside the accepted range (3D 2…1024, 1D 2…65536) or not an integer.
    case sizeOutOfRange(keyword: String, text: String)
    /// Fewer rows than the size declares (at the last line).
    case tooFewRows(expected: Int, found: Int)
    /// More rows than the size declares (at the first surplus row).
    case tooManyRows(expected: Int)
    /// A data row without exactly three numbers.
    case wrongValueCount(found: Int)
    /// A token that is not a number of the form `[+-]digits[.digits][(e|E)[+-]digits]`,
    /// including `nan`, `inf`, hex floats and numbers that overflow a Float.
    case invalidNumber(String)
    /// Comma-separated values.
    case commaSeparated
    /// A keyword with missing, surplus or malformed arguments.
    case malformedKeyword(String)
    /// A keyword given twice.
    case duplicateKeyword(String, firstLine: Int)
    /// DOMAIN_MIN ≥ DOMAIN_MAX in a channel, or a reversed INPUT_RANGE.
    case invalidRange(String)
    /// DOMAIN and INPUT_RANGE for the same table that disagree.
    case conflictingRanges
    /// DOMAIN_MIN/MAX in a shaper + 3D file (which stage it belongs to is ambiguous).
    case domainInShaperFile
    /// A keyword after the data started.
    case keywordAfterData(String)
    /// A NUL byte or UTF-16 text.
    case binaryContent
    /// `LUT_2D_SIZE` (not a .cube table type).
    case unsupportedKeyword(String)
    /// A line longer than the reader's hard limit.
    case lineTooLong(limit: Int)
    /// A token longer than the reader's limit for one number (hostile input, CVE-2026-42450 class).
    case tokenTooLong(limit: Int)
    /// A line that is neither a keyword, a table row nor a comment (e.g. binary garbage).
    case unexpectedText(String)
    /// The file could not be read.
    case io(String)
  }

  /// The kind of problem.
  public var kind: Kind
  /// Where: the line to blame and the column of the offending token.
  public var location: SourceLocation
  /// The offending line's text, sanitised and truncated for display; `nil` if not one line.
  public var lineText: String?

  /// Creates an error.
  public init(kind: Kind, location: SourceLocation, lineText: String? = nil) {
    self.kind = kind
    self.location = location
    self.lineText = lineText
  }

  /// A one-line human description of the problem (without location).
  public var message: String {
    switch kind {
    case .missingSize: return "no LUT_1D_SIZE or LUT_3D_SIZE before the data"
    case .sizeOutOfRange(let k, let t):
      let limits =
        k.uppercased().hasPrefix("LUT_1D") ? CubeSizeLimits.rows1D : CubeSizeLimits.readableNodes3D
      let range = "\(limits.lowerBound)...\(limits.upperBound)"
      return "\(k) must be an integer in \(range), got '\(t)'"
    case .tooFewRows(let e, let f): return "too few table rows: expected \(e), found \(f)"
    case .tooManyRows(let e): return "too many table rows: expected \(e)"
    case .wrongValueCount(let n): return "a table row needs 3 numbers, found \(n)"
    case .invalidNumber(let t):
      if t.contains(",") { return "invalid number '\(t)' (the decimal separator is '.')" }
      return "invalid number '\(t)'"
    case .commaSeparated:
      return "values are separated by commas; .cube rows are three numbers separated by spaces"
    case .malformedKeyword(let k): return "malformed \(k) line"
    case .duplicateKeyword(let k, let first): return "\(k) repeated (first given on line \(first))"
    case .invalidRange(let k):
      return "\(k): the minimum must be below the maximum in every channel, by more than 2e-34"
    case .conflictingRanges: return "DOMAIN_MIN/MAX and INPUT_RANGE disagree"
    case .domainInShaperFile:
      return "DOMAIN_MIN/MAX in a shaper + 3D file is ambiguous; use LUT_1D/3D_INPUT_RANGE"
    case .keywordAfterData(let k): return "keyword \(k) after the table data started"
    case .binaryContent: return "binary content (NUL byte or UTF-16 text); .cube files are ASCII"
    case .unsupportedKeyword(let k): return "\(k) is not a .cube table type"
    case .lineTooLong(let limit): return "line longer than \(limit) bytes"
    case .tokenTooLong(let limit): return "token longer than \(limit) bytes"
    case .unexpectedText(let t):
      return "expected a keyword, a table row or a comment, found '\(t)'"
    case .io(let reason): return reason
    }
  }

  /// Compiler style: `file:line:col: error: message` (one line; `lineText` is separate).
  public var description: String { "\(location): error: \(message)" }
}
