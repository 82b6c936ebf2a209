import Foundation
import TestSupport
import Testing

/// The formats around the tool on the command line (docs/formats.md), and `bake`
/// (docs/bake.md). Reader values against OpenColorIO are LUTFormatsTests' job.
@Suite struct LUTFormatCommandTests {
  static func fixture(_ name: String) -> String {
    Fixtures.lutFormats.appendingPathComponent(name).path
  }

  static func numbers(_ text: String) -> [[Double]] {
    text.split(separator: "\n").map { $0.split(separator: " ").compactMap { Double($0) } }
  }

  @Test func anUnsupportedFormatNamesItselfAndADisguisedOneIsRecognised() throws {
    try withTemporaryDirectory { dir in
      let oneD = dir.appendingPathComponent("curve.1dl").path
      try "1 2 3\n".write(toFile: oneD, atomically: true, encoding: .utf8)
      let refused = try EDRCubeExecutable.run(["eval", "--lut", oneD], stdin: "0 0 0\n")
      #expect(refused.status != 0 && refused.stderr.contains("a Discreet .1dl 1D LUT"))
      // A .3dl named .cube: the .cube reader's refusal says what the content looks like,
      // and --lut-format reads it (discreet-3d-lut.3dl: node (0,0,0) is 17 17 17 of 4095).
      let disguised = dir.appendingPathComponent("look.cube").path
      try Data(contentsOf: URL(fileURLWithPath: Self.fixture("discreet-3d-lut.3dl")))
        .write(to: URL(fileURLWithPath: disguised))
      let asCube = try EDRCubeExecutable.run(["eval", "--lut", disguised], stdin: "0 0 0\n")
      #expect(asCube.status != 0 && asCube.stderr.contains("--lut-format 3dl reads it"))
      let forced = try EDRCubeExecutable.run(
        ["eval", "--lut", disguised, "--lut-format", "3dl"], stdin: "0 0 0\n")
      try #require(forced.status == 0, "\(forced.stderr)")
      let out = try #require(Self.numbers(forced.stdout).first)
      #expect(out.allSatisfy { abs($0 - 17.0 / 4095) < 1e-6 }, "\(out)")
    }
  }

  @Test func evalTakesAHaldImageAndConvertRefusesAProcessListByName() throws {
    try withTemporaryDirectory { dir in
      let image = dir.appendingPathComponent("id.png").path
      let made = try EDRCubeExecutable.run([
        "generate", "identity", "--size", "16", "--hald", image,
      ])
      try #require(made.status == 0, "\(made.stderr)")
      let r = try EDRCubeExecutable.run(
        ["eval", "--lut", image, "--lut-space", "raw"], stdin: "0.25 0.5 0.75\n")
      try #require(r.status == 0, "\(r.stderr)")
      let out = try #require(Self.numbers(r.stdout).first)
      #expect(zip(out, [0.25, 0.5, 0.75]).allSatisfy { abs($0 - $1) < 1e-4 }, "\(out)")
      let convert = try EDRCubeExecutable.run([
        "convert", Self.fixture("crosstalk.3dl"), dir.appendingPathComponent("o.cube").path,
        "--to", "pq",
      ])
      #expect(convert.status != 0 && convert.stderr.contains("an Autodesk .3dl file"))
    }
  }

  /// An identity cube baked for OpenColorIO stays an identity over the EDR range, negatives
  /// and highlights far above white included: the cube's own shaper puts the table's nodes on
  /// the cube's (a raw cube's are its values) and one node beyond each end holds the linear
  /// extrapolation, so only float rounding remains (the log2 shaper of `--shaper log2` was off
  /// by up to 1%).
  @Test func aBakedIdentityIsAnIdentityOverTheEDRRange() throws {
    try withTemporaryDirectory { dir in
      let clf = dir.appendingPathComponent("id.clf").path
      let made = try EDRCubeExecutable.run([
        "bake", "--lut", Fixtures.luts.appendingPathComponent("identity_17.cube").path,
        "--for", "ocio", "-o", clf,
      ])
      try #require(made.status == 0, "\(made.stderr)")
      let inputs: [[Double]] = [[-0.2, 0.1, 0.5], [1, 1, 1], [3.5, 0.02, 40], [60, 12, -0.05]]
      let r = try EDRCubeExecutable.run(
        ["eval", "--lut", clf],
        stdin: inputs.map { row in row.map { "\($0)" }.joined(separator: " ") }.joined(
          separator: "\n"))
      try #require(r.status == 0, "\(r.stderr)")
      let outs = Self.numbers(r.stdout)
      try #require(outs.count == inputs.count)
      for (input, out) in zip(inputs, outs) {
        for (x, y) in zip(input, out) {
          #expect(abs(y - x) <= 1e-4 * max(0.05, abs(x)), "\(input) → \(out)")
        }
      }
    }
  }
}
