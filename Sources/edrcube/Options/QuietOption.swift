import ArgumentParser

/// `--quiet`, shared by every command: no summary, progress bar or note, on stdout or stderr;
/// results (eval's values, inspect's report, JSON), warnings and errors still print.
struct QuietOption: ParsableArguments {
  @Flag(
    name: .shortAndLong,
    help: "Print no summary, progress bar or note (results, warnings and errors still print).")
  var quiet = false

  /// Sets ``Console/isQuiet``: ArgumentParser validates every option group before the command
  /// runs, so nothing is printed before the switch is set.
  func validate() throws {
    Console.isQuiet = quiet
  }
}
