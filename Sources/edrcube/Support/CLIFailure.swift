import ArgumentParser

/// A failure the CLI reports as one line on standard error (plus an optional detail line, such
/// as the offending source line) before exiting non-zero.
struct CLIFailure: Error, CustomStringConvertible {
  /// The main line, e.g. `luts/x.cube:12:5: error: …` or `x.exr: error: …`.
  var message: String
  /// An optional second line.
  var detail: String?

  init(_ message: String, detail: String? = nil) {
    self.message = message
    self.detail = detail
  }

  var description: String { message }
}

/// Runs `body`, turning a `CLIFailure` into its lines on standard error and exit status 1.
func reportingFailures(_ body: () throws -> Void) throws {
  do {
    try body()
  } catch let failure as CLIFailure {
    Console.error(failure.message)
    if let detail = failure.detail { Console.error("  \(detail)") }
    throw ExitCode.failure
  }
}
