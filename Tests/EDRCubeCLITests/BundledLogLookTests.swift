import Foundation
import RasterIO
import TestSupport
import Testing

/// The bundled camera-log looks (luts/logc3_to_rec709.cube, luts/acescct_to_rec709.cube):
/// two-space cubes (`IN -> bt1886 rec709`) applied to scene-linear images in the log space's
/// primaries, as the README's ACES example runs them.
///
/// Expected greys from colour-science 0.4.7 (Tests/Fixtures/oracles/bundled_log_looks.py), at
/// inputs whose log encoding lands on a cube node, so the lookup adds no interpolation error.
@Suite struct BundledLogLookTests {
  /// (linear input grey, expected output grey) per look.
  static let logC3: [(Float, Double)] = [
    (0.04151960753378661, 0.027792036694379078), (0.08175084795177966, 0.0597689081169937),
    (0.20889736295069822, 0.1686765829519271), (0.3813493813016129, 0.32684747977842726),
  ]
  static let acesCCT: [(Float, Double)] = [
    (0.024688790995730524, 0.016102105077480486), (0.05273848725812608, 0.037108490303482254),
    (0.1646529197235873, 0.12982526891045956), (0.351720175781687, 0.299191919896761),
  ]

  /// The cube comment names both spaces.
  @Test(arguments: [
    ("logc3_to_rec709.cube", "logc3 awg3 -> bt1886 rec709"),
    ("acescct_to_rec709.cube", "acescct ap1 -> bt1886 rec709"),
  ])
  func commentNamesBothSpaces(file: String, spaces: String) throws {
    let text = try String(
      contentsOf: Fixtures.luts.appendingPathComponent(file), encoding: .utf8)
    #expect(text.contains("# EDRCube space: \(spaces)\n"))
  }

  @Test func logC3LookOnAWG3GreysMatchTheOracle() throws {
    let input = Self.logC3.map { "\($0.0) \($0.0) \($0.0)" }.joined(separator: "\n")
    let r = try EDRCubeExecutable.run(
      [
        "eval", "--lut", Fixtures.luts.appendingPathComponent("logc3_to_rec709.cube").path,
        "--working-primaries", "awg3", "--quiet",
      ], stdin: input + "\n")
    try #require(r.status == 0, "\(r.stderr)")
    let lines = r.stdout.split(separator: "\n")
    try #require(lines.count == Self.logC3.count)
    for (line, (_, expected)) in zip(lines, Self.logC3) {
      for value in line.split(separator: " ").compactMap({ Double($0) }) {
        #expect(abs(value - expected) <= 2e-6 * expected, "\(line) vs \(expected)")
      }
    }
  }

  /// An ACES EXR (linear AP0, chromaticities attribute AP0) through the ACEScct look: the
  /// working primaries come from the file, the greys match the oracle, alpha is untouched.
  @Test func acesCCTLookOnAnACESEXRMatchesTheOracle() throws {
    try withTemporaryDirectory { dir in
      let greys = Self.acesCCT.map(\.0)
      var part = EXRPart(
        dataWindow: EXRBox(width: greys.count, height: 1),
        channels: ["R", "G", "B"].map {
          EXRChannel(name: $0, samples: EXRSamples(greys, as: .float))
        }
          + [EXRChannel(name: "A", samples: EXRSamples([1, 0.5, 1, 0.25], as: .float))])
      part.chromaticities = EXRChromaticities(
        red: [0.7347, 0.2653], green: [0, 1], blue: [0.0001, -0.077], white: [0.32168, 0.33767])
      let input = dir.appendingPathComponent("plate_aces.exr").path
      let output = dir.appendingPathComponent("plate_rec709.exr").path
      try EXRImage(parts: [part]).write(to: input)
      let r = try EDRCubeExecutable.run([
        "apply", input, "--lut",
        Fixtures.luts.appendingPathComponent("acescct_to_rec709.cube").path,
        "-o", output, "--alpha", "straight",
      ])
      try #require(r.status == 0, "\(r.stderr)")
      #expect(r.stderr.contains("ap0") || r.stdout.contains("ap0"), "names the working primaries")
      let out = try EXRImage.read(path: output).parts[0]
      for name in ["R", "G", "B"] {
        let values = out.channels[try #require(out.channelIndex(named: name))].samples.floatValues
        for (value, (_, expected)) in zip(values, Self.acesCCT) {
          #expect(
            abs(Double(value) - expected) <= 2e-6 * expected, "\(name): \(value) vs \(expected)")
        }
      }
      let alpha = out.channels[try #require(out.channelIndex(named: "A"))].samples.floatValues
      #expect(alpha == [1, 0.5, 1, 0.25])
    }
  }
}
