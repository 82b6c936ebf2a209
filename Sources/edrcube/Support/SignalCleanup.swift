import Dispatch
import FileOutput
import Foundation

/// On SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE or SIGXFSZ, removes the temporary files being written (``TemporaryFileRegistry``)
/// and exits with 128 + the signal number, as a shell reports a signal.
///
/// The signals are taken from a dispatch source, so the removal runs on an ordinary thread
/// (it takes a lock, which a raw signal handler must not).
enum SignalCleanup {
  nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

  /// Installs the handlers; call once, first thing in `main`.
  static func install() {
    for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGXFSZ] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        TemporaryFileRegistry.removeAll()
        Foundation.exit(128 + number)
      }
      source.resume()
      sources.append(source)
    }
  }
}
