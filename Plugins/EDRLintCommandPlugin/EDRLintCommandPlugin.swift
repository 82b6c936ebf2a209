import Foundation
import PackagePlugin

/// `swift package edr-lint [--target NAME]… [--format FORMAT] [OPTIONS] [PATH…]`.
///
/// Runs `edrlint` (the `edrcube lint` command alone) on the given paths, or, without paths, on the source folders of the chosen
/// targets (all source targets by default). Every other option is passed to `edrlint` as is.
@main
struct EDRLintCommandPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let targetNames = extractor.extractOption(named: "target")
    var lintArguments = LintArguments(extractor.remainingArguments)
    if lintArguments.needsDefaultPaths {
      let targets =
        targetNames.isEmpty
        ? context.package.targets : try context.package.targets(named: targetNames)
      lintArguments.append(
        paths: targets.compactMap { ($0 as? SourceModuleTarget)?.directoryURL.path })
    }
    let tool = try context.tool(named: "edrlint").url
    let process = Process()
    process.executableURL = tool
    process.arguments = lintArguments.arguments
    process.currentDirectoryURL = context.package.directoryURL
    try process.run()
    process.waitUntilExit()
    switch process.terminationStatus {
    case 0: return
    case 1: throw LintFailure("edrlint found problems at the failure level")
    default: throw LintFailure("edrlint could not run (exit \(process.terminationStatus))")
    }
  }
}

/// The arguments for `edrlint`, and whether they name any path.
struct LintArguments {
  /// `edrcube lint` options that take a value: their value is not a path.
  static let valuedOptions: Set<String> = [
    "--format", "--config", "--max-warnings", "--fail-level", "--rule", "--enable",
    "--exit-code-style", "--stdin-filename", "--explain",
  ]
  /// Options that lint no files.
  static let pathlessOptions: Set<String> = [
    "--stdin", "--list-rules", "--explain", "--help", "-h",
  ]

  private(set) var arguments: [String]

  init(_ arguments: [String]) { self.arguments = arguments }

  /// True when no path is given and the run lints files.
  var needsDefaultPaths: Bool {
    var expectsValue = false
    for argument in arguments {
      if expectsValue {
        expectsValue = false
      } else if Self.pathlessOptions.contains(argument) {
        return false
      } else if argument.hasPrefix("-") {
        expectsValue = Self.valuedOptions.contains(argument)
      } else {
        return false
      }
    }
    return true
  }

  mutating func append(paths: [String]) { arguments += paths }
}

/// Why `swift package edr-lint` failed.
struct LintFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
