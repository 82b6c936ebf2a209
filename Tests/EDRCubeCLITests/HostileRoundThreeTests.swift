import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

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
    (["convert", lut, "OUT", "--to", "pq", "--size", "9", "--report"], ""),
    (["convert", lut, "OUT", "--to", "pq", "--size", "9", "--json"], ""),
    (["--help"], ""), (["--version"], ""), (["inspect", "--help"], ""),
  ])
  func aFullStandardOutputFailsTheCommand(_ arguments: [String], _ stdin: String) throws {
    try withTemporaryDirectory { dir in
      let out = dir.appendingPathComponent("out.cube").path
      let r = try run(
        arguments.map { $0 == "OUT" ? out : $0 }, redirect: ">/dev/full", stdin: stdin)
      #expect(r.status == 1, "\(arguments): \(r.status) \(r.stderr)")
      #expect(r.stderr.contains("cannot write to standard output"), "\(r.stderr)")
    }
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

  /// R10: two outputs of one command on one file are refused before anything is written.
  @Test(arguments: [
    (["apply", "IMG", "--lut", "LUT", "-o", "OUT.exr", "--preview", "OUT.exr"], "two outputs"),
    (["apply", "A", "B", "--output-dir", "OUT", "--lut", "LUT"], "would both be written here"),
    (["inspect", "LUT", "--write-as", "OUT.cube", "--plot", "OUT.cube"], "two outputs"),
    // A command without inputs, and a link whose target does not exist yet.
    (
      ["generate", "identity", "--size", "9", "-o", "OUT.cube", "--core-image", "OUT.cube"],
      "two outputs"
    ),
    (["convert", "LUT", "OUT.cube", "--to", "pq", "--size", "9", "--plot", "LINK"], "two outputs"),
  ])
  func outputsOfOneCommandAreDistinct(_ template: [String], _ message: String) throws {
    try withTemporaryDirectory { dir in
      func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
      for folder in ["a", "b"] {
        try FileManager.default.createDirectory(
          atPath: path(folder), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.image, toPath: path(folder + "/x.exr"))
      }
      #expect(symlink("OUT.cube", path("link")) == 0)
      let names = [
        "IMG": path("a/x.exr"), "A": path("a"), "B": path("b"), "LUT": Self.lut,
        "LINK": path("link"),
      ]
      let arguments = template.map { names[$0] ?? ($0.hasPrefix("OUT") ? path($0) : $0) }
      let r = try EDRCubeExecutable.run(arguments)
      #expect(r.status == 1, "\(template)")
      #expect(r.stderr.contains(message), "\(r.stderr)")
      #expect(folderContents(dir) == ["a", "b", "link"], "\(template)")
    }
  }

  /// R11: a FIFO named like an image in an input folder is skipped (the batch used to block
  /// on it forever); named on its own it is refused.
  @Test func fifosAreNeverOpened() throws {
    try withTemporaryDirectory { dir in
      let folder = dir.appendingPathComponent("in")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      try FileManager.default.copyItem(
        atPath: Self.image, toPath: folder.appendingPathComponent("a.exr").path)
      let fifo = folder.appendingPathComponent("b.exr").path
      #expect(mkfifo(fifo, 0o600) == 0)
      let out = dir.appendingPathComponent("out")
      let r = try EDRCubeExecutable.run(
        ["apply", folder.path, "--output-dir", out.path, "--lut", Self.lut, "-q"])
      #expect(r.status == 0, "\(r.stderr)")
      #expect(folderContents(out) == ["a.exr"])
      let named = try EDRCubeExecutable.run(
        ["apply", fifo, "-o", dir.appendingPathComponent("o.exr").path, "--lut", Self.lut])
      #expect(named.status == 1 && named.stderr.contains("not a regular file"), "\(named.stderr)")
    }
  }

  /// R14: `-o -` with standard output opened on the input (`1<>IN`) is refused; the input
  /// keeps its bytes.
  @Test func standardOutputOpenOnTheInputIsRefused() throws {
    try withTemporaryDirectory { dir in
      let input = dir.appendingPathComponent("in.exr").path
      try FileManager.default.copyItem(atPath: Self.image, toPath: input)
      let before = try Fixtures.bytes(URL(fileURLWithPath: input))
      let r = try run(
        ["apply", input, "-o", "-", "--lut", Self.lut, "-q"], redirect: "1<>'\(input)'")
      #expect(r.status == 1)
      #expect(r.stderr.contains("standard output: error: the output would replace the input"))
      #expect(try Fixtures.bytes(URL(fileURLWithPath: input)) == before)
    }
  }
}
