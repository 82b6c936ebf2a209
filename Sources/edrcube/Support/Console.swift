import ArgumentParser
import Foundation
import KernelLint

/// Writing to the terminal: the only place the tool prints diagnostics.
enum Console {
  /// Writes `text` and a newline to standard error, control characters escaped in each line
  /// (messages echo file names and file content: ``TerminalText``).
  static func error(_ text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { TerminalText.escaped(String($0)) }
    FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
  }

  /// Writes `text` to standard error without a newline (progress lines).
  static func status(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// Whether standard error is a terminal (progress bars are shown only then).
  static var isInteractive: Bool { isatty(STDERR_FILENO) == 1 }

}
