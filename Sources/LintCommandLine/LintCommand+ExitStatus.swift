import ArgumentParser
import Foundation

extension LintCommand {
  /// The exit status `edrcube lint` uses when its arguments cannot be parsed: 2, "the tool could
  /// not run" (docs/lint-rules.md §5), where ArgumentParser would use 64 (`EX_USAGE`).
  public static let usageErrorStatus = ExitCode(2)

  /// True when `arguments` (without the program name) run the `lint` subcommand.
  public static func isInvoked(by arguments: [String]) -> Bool {
    arguments.first == configuration.commandName
  }

  /// The exit status for a parse `error` of `edrcube lint`: usage errors become 2, the rest
  /// (help, version, explicit exit codes) keep ArgumentParser's status.
  public static func exitStatus(forParseError error: Error) -> ExitCode {
    let status = LintCommand.exitCode(for: error)
    return status == .validationFailure ? usageErrorStatus : status
  }

  /// Prints `message` (ArgumentParser's text for `error`: help on standard output, the rest on
  /// standard error) and exits with the linter's status for `error`.
  public static func exit(reporting error: Error, message: String) -> Never {
    let status = exitStatus(forParseError: error)
    if !message.isEmpty {
      if status == .success {
        StandardStreams.output(message + "\n")
      } else {
        StandardStreams.error(message + "\n")
      }
    }
    // A report that could not be written is a run that could not complete: status 2.
    Foundation.exit(StandardStreams.exitStatus(status.rawValue, failure: 2))
  }
}
