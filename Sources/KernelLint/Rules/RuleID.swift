/// The rule identifiers (stable: used in suppressions, configuration and SARIF).
public enum RuleID: String, Sendable, Codable, CaseIterable, Hashable {
  /// RGB clamped to [0,1] on colour that reaches the output (rgb-clamped-to-unit).
  case edr001 = "EDR001"
  /// `smoothstep` with constant edges ending at or below 1 used as a colour curve (rgb-smoothstep-curve).
  case edr002 = "EDR002"
  /// `max(colour, 0)` or a lower-only clamp of output colour (rgb-negative-clip).
  case edr003 = "EDR003"
  /// A colour value used as a sample coordinate or array index (colour-indexes-lut, opt-in).
  case edr004 = "EDR004"
  /// Output alpha leaves [0,1] even for SDR input and parameters in [0,1] (alpha-out-of-range).
  case alpha001 = "ALPHA001"
  /// Output alpha leaves [0,1] only for EDR input or parameters outside [0,1] (alpha-may-leave-range).
  case alpha002 = "ALPHA002"
  /// An `edrlint:disable` directive that suppressed nothing (unused-suppression).
  case lint001 = "LINT001"
  /// A malformed `edrlint` directive (invalid-directive).
  case lint002 = "LINT002"
  /// Kernel text that could not be fully analysed (partial-analysis).
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
