/// How serious a finding is (SARIF `level`, clang label).
public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
  case note, warning, error

  private var rank: Int { self == .note ? 0 : self == .warning ? 1 : 2 }

  /// Orders note < warning < error.
  public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// A position in a file: 1-based line, UTF-8 byte column and UTF-16 column.
public struct SourcePosition: Sendable, Hashable, Codable {
  /// 1-based line.
  public var line: Int
  /// 1-based UTF-8 byte column (clang).
  public var column: Int
  /// 1-based UTF-16 code-unit column (SARIF).
  public var utf16Column: Int
}

/// A range of a file (start and end positions plus byte offsets).
public struct SourceSpan: Sendable, Hashable, Codable {
  /// The start.
  public var start: SourcePosition
  /// The end (exclusive column).
  public var end: SourcePosition
  /// Byte offsets in the file.
  public var offsets: Range<Int>
}

/// A secondary location with a message (`note:` lines, SARIF `relatedLocations`).
public struct RelatedLocation: Sendable, Hashable, Codable {
  /// Where.
  public var span: SourceSpan
  /// Why it matters.
  public var message: String
}

/// One replacement in a file.
public struct TextEdit: Sendable, Hashable, Codable {
  /// The replaced span.
  public var span: SourceSpan
  /// The new text.
  public var newText: String
}

/// A fix: safe ones are applied by `--fix`, suggestions only by `--fix-unsafe`.
public struct Fix: Sendable, Hashable, Codable {
  /// Safe or a behaviour-changing suggestion.
  public enum Kind: String, Sendable, Codable { case safe, suggestion }
  /// The kind.
  public var kind: Kind
  /// What the fix does.
  public var description: String
  /// The edits (non-overlapping).
  public var edits: [TextEdit]
}

/// Where an embedded kernel came from in its host file.
public struct HostInfo: Sendable, Hashable, Codable {
  /// Where the string literal starts.
  public var literalStart: SourcePosition
  /// The 1-based line inside the kernel text.
  public var kernelLine: Int
}

/// A lint finding.
public struct Finding: Sendable, Hashable, Codable {
  /// The rule.
  public var ruleID: RuleID
  /// The effective severity.
  public var severity: Severity
  /// The message.
  public var message: String
  /// The file path as given.
  public var file: String
  /// The location (host coordinates for embedded kernels).
  public var span: SourceSpan
  /// The kernel (entry function) name, if any.
  public var kernel: String?
  /// The dialect of the kernel.
  public var dialect: KernelDialect?
  /// Host information for embedded kernels.
  public var host: HostInfo?
  /// Alpha intervals in World A and B (ALPHA rules).
  public var worlds: [String: [Double]]?
  /// ALPHA002 reason (`uniform`, `colour-channel`, `colour-weight`, `loop`).
  public var reason: String?
  /// Related locations.
  public var related: [RelatedLocation] = []
  /// Fixes.
  public var fixes: [Fix] = []
  /// Whether a directive suppressed it.
  public var isSuppressed = false
  /// The directive's reason, if suppressed with `-- reason`.
  public var justification: String?
}
