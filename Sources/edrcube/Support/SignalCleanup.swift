import Dispatch
import FileOutput
import Foundation

/// On every signal whose default action ends the process and that another process or a
/// resource limit sends (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGXFSZ, SIGXCPU, SIGALRM,
/// SIGVTALRM, SIGUSR1, SIGUSR2, SIGPWR), removes the temporary files being written
/// (``TemporaryFileRegistry``) and exits with 128 + the signal number, as a shell reports a
/// signal. SIGUSR1 and SIGXCPU (`ulimit -t`) left the temporary file behind (issue 40 R13
/// variants). SIGKILL cannot be caught; SIGPROF and SIGIO are only sent on a process's own
/// request.
///
/// The signals are taken from a dispatch source, so the removal runs on an ordinary thread
/// (it takes a lock, which a raw signal handler must not).
enum SignalCleanup {
  nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

  /// Installs the handlers; call once, first thing in `main`.
  static func install() {
    let signals = [
      SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGXFSZ, SIGXCPU, SIGALRM, SIGVTALRM, SIGUSR1,
      SIGUSR2, SIGPWR,
    ]
    for number in signals {
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
