import ArgumentParser
import Foundation

extension LintCommand {
  /// The exit status `edrcube lint` uses when its arguments cannot be parsed: 2, "the tool could
  /// not run" (docs/lint-rules.md §5), where ArgumentParser would use 64 (`EX_USAGE`).
  static let usageErrorStatus = ExitCode(2)

  /// True when `arguments` (without the program name) run the `lint` subcommand.
  static func isInvoked(by arguments: [String]) -> Bool {
    arguments.first == configuration.commandName
  }

  /// The exit status for a parse `error` of `edrcube lint`: usage errors become 2, the rest
  /// (help, version, explicit exit codes) keep ArgumentParser's status.
  static func exitStatus(forParseError error: Error) -> ExitCode {
    let status = EDRCubeCommand.exitCode(for: error)
    return status == .validationFailure ? usageErrorStatus : status
  }
}
