import Foundation
import TestSupport
import Testing

/// The output's format follows its name: an unknown extension, or one naming another format
/// than the input's, is refused before anything is written (never EXR bytes in `x.tif`).
@Suite struct OutputFormatTests {
  private func chart(in dir: URL) throws -> String {
    let path = dir.appendingPathComponent("chart.exr").path
    let r = try EDRCubeExecutable.run(["pattern", path, "--width", "64", "--height", "36"])
    try #require(r.status == 0, "\(r.stderr)")
    return path
  }

  @Test(arguments: [
    ("out.tif", "unsupported conversion"), ("out.TIFF", "unsupported conversion"),
    ("out.png", "unsupported output format '.png'"),
    ("out", "unsupported output format (no extension)"),
  ])
  func mismatchedOrUnknownOutputsAreRefused(_ name: String, _ message: String) throws {
    try withTemporaryDirectory { dir in
      let input = try chart(in: dir)
      let output = dir.appendingPathComponent(name).path
      let r = try EDRCubeExecutable.run(
        [
          "apply", input, "--lut", Fixtures.luts.appendingPathComponent("warm_sdr.cube").path,
          "-o", output,
        ])
      #expect(r.status != 0)
      #expect(r.stderr.contains(message), "\(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: output))
      let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
      #expect(left == ["chart.exr"])
    }
  }

  @Test func exrToUpperCaseExrIsAccepted() throws {
    try withTemporaryDirectory { dir in
      let input = try chart(in: dir)
      let output = dir.appendingPathComponent("out.EXR").path
      let r = try EDRCubeExecutable.run(
        [
          "apply", input, "--lut", Fixtures.luts.appendingPathComponent("warm_sdr.cube").path,
          "-o", output,
        ])
      #expect(r.status == 0, "\(r.stderr)")
      #expect(FileManager.default.fileExists(atPath: output))
    }
  }
}
