import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGXFSZ, SIGXCPU, SIGALRM and SIGUSR1 while an output is
/// being written remove its temporary file (docs/reliability.md §4, §5); the old output stays
/// as it was.
@Suite struct SignalCleanupTests {
  @Test(arguments: [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGXFSZ, SIGXCPU, SIGALRM, SIGUSR1])
  func aSignalDuringTheWriteLeavesNoTemporaryFile(_ signal: Int32) throws {
    try withTemporaryDirectory { dir in
      let scene = try OutputIntegrityTests.Scene(dir, side: 1024)
      var caught = false
      // The write is a short part of a run: try until a signal lands while the file exists.
      for _ in 0..<5 where !caught {
        let process = try OutputIntegrityTests.launch(scene.arguments)
        while process.isRunning && !caught {
          caught = folderContents(scene.outputFolder).contains {
            OutputIntegrityTests.isTemporary($0, of: "graded.exr")
          }
          if caught { kill(process.processIdentifier, signal) } else { usleep(500) }
        }
        process.waitUntilExit()
        if caught {
          // Status 128 + signal, or 0 when the run finished just before the signal arrived.
          let finished = FileManager.default.fileExists(atPath: scene.output)
          #expect(process.terminationReason == .exit)
          #expect(
            process.terminationStatus == 128 + signal
              || (process.terminationStatus == 0 && finished))
        }
        #expect(
          !folderContents(scene.outputFolder).contains {
            OutputIntegrityTests.isTemporary($0, of: "graded.exr")
          })
        try? FileManager.default.removeItem(atPath: scene.output)
      }
      #expect(caught, "no run was caught while writing")
    }
  }
}
