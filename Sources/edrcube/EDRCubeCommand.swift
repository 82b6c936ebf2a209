import ArgumentParser
import Foundation
import LintCommandLine

/// The `edrcube` command: 3D colour cube LUTs for Extended Dynamic Range images.
@main
struct EDRCubeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edrcube",
    abstract: "Apply, inspect, convert and generate .cube LUTs for EDR images, and lint kernels.",
    version: "0.1.0",
    subcommands: [
      ApplyCommand.self, BakeCommand.self, ConvertCommand.self, EvalCommand.self,
      GenerateCommand.self, InspectCommand.self, LintCommand.self, PatternCommand.self,
      ShaderCommand.self,
    ])

  /// Parses the command line and runs the chosen subcommand. Like ArgumentParser's own `main()`,
  /// except that `edrcube lint` exits 2 on usage errors (0 clean, 1 findings, 2 could not run).
  static func main() {
    SignalCleanup.install()
    let arguments = Array(CommandLine.arguments.dropFirst())
    do {
      var command = try parseAsRoot(arguments)
      try command.run()
      // A report lost on standard output fails the command once every other output is done.
      if StandardStreams.outputFailed {
        if LintCommand.isInvoked(by: arguments) {
          LintCommand.exit(reporting: ExitCode.success, message: "")
        }
        throw CLIFailure.lostOutput
      }
    } catch let failure as CLIFailure {
      failure.print()
      if Console.reportsJSON { try? failure.printJSON() }
      Foundation.exit(ExitCode.failure.rawValue)
    } catch {
      guard LintCommand.isInvoked(by: arguments) else { exit(reporting: error) }
      LintCommand.exit(reporting: error, message: fullMessage(for: error))
    }
  }

  /// ArgumentParser's `exit(withError:)`, written through ``StandardStreams`` (checked writes;
  /// messages echo arguments, so their lines are made safe like every other diagnostic).
  static func exit(reporting error: Error) -> Never {
    let message = fullMessage(for: error)
    let status = exitCode(for: error)
    if !message.isEmpty {
      if status == .success {
        StandardStreams.output(message + "\n")
      } else {
        StandardStreams.error(message + "\n")
      }
    }
    // Help or a version that never arrived is a failure like any lost report.
    if status == .success && StandardStreams.outputFailed { CLIFailure.lostOutput.print() }
    Foundation.exit(StandardStreams.exitStatus(status.rawValue))
  }
}
