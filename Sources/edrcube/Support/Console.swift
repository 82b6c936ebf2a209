import ArgumentParser
import Foundation
import KernelLint
import LintCommandLine
import Synchronization

/// Writing to the terminal: the only place the tool prints diagnostics.
enum Console {
  /// Writes `text` and a newline to standard error, each line made safe (messages echo file
  /// names and file content: ``TerminalText/lines(_:)`` in ``StandardStreams/error(_:)``).
  static func error(_ text: String) {
    StandardStreams.error(text + "\n")
  }

  /// Writes a note (what a command uses, what it skipped) to standard error, unless quiet.
  static func note(_ text: String) {
    if !isQuiet { error(text) }
  }

  /// Writes a command's closing summary to standard output (standard error when that carries
  /// an image, ``imageOnStandardOutput``), unless quiet.
  static func summary(_ text: String) {
    guard !isQuiet else { return }
    if imageOnStandardOutput { error(text) } else { output(text) }
  }

  /// Writes `text` and a newline to standard output (a command's report), each line made safe
  /// (reports start lines with file names: ``TerminalText/lines(_:)``). A failed write makes
  /// the command exit 1 once it has finished (``StandardStreams``).
  static func output(_ text: String) {
    StandardStreams.output(TerminalText.lines(text) + "\n")
  }

  /// Writes `text` to standard error without a newline (progress lines).
  static func status(_ text: String) {
    StandardStreams.progress(text)
  }

  /// Whether progress bars are drawn: standard error is a terminal and `--quiet` is not given.
  static var showsProgress: Bool { isatty(STDERR_FILENO) == 1 && !isQuiet }

  /// `--quiet` (``QuietOption``): notes, summaries and progress bars are not printed.
  static var isQuiet: Bool {
    get { switches.withLock { $0.quiet } }
    set { switches.withLock { $0.quiet = newValue } }
  }

  /// `--json` (``JSONOption``): a failure is also printed as JSON on standard output.
  static var reportsJSON: Bool {
    get { switches.withLock { $0.json } }
    set { switches.withLock { $0.json = newValue } }
  }

  /// `apply … -o -`: standard output carries the image, so summaries and JSON go to standard
  /// error.
  static var imageOnStandardOutput: Bool {
    get { switches.withLock { $0.image } }
    set { switches.withLock { $0.image = newValue } }
  }

  /// Writes one JSON object (keys sorted; compact unless `pretty`) and a newline to standard
  /// output (standard error when that carries an image).
  static func json(_ value: some Encodable, pretty: Bool = false) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    if pretty { encoder.outputFormatting.insert(.prettyPrinted) }
    let text = TerminalText.json(String(decoding: try encoder.encode(value), as: UTF8.self))
    if imageOnStandardOutput {
      StandardStreams.error(text + "\n")
    } else {
      output(text)
    }
  }

  private static let switches = Mutex((quiet: false, json: false, image: false))
}
