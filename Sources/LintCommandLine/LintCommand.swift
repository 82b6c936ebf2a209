import ArgumentParser
import Foundation
import KernelLint

/// `edrcube lint` and `edrlint`: the EDR kernel linter (docs/lint-rules.md).
public struct LintCommand: ParsableCommand {
  /// The command's name, abstract and discussion.
  public static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract:
      "Lint Core Image / Metal kernels (also embedded in Swift and Objective-C) for EDR problems.",
    discussion: """
      Exit status: 0 no finding at the failure level, 1 lint failure, 2 the tool could not run.
      Suppress with comments such as // edrlint:disable-next-line EDR001 -- reason.
      """)

  @Argument(help: "Files or directories to lint.", completion: .file())
  var paths: [String] = []

  @Option(
    help: "Output format: text, xcode, json, sarif, github.",
    completion: .list(ReporterKind.allCases.map(\.rawValue)))
  var format: String = "text"

  @Option(
    help: "Configuration file (overrides .edrlint.json lookup).",
    completion: .file(extensions: ["json"]))
  var config: String?

  @Flag(help: "Fail on warnings too.")
  var strict = false

  @Option(help: "Fail when there are more warnings than this.")
  var maxWarnings: Int?

  @Option(
    help: "Lowest severity that fails the run.",
    completion: .list(Severity.allCases.map(\.rawValue)))
  var failLevel: String = "error"

  @Option(help: "Set a rule's severity, e.g. EDR003=off.")
  var rule: [String] = []

  @Option(help: "Enable an opt-in rule, e.g. EDR004.")
  var enable: [String] = []

  @Option(
    help: "Exit codes: eslint (0/1/2) or swiftlint (0, 2 errors, 3 warnings with --strict).",
    completion: .list(["eslint", "swiftlint"]))
  var exitCodeStyle: String = "eslint"

  @Flag(help: "Apply safe fixes (unused suppressions).")
  var fix = false

  @Flag(help: "Also apply the first suggestion of each finding (changes rendering).")
  var fixUnsafe = false

  @Flag(help: "Read one file from standard input.")
  var stdin = false

  @Option(help: "The name to use for standard input (decides the language).")
  var stdinFilename: String = "stdin.cikernel"

  @Option(
    help:
      "Kernel dialects: auto (CIKL, Metal Core Image, SwiftUI), cikl, msl-ci, or metal (also plain Metal fragment and compute functions).",
    completion: .list(["auto", "cikl", "msl-ci", "metal"]))
  var dialect: String = "auto"

  @Flag(help: "List the rules.")
  var listRules = false

  @Option(help: "Explain a rule: summary, rationale and examples.")
  var explain: String?

  /// An empty command, filled in by ArgumentParser.
  public init() {}

  /// Lints the paths (or standard input) and prints the report; throws the exit status.
  public func run() throws {
    do {
      try lint()
    } catch let error as ValidationError {
      // Bad arguments are a tool failure: exit status 2 (docs/lint-rules.md §5).
      StandardStreams.error("error: \(error.message)\n")
      throw ExitCode(2)
    }
  }

  private func lint() throws {
    guard let reporter = ReporterKind(rawValue: format) else {
      throw ValidationError("unknown format '\(format)' (text, xcode, json, sarif, github)")
    }
    guard exitCodeStyle == "eslint" || exitCodeStyle == "swiftlint" else {
      throw ValidationError("unknown exit code style '\(exitCodeStyle)' (eslint, swiftlint)")
    }
    guard let threshold = Severity(rawValue: failLevel) else {
      throw ValidationError("unknown fail level '\(failLevel)' (error, warning, note)")
    }
    if listRules {
      for d in RuleCatalog.all {
        let state = d.isOptIn ? "off (opt-in)" : d.defaultSeverity.rawValue
        StandardStreams.output(
          "\(d.identifier.rawValue)  \(d.name.padding(toLength: 24, withPad: " ", startingAt: 0)) \(state.padding(toLength: 13, withPad: " ", startingAt: 0)) \(d.summary)\n"
        )
      }
      return
    }
    if let explain {
      guard let d = RuleCatalog.lookup(explain) else {
        throw ValidationError("unknown rule '\(explain)'; see --list-rules")
      }
      StandardStreams.output(RuleDocumentation.render(d) + "\n")
      return
    }
    guard stdin || !paths.isEmpty else {
      throw ValidationError("give at least one PATH or --stdin")
    }
    var overrides = LintConfiguration()
    var ruleMap: [String: String] = [:]
    for item in rule {
      let parts = item.split(separator: "=").map(String.init)
      guard parts.count == 2, RuleID(rawValue: parts[0].uppercased()) != nil else {
        throw ValidationError("--rule expects ID=severity, e.g. EDR003=off")
      }
      ruleMap[parts[0].uppercased()] = parts[1]
    }
    for id in enable {
      guard let rule = RuleID(rawValue: id.uppercased()) else {
        throw ValidationError("unknown rule '\(id)'")
      }
      ruleMap[rule.rawValue] = rule.description.defaultSeverity.rawValue
    }
    if !ruleMap.isEmpty { overrides.rules = ruleMap }
    switch dialect {
    case "auto": break
    case "metal": overrides.dialects = ["metal": true]
    case "cikl":
      overrides.dialects = ["cikl": true, "msl-ci": false, "swiftui": false, "metal": false]
    case "msl-ci": overrides.dialects = ["cikl": false, "msl-ci": true, "metal": false]
    default: throw ValidationError("unknown dialect '\(dialect)' (auto, cikl, msl-ci, metal)")
    }
    if let problem = overrides.validationError() { throw ValidationError(problem) }
    let loader = ConfigurationLoader(explicitPath: config, overrides: overrides)
    var reports: [FileReport] = []
    var failedFiles = 0
    do {
      if stdin {
        let data = try StandardInput.readAll(limit: StandardInput.lintTotalLimit)
        let configuration = try loader.configuration(for: stdinFilename)
        reports = [
          Linter(configuration: configuration).lint(bytes: data, path: stdinFilename)
        ]
      } else {
        let base = try loader.configuration(for: (paths.first ?? ".") + "/.")
        let collection = try FileCollector.collect(
          paths, include: base.include, exclude: base.exclude)
        try FileCollector.refuseStandardOutput(on: collection.files)
        for link in collection.skipped {
          StandardStreams.error(
            "note: skipped \(TerminalText.escaped(link)): a link that leads out of the linted folder\n"
          )
        }
        let run = LintRunner.run(
          collection.files, loader: loader, fix: fix || fixUnsafe, unsafe: fixUnsafe)
        reports = run.reports
        failedFiles = run.failedFiles
      }
    } catch let error as LintToolError {
      StandardStreams.error("error: \(error.message)\n")
      throw ExitCode(2)
    } catch let failure as StandardInputError {
      StandardStreams.error(failure.message + "\n")
      throw ExitCode(2)
    }
    let summary = LintSummary(reports)
    let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
      .absoluteString
    StandardStreams.output(reporter.render(reports, summary: summary, sourceRoot: root))
    if reporter == .xcode,
      summary.errors + summary.warnings + summary.notes > 0
    {
      StandardStreams.error(
        "\(summary.errors) error(s), \(summary.warnings) warning(s), \(summary.notes) note(s) in \(summary.filesScanned) file(s)\n"
      )
    }
    if failedFiles > 0 {
      StandardStreams.error(
        "error: \(failedFiles) file(s) could not be linted (see their reports)\n")
      throw ExitCode(2)
    }
    if fails(summary, loader.base, threshold) {
      guard exitCodeStyle == "swiftlint" else { throw ExitCode(1) }
      throw ExitCode(summary.errors > 0 ? 2 : 3)
    }
  }

  private func fails(_ summary: LintSummary, _ base: LintConfiguration, _ failLevel: Severity)
    -> Bool
  {
    if summary.errors > 0 && failLevel <= .error { return true }
    if summary.warnings > 0 && (strict || base.strict == true || failLevel <= .warning) {
      return true
    }
    if summary.notes > 0 && failLevel == .note { return true }
    let limit = maxWarnings ?? base.maxWarnings ?? -1
    return limit >= 0 && summary.warnings > limit
  }
}
