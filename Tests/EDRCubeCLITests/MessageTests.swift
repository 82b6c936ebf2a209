import Foundation
import TestSupport
import Testing

/// The wording of common refusals: a missing cube, an output that would replace an input.
@Suite struct MessageTests {
  @Test(arguments: [["eval"], ["apply", "in.exr", "-o", "out.exr"]])
  func missingCubeNamesTheFileAlone(_ command: [String]) throws {
    try withTemporaryDirectory { dir in
      let missing = dir.appendingPathComponent("missing.cube").path
      let r = try EDRCubeExecutable.run(command + ["--lut", missing], currentDirectory: dir)
      #expect(r.status == 1)
      #expect(r.stderr.hasPrefix("\(missing): error: "), "\(r.stderr)")
      #expect(!r.stderr.contains(":0:0"))
    }
  }

  @Test func overwriteRefusalNamesInPlace() throws {
    try withTemporaryDirectory { dir in
      let helper = ApplyCommandTests()
      let cube = try helper.writeDoublingCube(in: dir)
      let input = dir.appendingPathComponent("in.exr").path
      _ = try helper.writeInput(input)
      let r = try EDRCubeExecutable.run(["apply", input, "--lut", cube.path, "-o", input])
      #expect(r.status == 1)
      #expect(r.stderr.contains("would replace the input"))
      #expect(r.stderr.contains("--in-place"), "\(r.stderr)")
    }
  }
}
