/// `.edrlint.json` (docs/lint-rules.md §6); every field is optional.
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
  /// Kernel dialects to analyse: `cikl`, `msl-ci`, `swiftui` (on by default) and `metal`
  /// (plain Metal `fragment` / `kernel void` functions, opt-in).
  public var dialects: [String: Bool]?
  /// Embedded kernels in host code.
  public var host: HostSettings?
  /// `auto` (default): a file without entry points is analysed as a helper library;
  /// `off`: such files are skipped.
  public var libraryMode: String?

  /// The dialect names `dialects` accepts.
  public static let dialectNames = ["cikl", "msl-ci", "metal", "swiftui"]

  /// Embedded-kernel settings (docs/lint-rules.md §6 `host`).
  public struct HostSettings: Sendable, Codable, Equatable {
    /// Whether Swift files are scanned for kernel string literals (default true).
    public var swift: Bool?
    /// Whether Objective-C files (`.m`, `.mm`) are scanned (default true).
    public var objc: Bool?
    /// Whether every string literal that looks like kernel source is linted (default true);
    /// false lints only literals passed directly to one of `kernelAPIs`.
    public var heuristicStrings: Bool?
    /// Kernel-creating APIs, as `CIColorKernel(source:)` or `kernelWithString:`.
    public var kernelAPIs: [String]?

    /// Creates settings; nil fields take their defaults.
    public init(
      swift: Bool? = nil, objc: Bool? = nil, heuristicStrings: Bool? = nil,
      kernelAPIs: [String]? = nil
    ) {
      self.swift = swift
      self.objc = objc
      self.heuristicStrings = heuristicStrings
      self.kernelAPIs = kernelAPIs
    }

    /// The APIs of docs/lint-rules.md §6, used when `kernelAPIs` is absent.
    public static let defaultKernelAPIs = [
      "CIKernel(source:)", "CIColorKernel(source:)", "CIWarpKernel(source:)",
      "CIBlendKernel(source:)", "CIKernel.makeKernels(source:)",
      "CIKernel.kernels(withMetalString:)", "kernelWithString:", "kernelsWithMetalString:error:",
    ]
  }

  /// Whether a dialect (one of `dialectNames`) is analysed.
  public func isDialectEnabled(_ name: String) -> Bool {
    dialects?[name] ?? (name != "metal")
  }

  /// Preprocessor defines.
  public struct PreprocessorSettings: Sendable, Codable, Equatable {
    /// Object-like macros (`"USE_SOFT_KNEE": "0"`).
    public var defines: [String: String]?
    /// Directories searched for `#include "…"` after the including file's own.
    public var includePaths: [String]?

    /// Creates settings.
    public init(defines: [String: String]? = nil, includePaths: [String]? = nil) {
      self.defines = defines
      self.includePaths = includePaths
    }
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
    for key in (dialects ?? [:]).keys where !Self.dialectNames.contains(key) {
      return "unknown dialect '\(key)' in \"dialects\" (use cikl, msl-ci, metal or swiftui)"
    }
    if let libraryMode, libraryMode != "auto" && libraryMode != "off" {
      return "invalid libraryMode '\(libraryMode)' (use auto or off)"
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
    r.dialects = (dialects ?? [:]).merging(other.dialects ?? [:]) { $1 }
    if r.dialects?.isEmpty == true { r.dialects = nil }
    r.host = other.host ?? host
    r.libraryMode = other.libraryMode ?? libraryMode
    return r
  }
}
