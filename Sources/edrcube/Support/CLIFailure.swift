import ArgumentParser

/// The one way a command fails: thrown from anywhere in the tool, printed by
/// `EDRCubeCommand.main` as one line on standard error (plus an optional detail line, such as
/// the offending source line), and in a `--json` run also as JSON on standard output
/// (``printJSON()``), exit status 1.
struct CLIFailure: Error, CustomStringConvertible {
  /// The main line, e.g. `luts/x.cube:12:5: error: …` or `x.exr: error: …`.
  var message: String
  /// An optional second line.
  var detail: String?
  /// The command's summary, printed with the failure in a `--json` run (`apply` after a batch
  /// in which files failed).
  var summary: (any Encodable & Sendable)?

  init(_ message: String, detail: String? = nil, summary: (any Encodable & Sendable)? = nil) {
    self.message = message
    self.detail = detail
    self.summary = summary
  }

  var description: String { message }
}

extension CLIFailure {
  /// `edrcube: error: MESSAGE`, for failures that name no file of their own.
  static func tool(_ message: String) -> CLIFailure {
    CLIFailure("edrcube: error: \(message)")
  }

  /// Standard output could not take the command's report (a full disk, a closed descriptor, a
  /// reader that has gone).
  static let lostOutput = tool("cannot write to standard output")

  /// Writes the failure to standard error.
  func print() {
    Console.error(message)
    if let detail { Console.error("  \(detail)") }
  }
}
