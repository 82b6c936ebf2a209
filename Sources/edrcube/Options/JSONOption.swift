import ArgumentParser

/// `--json`, shared by the commands that print JSON (`apply`, `convert`, `inspect`): one JSON
/// object on standard output, also on failure (``CLIFailure/printJSON()``).
struct JSONOption: ParsableArguments {
  @Flag(help: "Print one JSON object on stdout, also on failure: {\"error\": {…}}.")
  var json = false

  /// Sets ``Console/reportsJSON`` before the command runs.
  func validate() throws {
    Console.reportsJSON = json
  }
}
