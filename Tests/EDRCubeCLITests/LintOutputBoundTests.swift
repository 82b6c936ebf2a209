import Foundation
import TestSupport
import Testing

/// `edrcube lint` output stays bounded whatever the input (docs/reliability.md §3.5: OpenColorIO's
/// error message once embedded a 64 MiB line). A finding on a long line, or one whose span is
/// a million characters, must not print them all: at most a few KiB per finding.
@Suite struct LintOutputBoundTests {
  func outputSize(_ text: String) throws -> Int {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("long.cikernel").path
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      let r = try EDRCubeExecutable.run(["lint", path])
      #expect(r.stdout.contains("ALPHA001"), "\(r.stdout.prefix(300))")
      return r.stdout.utf8.count + r.stderr.utf8.count
    }
  }

  @Test func aFindingOnAHugeLineIsReportedBriefly() throws {
    let size = try outputSize(
      "kernel vec4 f(__sample s) { return s * 2.0; } // " + String(repeating: "a", count: 1 << 20))
    #expect(size <= 16 << 10, "\(size) bytes of output for one finding")
  }

  @Test func aFindingSpanningAMillionCharactersIsReportedBriefly() throws {
    let number = String(repeating: "9", count: 1_000_000)
    let size = try outputSize("kernel vec4 f(__sample s) { return s * \(number).0; }")
    #expect(size <= 16 << 10, "\(size) bytes of output for one finding")
  }
}
