import Foundation
import RasterIO
import TestSupport
import Testing

/// `eval`, `apply`, `inspect` and `generate` with CLF files (docs/clf.md).
@Suite struct CLFCommandTests {
  static func fixture(_ name: String) -> String { Fixtures.clf.appendingPathComponent(name).path }

  /// OpenColorIO's outputs for `name` at the stored probes.
  static func reference(_ name: String) throws -> (probes: [[Double]], outputs: [[Double]]) {
    let root = try #require(
      try Fixtures.json(Fixtures.clf.appendingPathComponent("ocio_reference.json"))
        as? [String: Any])
    let files = try #require(root["files"] as? [String: Any])
    let entry = try #require(files[name] as? [String: Any])
    return (
      try #require(root["probes"] as? [[Double]]), try #require(entry["outputs"] as? [[Double]])
    )
  }

  @Test(arguments: ["log_all_styles.clf", "lut3d_17x17x17_10i_12i.clf", "multiple_ops.clf"])
  func evalMatchesOpenColorIO(_ name: String) throws {
    let (probes, outputs) = try Self.reference(name)
    let stdin = probes.map { $0.map { "\($0)" }.joined(separator: " ") }.joined(separator: "\n")
    let r = try EDRCubeExecutable.run(["eval", "--lut", Self.fixture(name)], stdin: stdin + "\n")
    try #require(r.status == 0, "\(r.stderr)")
    #expect(r.stderr.contains("CLF process list applied raw"))
    let lines = r.stdout.split(separator: "\n")
    try #require(lines.count == outputs.count)
    for (line, want) in zip(lines, outputs) {
      let got = line.split(separator: " ").compactMap { Double(String($0)) }
      for c in 0..<3 {
        #expect(abs(got[c] - want[c]) / max(abs(want[c]), 0.1) <= 0.002, "\(name): \(line)")
      }
    }
  }

  @Test func inspectDescribesTheNodes() throws {
    let r = try EDRCubeExecutable.run([
      "inspect", Self.fixture("exponent_all_styles.clf"), "--json",
    ])
    try #require(r.status == 0, "\(r.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    let nodes = try #require(json["nodes"] as? [[String: Any]])
    #expect(nodes.count == 12)
    #expect(nodes.first?["operation"] as? String == "Exponent")
    #expect(nodes.last?["operation"] as? String == "Range")
    #expect(json["dialect"] as? String == "smpte")
    let text = try EDRCubeExecutable.run([
      "inspect", Self.fixture("lut1d_half_domain_raw_half_set.clf"),
    ])
    #expect(text.stdout.contains("65536 entries, 1 channel, halfDomain, rawHalfs"))
  }

  @Test func aBadFileIsALocatedErrorEverywhere() throws {
    let bad = Self.fixture("illegal/array_bad_value.clf")
    for arguments in [["inspect", bad], ["eval", "--lut", bad]] {
      let r = try EDRCubeExecutable.run(arguments, stdin: "0 0 0\n")
      #expect(r.status != 0)
      #expect(r.stderr.contains("\(bad):5:9: error: invalid number 'P'"), "\(r.stderr)")
    }
  }

  @Test func applyRunsTheProcessListOnEveryPixel() throws {
    try withTemporaryDirectory { dir in
      let (probes, outputs) = try Self.reference("matrix_3x4_example.clf")
      let input = dir.appendingPathComponent("in.exr").path
      let output = dir.appendingPathComponent("out.exr").path
      let plane = { (c: Int) in probes.map { Float($0[c]) } }
      let part = EXRPart(
        dataWindow: EXRBox(width: probes.count, height: 1), compression: .zip,
        channels: ["R", "G", "B"].enumerated().map { c, name in
          EXRChannel(name: name, samples: EXRSamples(plane(c), as: .float))
        })
      try EXRImage(parts: [part]).write(to: input)
      let r = try EDRCubeExecutable.run(
        ["apply", input, "--lut", Self.fixture("matrix_3x4_example.clf"), "-o", output])
      try #require(r.status == 0, "\(r.stderr)")
      let out = try EXRImage.read(path: output).parts[0]
      for (c, name) in ["R", "G", "B"].enumerated() {
        let index = try #require(out.channelIndex(named: name))
        let got = out.channels[index].samples.floatValues
        for i in probes.indices {
          #expect(abs(Double(got[i]) - outputs[i][c]) / max(abs(outputs[i][c]), 0.1) <= 0.002)
        }
      }
    }
  }

  @Test func generateAndInspectWriteCLFThatEvaluatesLikeTheCube() throws {
    try withTemporaryDirectory { dir in
      let cube = dir.appendingPathComponent("t.cube").path
      let clf = dir.appendingPathComponent("t.clf").path
      for output in [cube, clf] {
        let r = try EDRCubeExecutable.run(
          ["generate", "transfer", "--from", "srgb", "--to", "pq", "--size", "17", "-o", output])
        try #require(r.status == 0, "\(r.stderr)")
      }
      #expect(try String(contentsOfFile: clf, encoding: .utf8).contains("<LUT3D"))
      let again = dir.appendingPathComponent("again.clf").path
      let w = try EDRCubeExecutable.run(["inspect", cube, "--write-as", again])
      try #require(w.status == 0, "\(w.stderr)")
      let stdin = "0.1 0.5 0.9\n0.02 0.3 0.7\n1 1 1\n"
      let fromCube = try EDRCubeExecutable.run(
        ["eval", "--lut", cube, "--lut-space", "raw", "--extrapolation", "clamp"], stdin: stdin)
      for path in [clf, again] {
        let fromCLF = try EDRCubeExecutable.run(["eval", "--lut", path], stdin: stdin)
        try #require(fromCLF.status == 0, "\(fromCLF.stderr)")
        let a = fromCube.stdout.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        let b = fromCLF.stdout.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        try #require(a.count == 9 && b.count == 9)
        for (x, y) in zip(a, b) { #expect(abs(x - y) <= 1e-6, "\(path)") }
      }
    }
  }

  @Test func convertWritesCLFByFormatOrName() throws {
    try withTemporaryDirectory { dir in
      let sdr = Fixtures.luts.appendingPathComponent("teal_orange_sdr.cube").path
      let clf = dir.appendingPathComponent("pq.clf").path
      let r = try EDRCubeExecutable.run(
        ["convert", sdr, clf, "--to", "pq", "--size", "9", "--shaper", "--format", "clf"])
      try #require(r.status == 0, "\(r.stderr)")
      let text = try String(contentsOfFile: clf, encoding: .utf8)
      #expect(text.contains("<LUT1D") && text.contains("<LUT3D"))
      let cube = dir.appendingPathComponent("pq.cube").path
      let clash = try EDRCubeExecutable.run(
        ["convert", sdr, cube, "--to", "pq", "--size", "9", "--format", "clf"])
      #expect(clash.status != 0 && clash.stderr.contains("contradicts the file's extension"))
      #expect(!FileManager.default.fileExists(atPath: cube))
    }
  }

  @Test func spaceOptionsAreRefusedForAProcessList() throws {
    let r = try EDRCubeExecutable.run(
      ["eval", "--lut", Self.fixture("range.clf"), "--lut-space", "srgb"], stdin: "0 0 0\n")
    #expect(r.status != 0 && r.stderr.contains("applied as it is (raw)"))
  }
}
