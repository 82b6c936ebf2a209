/// `.edrlint.json` (LINTER.md §6); every field is optional.
public struct LintConfiguration: Sendable, Codable, Equatable {
  /// Glob patterns of files to lint when a directory is given.
  public var include: [String]?
  /// Glob patterns to skip.
  public var exclude: [String]?
  /// Per-rule severity: `error`, `warning`, `note` or `off`.
  public var rules: [String: String]?
  /// Per-rule options (`EDR003.flag-guards`).
  public var ruleOptions: [String: [String: Bool]]?
  /// Parameter ranges (`"opacity": [0, 1]`).
  public var params: [String: [Double]]?
  /// Preprocessor settings.
  public var preprocessor: PreprocessorSettings?
  /// Whether a suppression needs `-- reason` (else LINT002).
  public var requireReason: Bool?
  /// Whether unused suppressions are reported (LINT001).
  public var reportUnusedSuppressions: Bool?
  /// Whether warnings fail the run.
  public var strict: Bool?
  /// Maximum warnings before failing (-1: unlimited).
  public var maxWarnings: Int?

  /// Preprocessor defines.
  public struct PreprocessorSettings: Sendable, Codable, Equatable {
    /// Object-like macros (`"USE_SOFT_KNEE": "0"`).
    public var defines: [String: String]?
    /// Include search paths (not resolved in this version).
    public var includePaths: [String]?
  }

  /// The default configuration.
  public init() {}

  /// The effective severity of a rule, nil if it is off.
  public func severity(of rule: RuleID) -> Severity? {
    if let value = rules?[rule.rawValue] {
      return value == "off" ? nil : Severity(rawValue: value) ?? rule.description.defaultSeverity
    }
    return rule.description.isOptIn ? nil : rule.description.defaultSeverity
  }

  /// Validates severities and ranges; returns a problem description or nil.
  public func validationError() -> String? {
    for (key, value) in rules ?? [:] {
      guard RuleID(rawValue: key) != nil else { return "unknown rule '\(key)' in \"rules\"" }
      guard value == "off" || Severity(rawValue: value) != nil else {
        return "invalid severity '\(value)' for \(key) (use error, warning, note or off)"
      }
    }
    for (key, range) in params ?? [:] where range.count != 2 || range[0] > range[1] {
      return "invalid range for parameter '\(key)' (expected [lo, hi])"
    }
    return nil
  }

  /// Overrides: values set in `other` win.
  public func merged(with other: LintConfiguration) -> LintConfiguration {
    var r = self
    r.include = other.include ?? include
    r.exclude = other.exclude ?? exclude
    r.rules = (rules ?? [:]).merging(other.rules ?? [:]) { $1 }
    r.ruleOptions = other.ruleOptions ?? ruleOptions
    r.params = (params ?? [:]).merging(other.params ?? [:]) { $1 }
    r.preprocessor = other.preprocessor ?? preprocessor
    r.requireReason = other.requireReason ?? requireReason
    r.reportUnusedSuppressions = other.reportUnusedSuppressions ?? reportUnusedSuppressions
    r.strict = other.strict ?? strict
    r.maxWarnings = other.maxWarnings ?? maxWarnings
    return r
  }
}
