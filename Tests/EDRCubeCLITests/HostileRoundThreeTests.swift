import Foundation
import TestSupport
import Testing

/// Issue 40 (docs/reliability.md §3.4, §4), through the command line.
@Suite struct HostileRoundThreeTests {
  static let lut = Fixtures.luts.appendingPathComponent("warm_sdr.cube").path
  static let image = Fixtures.hostile.appendingPathComponent("exr_float_large_values.exr").path

  /// Runs edrcube with one of its standard streams redirected by the shell (`>/dev/full`).
  func run(_ arguments: [String], redirect: String, stdin: String = "") throws -> CommandResult {
    try EDRCubeExecutable.run(
      arguments, stdin: stdin, launcher: ["/bin/sh", "-c", "exec \"$0\" \"$@\" \(redirect)"])
  }

  /// R2: a report that cannot be written (a full disk here) is a failure with status 1, not a
  /// trap (status 132) and not a silent success.
  @Test(arguments: [
    (["eval", "--lut", lut], "0.5 0.5 0.5\n"),
    (["inspect", lut, "--json"], ""),
    (["inspect", lut], ""),
  ])
  func aFullStandardOutputFailsTheCommand(_ arguments: [String], _ stdin: String) throws {
    let r = try run(arguments, redirect: ">/dev/full", stdin: stdin)
    #expect(r.status == 1, "\(arguments): \(r.status) \(r.stderr)")
    #expect(r.stderr.contains("cannot write to standard output"), "\(r.stderr)")
  }

  /// R2: the linter's report lost on standard output is a run that could not complete (2).
  @Test func aFullStandardOutputFailsTheLinter() throws {
    try withTemporaryDirectory { dir in
      let kernel = dir.appendingPathComponent("k.cikernel")
      try Data("kernel vec4 k(__sample s) { return s; }\n".utf8).write(to: kernel)
      #expect(try EDRCubeExecutable.run(["lint", kernel.path]).status == 0)
      #expect(try run(["lint", kernel.path], redirect: ">/dev/full").status == 2)
    }
  }

  /// R2: an unwritable standard error is ignored: every file of a batch is still graded.
  @Test func aFullStandardErrorDoesNotStopABatch() throws {
    try withTemporaryDirectory { dir in
      var inputs: [String] = []
      for name in ["a.exr", "b.exr", "c.exr"] {
        let path = dir.appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: Self.image, toPath: path)
        inputs.append(path)
      }
      let out = dir.appendingPathComponent("out")
      let r = try run(
        ["apply"] + inputs + ["--output-dir", out.path, "--lut", Self.lut], redirect: "2>/dev/full")
      #expect(r.status == 0, "\(r.status)")
      #expect(folderContents(out) == ["a.exr", "b.exr", "c.exr"])
    }
  }

  /// R4, R5: numeric options outside their documented range are usage errors, not traps.
  @Test(arguments: [
    (["--max-image-mib", "8796093022208"], "--max-image-mib must be between 1 and 1048576"),
    (["--max-image-mib", "0"], "--max-image-mib must be between 1 and 1048576"),
    (["--frames=-9223372036854775808"], "--frames: expected"),
    (["--frames=-9223372036854775808-9223372036854775807"], "--frames: expected"),
  ])
  func numericOptionsAreRangeChecked(_ options: [String], _ message: String) throws {
    try withTemporaryDirectory { dir in
      let out = dir.appendingPathComponent("o.%04d.exr").path
      let r = try EDRCubeExecutable.run(
        ["apply", dir.appendingPathComponent("f.%04d.exr").path, "-o", out, "--lut", Self.lut]
          + options)
      #expect(r.status == 64, "\(options): \(r.status)")
      #expect(r.stderr.contains(message), "\(r.stderr)")
    }
  }
}
