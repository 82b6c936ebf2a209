/// The rule identifiers (stable: used in suppressions, configuration and SARIF).
public enum RuleID: String, Sendable, Codable, CaseIterable, Hashable {
  case edr001 = "EDR001"
  case edr002 = "EDR002"
  case edr003 = "EDR003"
  case edr004 = "EDR004"
  case alpha001 = "ALPHA001"
  case alpha002 = "ALPHA002"
  case lint001 = "LINT001"
  case lint002 = "LINT002"
  case lint003 = "LINT003"

  /// The description of this rule.
  public var description: RuleDescription { RuleCatalog.description(of: self) }
}

/// A rule's documentation and examples (SwiftLint-style), the single source for
/// `--list-rules`, `--explain`, SARIF rule metadata and the example tests.
public struct RuleDescription: Sendable {
  /// The id (`EDR001`).
  public var identifier: RuleID
  /// The kebab-case name (`rgb-clamped-to-unit`).
  public var name: String
  /// One sentence.
  public var summary: String
  /// Why it matters (Markdown).
  public var rationale: String
  /// The default severity.
  public var defaultSeverity: Severity
  /// Whether the rule is off unless enabled.
  public var isOptIn: Bool = false
  /// Kernels that must not trigger the rule.
  public var nonTriggeringExamples: [Example]
  /// Kernels that trigger it; `↓` marks the start of each expected finding.
  public var triggeringExamples: [Example]
}

/// An example kernel with where it was written.
public struct Example: Sendable, CustomStringConvertible {
  /// The source text (with `↓` markers in triggering examples).
  public var code: String
  /// The file name extension used to lint it (`cikernel`, `ci.metal`, `swift`).
  public var fileExtension: String
  /// Whether wrapping it in a comment or string would not be meaningful.
  public var skipWrapping: Bool
  /// Rules the example needs enabled (opt-in rules).
  public var file: String
  /// The line where the example is written.
  public var line: Int

  /// Creates an example.
  public init(
    _ code: String, fileExtension: String = "cikernel", skipWrapping: Bool = false,
    file: String = #filePath, line: Int = #line
  ) {
    self.code = code
    self.fileExtension = fileExtension
    self.skipWrapping = skipWrapping
    self.file = file
    self.line = line
  }

  /// `file:line` of the example.
  public var description: String { "\(file):\(line)" }
}
