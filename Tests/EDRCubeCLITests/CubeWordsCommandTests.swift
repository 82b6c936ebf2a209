import Foundation
import TestSupport
import Testing

/// What the cube says about itself, end to end (issue 35): the space its words name, raw
/// display code values, a 1D LUT's primaries, conflicting flags, `--lut-space raw` on CLF,
/// and `convert` on a camera cube.
@Suite struct CubeWordsCommandTests {
  /// colour-science's LogC → Rec.709 test cube (TITLE "AlexaV3 K1S1 LogC to Video Rec709").
  static let logcVideo = Fixtures.thirdParty
    .appendingPathComponent("colour-resolve_cube/LogC_Video.cube").path

  static func values(_ stdout: String) -> [[Double]] {
    stdout.split(separator: "\n").map { $0.split(separator: " ").compactMap { Double(String($0)) } }
  }

  /// Linear Rec.709 → AWG3 → LogC3 → the cube → BT.1886 decoding, as colour-science 0.4.7
  /// computes it (trilinear, shaper then 3D):
  /// `M = matrix_RGB_to_RGB(BT.709, ARRI Wide Gamut 3); out = read_LUT(f).apply(
  /// log_encoding_ARRILogC3(M @ rgb)) ** 2.4`.
  static let colourScience: [([Double], [Double])] = [
    ([0.18, 0.18, 0.18], [0.08304643, 0.08806276, 0.10493428]),
    ([0.5, 0.2, 0.1], [0.25850182, 0.12355568, 0.05929954]),
  ]

  @Test func theTitleNamesTheSpaces() throws {
    for flags in [[String](), ["--lut-space", "logc3"]] {
      let r = try EDRCubeExecutable.run(
        ["eval", "--lut", Self.logcVideo] + flags, stdin: "0.18 0.18 0.18\n0.5 0.2 0.1\n")
      try #require(r.status == 0, "\(r.stderr)")
      #expect(r.stderr.contains("space logc3 awg3 -> bt1886 rec709"), "\(r.stderr)")
      #expect(r.stderr.contains("AlexaV3 K1S1 LogC to Video Rec709"), "\(r.stderr)")
      for (got, (_, expected)) in zip(Self.values(r.stdout), Self.colourScience) {
        expectClose(got, expected, rel: 2e-4, abs: 2e-5, "\(flags)")
      }
    }
  }

  /// `--lut-output-space raw`: the display code values the cube holds (colour-science's
  /// `read_LUT(f).apply(log_encoding_ARRILogC3(M @ rgb))`).
  @Test func rawOutputGivesDisplayCodeValues() throws {
    let r = try EDRCubeExecutable.run(
      ["eval", "--lut", Self.logcVideo, "--lut-space", "logc3", "--lut-output-space", "raw"],
      stdin: "0.18 0.18 0.18\n")
    try #require(r.status == 0, "\(r.stderr)")
    expectClose(Self.values(r.stdout)[0], [0.35458231, 0.36335414, 0.39088492], abs: 2e-5)
    #expect(r.stderr.contains("logc3 awg3 -> raw"))
  }

  @Test func aCubeThatNamesNothingIsAnnounced() throws {
    let plain = Fixtures.thirdParty.appendingPathComponent("colour-iridas_cube/Colour_Correct.cube")
      .path
    let eval = try EDRCubeExecutable.run(["eval", "--lut", plain], stdin: "0.5 0.5 0.5\n")
    #expect(eval.status == 0)
    #expect(eval.stderr.contains("assumed srgb rec709: nothing in the file names its space"))
    let inspect = try EDRCubeExecutable.run(["inspect", plain])
    #expect(inspect.stderr.contains("assumed srgb rec709: nothing in the file names its space"))
    let words = try EDRCubeExecutable.run(["inspect", Self.logcVideo, "--json"])
    let object = try JSONSerialization.jsonObject(with: Data(words.stdout.utf8)) as? [String: Any]
    let reason = object?["spaceReason"] as? String ?? ""
    #expect(reason.hasPrefix("cube's words: TITLE"), "\(reason)")
    #expect((object?["outputSpace"] as? [String: Any])?["transfer"] as? String == "bt1886")
  }

  /// A 1D "Gamma 2.4 to HDR" table (BT.1886 signal → the PQ signal of the same light at
  /// 203 cd/m² white) keeps its primaries: pure red stays pure red.
  @Test func oneDimensionalTableKeepsPrimaries() throws {
    try withTemporaryDirectory { dir in
      let n = 1024
      var text = "TITLE \"Gamma 2.4 to HDR\"\nLUT_1D_SIZE \(n)\n"
      for i in 0..<n {
        let nits = pow(Double(i) / Double(n - 1), 2.4) * 203 / 10000
        let m1 = 2610.0 / 16384
        let m2 = 2523.0 / 4096 * 128
        let (c1, c2, c3) = (3424.0 / 4096, 2413.0 / 4096 * 32, 2392.0 / 4096 * 32)
        let p = pow(nits, m1)
        let v = pow((c1 + c2 * p) / (1 + c3 * p), m2)
        text += "\(v) \(v) \(v)\n"
      }
      let path = dir.appendingPathComponent("gamma24_to_hdr.cube").path
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      let r = try EDRCubeExecutable.run(
        ["eval", "--lut", path, "--lut-space", "bt1886", "--lut-output-space", "pq"],
        stdin: "1 0 0\n")
      try #require(r.status == 0, "\(r.stderr)")
      expectClose(Self.values(r.stdout)[0], [1, 0, 0], abs: 1e-3)
      #expect(r.stderr.contains("bt1886 rec709 -> pq rec709 203"), "\(r.stderr)")
      let refused = try EDRCubeExecutable.run(
        [
          "eval", "--lut", path, "--lut-space", "bt1886", "--lut-output-space", "pq",
          "--lut-output-primaries", "rec2020",
        ], stdin: "1 0 0\n")
      #expect(refused.status != 0 && refused.stderr.contains("--lut-output-primaries"))
    }
  }

  @Test func clampAndMaxRGBTogetherAreAnError() throws {
    let sdr = Fixtures.thirdParty.appendingPathComponent("colour-iridas_cube/Colour_Correct.cube")
      .path
    let r = try EDRCubeExecutable.run(
      ["eval", "--lut", sdr, "--extrapolation", "clamp", "--edr-policy", "maxrgb"],
      stdin: "4 4 4\n")
    #expect(r.status != 0)
    #expect(r.stderr.contains("--extrapolation clamp") && r.stderr.contains("--edr-policy maxrgb"))
    #expect(r.stdout.isEmpty)
  }

  @Test func lutSpaceRawIsAcceptedOnCLF() throws {
    let clf = Fixtures.repositoryRoot.appendingPathComponent(
      "Tests/Fixtures/clf/matrix_example_utf8.clf"
    )
    .path
    let plain = try EDRCubeExecutable.run(["eval", "--lut", clf], stdin: "0.5 0.25 0.125\n")
    let raw = try EDRCubeExecutable.run(
      ["eval", "--lut", clf, "--lut-space", "raw"], stdin: "0.5 0.25 0.125\n")
    try #require(plain.status == 0 && raw.status == 0, "\(raw.stderr)")
    #expect(raw.stdout == plain.stdout)
    let inspect = try EDRCubeExecutable.run(["inspect", clf, "--lut-space", "raw"])
    #expect(inspect.status == 0, "\(inspect.stderr)")
    let other = try EDRCubeExecutable.run(
      ["eval", "--lut", clf, "--lut-space", "srgb"], stdin: "0.5 0.25 0.125\n")
    #expect(other.status != 0)
  }

  /// A LogC → Rec.709 cube converts to a LogC → PQ cube: `eval` through it gives the display
  /// light of the source (colour-science, above) within what a 65³ PQ grid interpolates.
  @Test func convertKeepsACameraCubesLogInput() throws {
    try withTemporaryDirectory { dir in
      let out = dir.appendingPathComponent("out.cube").path
      let r = try EDRCubeExecutable.run([
        "convert", Self.logcVideo, out, "--to", "pq", "--report",
      ])
      try #require(r.status == 0, "\(r.stderr)")
      #expect(r.stdout.contains("camera input codes"), "\(r.stdout)")
      let text = try String(contentsOfFile: out, encoding: .utf8)
      #expect(text.contains("# EDRCube space: logc3 awg3 -> pq rec2020 203"))
      let e = try EDRCubeExecutable.run(
        ["eval", "--lut", out], stdin: "0.18 0.18 0.18\n0.5 0.2 0.1\n")
      try #require(e.status == 0, "\(e.stderr)")
      for (got, (_, expected)) in zip(Self.values(e.stdout), Self.colourScience) {
        expectClose(got, expected, rel: 1.5e-2)
      }
      let flag = try EDRCubeExecutable.run(
        ["convert", Self.logcVideo, out, "--to", "hlg", "--size", "9", "--from-space", "logc3"])
      #expect(flag.status == 0, "\(flag.stderr)")
    }
  }

  @Test func convertRefusesCubesWithoutDisplayOutputSayingWhy() throws {
    try withTemporaryDirectory { dir in
      let cube = dir.appendingPathComponent("look.cube")
      try
        "# EDRCube space: vlog vgamut\nLUT_3D_SIZE 2\n0 0 0\n1 0 0\n0 1 0\n1 1 0\n0 0 1\n1 0 1\n0 1 1\n1 1 1\n"
        .write(to: cube, atomically: true, encoding: .utf8)
      let out = dir.appendingPathComponent("out.cube").path
      let r = try EDRCubeExecutable.run(["convert", cube.path, out, "--to", "pq", "--size", "5"])
      #expect(r.status != 0)
      #expect(
        r.stderr.contains("vlog") && r.stderr.contains("not a display encoding"), "\(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: out))
      let shaper = try EDRCubeExecutable.run(
        ["convert", Self.logcVideo, out, "--to", "pq", "--shaper"])
      #expect(shaper.status != 0 && shaper.stderr.contains("--fit"), "\(shaper.stderr)")
      let pq = try EDRCubeExecutable.run(
        ["convert", Self.logcVideo, out, "--to", "pq", "--from-space", "pq"])
      #expect(pq.status != 0 && !FileManager.default.fileExists(atPath: out))
    }
  }
}
