import Foundation
import KernelLint
import Synchronization

/// Every write the command-line tools make to standard output and standard error, checked.
///
/// `FileHandle.write(_:)` traps when the write fails (a full disk, a closed descriptor, a reader
/// that went away with SIGPIPE ignored), so the tools write with `write(2)` instead: a failed
/// write to standard error is ignored (there is nowhere left to report it), a failed write to
/// standard output is remembered, further output is dropped, and the tool exits non-zero once
/// its other outputs are complete (``exitStatus(_:)``). docs/reliability.md §3.4.
public enum StandardStreams {
  /// Writes `text` to standard output; on failure, remembers it and drops the rest.
  public static func output(_ text: String) {
    guard !outputFailed else { return }
    if !write(text, to: STDOUT_FILENO) { failed.withLock { $0 = true } }
  }

  /// Writes `text` to standard error, ignoring a failure. Diagnostics echo file names and
  /// file content, so every line is made safe first (``TerminalText/lines(_:)``: control and
  /// bidirectional characters escaped, no line starting a GitHub workflow command).
  public static func error(_ text: String) {
    _ = write(TerminalText.lines(text), to: STDERR_FILENO)
  }

  /// Writes `text` to standard error as it is (a progress line's own `\r`), ignoring a
  /// failure.
  public static func progress(_ text: String) {
    _ = write(text, to: STDERR_FILENO)
  }

  /// Whether a write to standard output has failed: the report is incomplete.
  public static var outputFailed: Bool { failed.withLock { $0 } }

  /// `status`, or `failure` when standard output lost a write and `status` is below it (the
  /// report that status describes never arrived).
  public static func exitStatus(_ status: Int32, failure: Int32 = 1) -> Int32 {
    status < failure && outputFailed ? failure : status
  }

  private static let failed = Mutex(false)

  /// Writes every byte of `text` to `descriptor`, retrying interrupted and partial writes.
  private static func write(_ text: String, to descriptor: Int32) -> Bool {
    Array(text.utf8).withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let count = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }
  }
}
