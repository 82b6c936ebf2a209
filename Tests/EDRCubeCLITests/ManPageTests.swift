import Foundation
import TestSupport
import Testing

/// `scripts/make-manpage.py` (run by `make install`) writes edrcube.1 from the binary's own
/// help: every command and option is in it, as roff.
@Suite struct ManPageTests {
  @Test func manPageCoversEveryCommandAndOption() throws {
    let page = try withTemporaryDirectory { folder in
      let target = folder.appendingPathComponent("edrcube.1")
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [
        "python3", Fixtures.repositoryRoot.appendingPathComponent("scripts/make-manpage.py").path,
        EDRCubeExecutable.url.path, target.path,
      ]
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      return try String(contentsOf: target, encoding: .utf8)
    }
    let lines = page.split(separator: "\n").map(String.init)
    #expect(lines.first == #".TH EDRCUBE 1 "" "edrcube 0.1.0" "User Commands""#)
    for command in ["apply", "convert", "eval", "generate look", "inspect", "lint", "pattern"] {
      #expect(lines.contains(".SS edrcube \(command)"), "\(command)")
    }
    #expect(lines.contains(#"\fB\-\-recursive\fR"#))
    #expect(lines.contains(#"\fB\-o\fR, \fB\-\-output\fR \fIoutput\fR"#))
    #expect(lines.contains("(values: exr, tiff)"))
    // Nothing reaches roff as a request by accident: every line that starts with a dot is one
    // of the requests the script writes.
    let requests = Set(lines.filter { $0.hasPrefix(".") }.map { String($0.prefix(3)) })
    #expect(requests.isSubset(of: [".TH", ".SH", ".SS", ".TP", ".PP", ".B "]))
  }
}
