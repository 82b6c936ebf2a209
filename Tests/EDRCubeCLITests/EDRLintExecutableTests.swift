import Foundation
import TestSupport
import Testing

/// `edrlint`, the linter alone (what the SwiftPM plugins run): the same findings and exit
/// statuses as `edrcube lint`.
@Suite struct EDRLintExecutableTests {
  @Test func sameReportAndStatusAsEdrcubeLint() throws {
    let kernel = LintCommandTests.clampingKernel
    let options = ["--stdin", "--stdin-filename", "k.cikernel", "--format", "json", "--strict"]
    let alone = try EDRCubeExecutable.run(
      options, stdin: kernel, executable: EDRCubeExecutable.edrlint)
    let sub = try EDRCubeExecutable.run(["lint"] + options, stdin: kernel)
    #expect(alone.status == 1, "\(alone.stderr)")
    #expect(alone.status == sub.status)
    #expect(alone.stdout == sub.stdout)
    #expect(alone.stdout.contains("\"EDR001\""))
  }

  @Test func usageErrorsExitTwo() throws {
    let r = try EDRCubeExecutable.run(["--no-such-flag"], executable: EDRCubeExecutable.edrlint)
    #expect(r.status == 2, "\(r.stderr)")
  }
}
