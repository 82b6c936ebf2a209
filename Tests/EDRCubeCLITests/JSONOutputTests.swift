import Foundation
import TestSupport
import Testing

/// `--json` runs: `apply`'s summary object, and `{"error": …}` on failure from every command
/// that has `--json` (docs/semantics.md §8).
@Suite struct JSONOutputTests {
  /// Standard output parsed as one JSON object.
  func object(_ r: CommandResult) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8))
    return try #require(value as? [String: Any], "\(r.stdout)")
  }

  @Test func applyPrintsOneSummaryObject() throws {
    try withTemporaryDirectory { dir in
      let helper = ApplyCommandTests()
      let cube = try helper.writeDoublingCube(in: dir)
      let input = dir.appendingPathComponent("in.exr").path
      _ = try helper.writeInput(input)
      let output = dir.appendingPathComponent("out.exr").path
      let r = try EDRCubeExecutable.run([
        "apply", input, "--lut", cube.path, "-o", output, "--json",
      ])
      try #require(r.status == 0, "\(r.stderr)")
      let summary = try object(r)
      #expect(summary["files"] as? Int == 1)
      #expect(summary["succeeded"] as? Int == 1)
      #expect(summary["failed"] as? Int == 0)
      #expect(summary["pixels"] as? Int == 8)
      #expect(summary["nonFinitePixels"] as? Int == 0)
      #expect(summary["nonFiniteOutputPixels"] as? Int == 0)
      #expect(summary["clippedValues"] as? Int == 0)
      #expect(summary["lut"] as? String == cube.path)
      #expect(summary["cubeSpace"] as? String == "raw")
      #expect(summary["cubeSpaceOrigin"] as? String == "cube comment")
      #expect(summary["workingSpaces"] as? [String] == ["linear rec709"])
      #expect((summary["errors"] as? [Any])?.isEmpty == true)
      let seconds = try #require(summary["seconds"] as? [String: Double])
      #expect(Set(seconds.keys) == ["read", "apply", "write"])
    }
  }

  @Test func applyWithAFailedFileAddsTheErrors() throws {
    try withTemporaryDirectory { dir in
      let helper = ApplyCommandTests()
      let cube = try helper.writeDoublingCube(in: dir)
      let inputs = dir.appendingPathComponent("in")
      for folder in [inputs, dir.appendingPathComponent("out")] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      }
      _ = try helper.writeInput(inputs.appendingPathComponent("a.exr").path)
      let broken = inputs.appendingPathComponent("b.exr").path
      try Data("not an image".utf8).write(to: URL(fileURLWithPath: broken))
      let r = try EDRCubeExecutable.run([
        "apply", inputs.path, "--lut", cube.path, "--json",
        "--output-dir", dir.appendingPathComponent("out").path,
      ])
      #expect(r.status == 1)
      #expect(r.stderr.contains("\(broken): error:"))
      let summary = try object(r)
      #expect(summary["succeeded"] as? Int == 1)
      #expect(summary["failed"] as? Int == 1)
      let errors = try #require(summary["errors"] as? [[String: Any]])
      #expect(errors.first?["file"] as? String == broken)
      let error = try #require(summary["error"] as? [String: Any])
      #expect(error["message"] as? String == "1 file(s) failed")
      #expect(error["file"] is NSNull)
    }
  }

  @Test func inspectPrintsTheParseErrorAsJSON() throws {
    try withTemporaryDirectory { dir in
      let cube = dir.appendingPathComponent("bad.cube")
      try "LUT_3D_SIZE 2\n0 0 0\n1 0\n".write(to: cube, atomically: true, encoding: .utf8)
      let r = try EDRCubeExecutable.run(["inspect", cube.path, "--json"])
      #expect(r.status == 1)
      #expect(r.stderr.hasPrefix("\(cube.path):3:"))
      let error = try #require(try object(r)["error"] as? [String: Any])
      #expect(error["file"] as? String == cube.path)
      #expect(error["line"] as? Int == 3)
      #expect(error["column"] as? Int != nil)
      #expect((error["message"] as? String)?.isEmpty == false)
    }
  }

  @Test func convertPrintsAMissingInputAsJSON() throws {
    try withTemporaryDirectory { dir in
      let missing = dir.appendingPathComponent("missing.cube").path
      let r = try EDRCubeExecutable.run([
        "convert", missing, dir.appendingPathComponent("out.cube").path, "--to", "pq", "--json",
      ])
      #expect(r.status == 1)
      #expect(r.stderr.contains("error:"))
      let error = try #require(try object(r)["error"] as? [String: Any])
      #expect(error["file"] as? String == missing)
      #expect(error["line"] is NSNull)
    }
  }

  @Test func textRunsPrintNoJSONOnFailure() throws {
    try withTemporaryDirectory { dir in
      let missing = dir.appendingPathComponent("missing.cube").path
      let r = try EDRCubeExecutable.run(["inspect", missing])
      #expect(r.status == 1)
      #expect(r.stdout.isEmpty)
    }
  }
}
