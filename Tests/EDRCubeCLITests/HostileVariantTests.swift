import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Variants of issue 40's reproducers (docs/reliability.md §5): non-regular files met where
/// the reproducers did not put them. Every run is bounded by `timeout`, so a regression fails
/// with status 124 instead of blocking the suite.
@Suite struct HostileVariantTests {
  static let lut = Fixtures.luts.appendingPathComponent("warm_sdr.cube").path
  static let image = Fixtures.hostile.appendingPathComponent("exr_float_large_values.exr").path

  /// Runs edrcube through `bash -c` under a 60 s timeout; `script` gets the executable as `$0`.
  func run(_ script: String, _ arguments: [String] = []) throws -> CommandResult {
    try EDRCubeExecutable.run(
      arguments, launcher: ["/usr/bin/timeout", "-k", "5", "60", "/bin/bash", "-c", script])
  }

  /// R11 variant: a FIFO as one frame of a sequence is refused like a FIFO named on its own
  /// (the reader used to wait on it forever); the other frames are still graded.
  @Test func aFIFOFrameOfASequenceIsRefused() throws {
    try withTemporaryDirectory { dir in
      try FileManager.default.copyItem(
        atPath: Self.image, toPath: dir.appendingPathComponent("f.0001.exr").path)
      #expect(mkfifo(dir.appendingPathComponent("f.0002.exr").path, 0o600) == 0)
      let out = dir.appendingPathComponent("out")
      let r = try EDRCubeExecutable.run(
        [
          "apply", dir.appendingPathComponent("f.%04d.exr").path, "--frames", "1-2", "-o",
          out.appendingPathComponent("o.%04d.exr").path, "--lut", Self.lut, "-q",
        ], launcher: ["/usr/bin/timeout", "-k", "5", "60"])
      #expect(r.status == 1, "\(r.status) \(r.stderr)")
      #expect(r.stderr.contains("f.0002.exr: error: not a regular file"), "\(r.stderr)")
      #expect(folderContents(out) == ["o.0001.exr"])
    }
  }

  /// A LUT read through a pipe (`--lut <(…)`) is read once: its format is not sniffed from
  /// bytes the reader would then miss (the cube lost its first 4 KiB and was refused as
  /// having no size line). Without an extension it needs `--lut-format`, and then it gives the
  /// file's own values.
  @Test func aLUTThroughAPipeIsReadOnce() throws {
    let fromFile = try EDRCubeExecutable.run(["eval", "--lut", Self.lut], stdin: "0.5 0.25 0.1\n")
    #expect(fromFile.status == 0)
    let piped = try run(
      "echo 0.5 0.25 0.1 | exec \"$0\" eval --lut-format cube --lut <(cat \"$1\")", [Self.lut])
    #expect(piped.status == 0, "\(piped.stderr)")
    #expect(piped.stdout == fromFile.stdout)
    let unnamed = try run("exec \"$0\" eval --lut <(cat \"$1\") </dev/null", [Self.lut])
    #expect(unnamed.status == 1, "\(unnamed.status)")
    #expect(unnamed.stderr.contains("a pipe or FIFO is read once"), "\(unnamed.stderr)")
  }

  /// A named FIFO given as a LUT is opened once: `inspect` used to open it again for its
  /// spelling survey and wait for a writer that had gone.
  @Test func inspectReadsANamedFIFOOnce() throws {
    try withTemporaryDirectory { dir in
      let fifo = dir.appendingPathComponent("look.cube").path
      #expect(mkfifo(fifo, 0o600) == 0)
      let r = try run("cat \"$1\" > \"$2\" & exec \"$0\" inspect \"$2\"", [Self.lut, fifo])
      #expect(r.status == 0, "\(r.status) \(r.stderr)")
      #expect(r.stdout.contains("size"), "\(r.stdout)")
    }
  }

  /// R14 variants: whatever a command prints must not land in a file it reads; with standard
  /// output opened on the input (`1<>`, `>>`) the command refuses before printing, and the
  /// file keeps its bytes.
  @Test(arguments: [
    "exec \"$0\" eval --lut \"$1\" 1<>\"$1\" </dev/null",
    "exec \"$0\" inspect \"$1\" >>\"$1\"",
    "exec \"$0\" inspect \"$1\" --write-as - 1<>\"$1\"",
    "exec \"$0\" shader --lut \"$1\" --lut-space raw --lang glsl -o - 1<>\"$1\"",
    "exec \"$0\" lint \"$2\" 1<>\"$2\"",
  ])
  func standardOutputOnAnInputIsRefused(_ script: String) throws {
    try withTemporaryDirectory { dir in
      let cube = dir.appendingPathComponent("look.cube")
      let kernel = dir.appendingPathComponent("k.cikernel")
      try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.lut), to: cube)
      try Data("kernel vec4 k(__sample s) { return clamp(s, 0.0, 1.0); }\n".utf8).write(to: kernel)
      let before = try [Fixtures.bytes(cube), Fixtures.bytes(kernel)]
      let r = try run(script, [cube.path, kernel.path])
      #expect(r.status == 1 || r.status == 2, "\(script): \(r.status)")
      #expect(r.stderr.contains("the output would replace the input"), "\(r.stderr)")
      #expect(try [Fixtures.bytes(cube), Fixtures.bytes(kernel)] == before, "\(script)")
    }
  }

  /// R10 variant: `shader -o X --table-output X` wrote the table over the source (status 0).
  @Test func shaderOutputsAreDistinct() throws {
    try withTemporaryDirectory { dir in
      let out = dir.appendingPathComponent("k.glsl").path
      let r = try EDRCubeExecutable.run([
        "shader", "--lut", Self.lut, "--lut-space", "raw", "--lang", "glsl", "-o", out,
        "--table-output", out,
      ])
      #expect(r.status == 1, "\(r.status)")
      #expect(r.stderr.contains("two outputs of this command"), "\(r.stderr)")
      #expect(folderContents(dir).isEmpty)
    }
  }
}
