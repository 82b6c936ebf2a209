import Foundation
import TestSupport
import Testing

/// `--quiet` on every command: no summary, progress or note; results and errors still print.
@Suite struct QuietOptionTests {
  static let commands = [
    ["apply"], ["convert"], ["eval"], ["inspect"], ["pattern"], ["generate", "identity"],
    ["generate", "transfer"], ["generate", "gamut"], ["generate", "look"],
    ["generate", "resize"], ["generate", "compose"], ["generate", "chain"],
  ]

  @Test(arguments: commands)
  func everyCommandTakesQuiet(_ command: [String]) throws {
    let r = try EDRCubeExecutable.run(command + ["--help"])
    #expect(r.stdout.contains("-q, --quiet"), "\(command)")
  }

  @Test func quietApplyPrintsNothingButStillWrites() throws {
    try withTemporaryDirectory { dir in
      let helper = ApplyCommandTests()
      let cube = try helper.writeDoublingCube(in: dir)
      let input = dir.appendingPathComponent("in.exr").path
      _ = try helper.writeInput(input)
      for name in ["a", "b"] {
        try FileManager.default.createDirectory(
          at: dir.appendingPathComponent(name), withIntermediateDirectories: true)
      }
      let arguments = ["apply", input, "--lut", cube.path, "--output-dir"]
      let loud = try EDRCubeExecutable.run(arguments + [dir.appendingPathComponent("a").path])
      try #require(loud.status == 0, "\(loud.stderr)")
      #expect(loud.stderr.contains("lut: "))
      #expect(loud.stdout.contains("apply: 1 of 1 file(s)"))
      let quiet = try EDRCubeExecutable.run(
        arguments + [dir.appendingPathComponent("b").path, "--quiet"])
      #expect(quiet.status == 0)
      #expect(quiet.stdout.isEmpty)
      #expect(quiet.stderr.isEmpty)
      #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("b/in.exr").path))
    }
  }

  @Test func quietEvalPrintsResultsOnly() throws {
    try withTemporaryDirectory { dir in
      let cube = try ApplyCommandTests().writeDoublingCube(in: dir)
      let r = try EDRCubeExecutable.run(
        ["eval", "--lut", cube.path, "--lut-space", "raw", "-q"], stdin: "1 2 3\n")
      #expect(r.status == 0)
      #expect(r.stdout == "2 4 6\n")
      #expect(r.stderr.isEmpty)
    }
  }

  @Test func quietPatternPrintsNothing() throws {
    try withTemporaryDirectory { dir in
      let output = dir.appendingPathComponent("chart.exr").path
      let r = try EDRCubeExecutable.run(
        ["pattern", output, "--width", "64", "--height", "32", "--quiet"])
      #expect(r.status == 0)
      #expect(r.stdout.isEmpty)
      #expect(FileManager.default.fileExists(atPath: output))
    }
  }

  @Test func quietStillReportsErrors() throws {
    try withTemporaryDirectory { dir in
      let cube = try ApplyCommandTests().writeDoublingCube(in: dir)
      let missing = dir.appendingPathComponent("missing.exr").path
      let r = try EDRCubeExecutable.run(
        [
          "apply", missing, "--lut", cube.path, "-o", dir.appendingPathComponent("o.exr").path,
          "-q",
        ])
      #expect(r.status == 1)
      #expect(r.stderr.contains("\(missing): error:"))
    }
  }
}
