import ArgumentParser
import LintCommandLine

/// `edrlint`: the kernel linter alone (`edrcube lint` without the image and cube libraries),
/// for the SwiftPM plugins and for machines without OpenEXR, libtiff and libpng.
@main
enum EDRLint {
  static func main() {
    do {
      var command = try LintCommand.parseAsRoot()
      try command.run()
      if StandardStreams.outputFailed {
        LintCommand.exit(reporting: ExitCode.success, message: "")
      }
    } catch {
      LintCommand.exit(reporting: error, message: LintCommand.fullMessage(for: error))
    }
  }
}
