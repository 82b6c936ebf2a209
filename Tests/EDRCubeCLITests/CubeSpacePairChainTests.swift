import Foundation
import TestSupport
import Testing

/// docs/semantics.md §1, issue 23's done-when: `eval` with an affine cube whose input and
/// output spaces differ reproduces the chain working (linear Rec.709) → matrix → encode →
/// cube → decode → matrix, for every curve and every primaries set on both sides, by flags
/// and by the cube comment.
@Suite struct CubeSpacePairChainTests {
  struct PairCase: CustomTestStringConvertible, Sendable {
    var input: String
    var output: String
    var expected: [[Double]]
    init(_ input: String, _ output: String, _ expected: [[Double]]) {
      self.input = input
      self.output = output
      self.expected = expected
    }
    var testDescription: String { "\(input) -> \(output)" }
  }

  /// The probes, linear Rec.709 (one above white).
  static let probes = "0.18 0.18 0.18\n0.5 0.3 0.1\n0.05 0.2 0.6\n2.0 1.2 0.6\n"

  /// The cube's affine map on signals: `A·s + b`, exact under trilinear interpolation and
  /// linear extrapolation.
  static let matrix: [[Double]] = [[0.9, 0.05, 0.02], [0.03, 0.85, 0.04], [0.01, 0.06, 0.8]]
  static let offset: [Double] = [0.02, 0.01, 0.03]

  /// Expected outputs computed with colour-science 0.4.7
  /// (Tests/Fixtures/oracles/cube_space_pair_chain.py: colour's log_encoding_*/log_decoding_* curves, oetf_DaVinciIntermediate,
  /// eotf_inverse_sRGB/eotf_sRGB sign-mirrored, x^(1/2.4), eotf_inverse_ST2084 on x·203,
  /// eotf_inverse_BT2100_HLG on x·203 (Lw 1000, Lb 0, BT.2100-2), and matrix_RGB_to_RGB with
  /// Bradford adaptation between colour's RGB_COLOURSPACES). Curves and primaries are paired
  /// round the lists so that each appears once on each side.
  static let cases: [PairCase] = [
    PairCase(
      "linear rec709", "hlg ap1",
      [
        [0.0283010998, 0.0198970094, 0.023481919], [0.303279923, 0.0523863407, 0.00369680569],
        [-0.0258468532, 0.0316622456, 0.221746882], [5.22754383, 4.91891965, -0.0197115894],
      ]),
    PairCase(
      "srgb p3", "acescct awg3",
      [
        [0.417931931, 0.226043473, 0.218889699], [8.64399483, 0.797079983, -0.180542787],
        [-0.425169515, -0.826327989, 5.74115261], [9549.58706, -80.8911134, -166.494975],
      ]),
    PairCase(
      "bt1886 p3-dci", "acescc awg4",
      [
        [0.631559312, 0.285669802, 0.295712661], [12.7697182, 0.0558407148, -0.0793074008],
        [-0.751098481, -0.182881183, 6.18791277], [10416.0849, -825.619818, -89.8213735],
      ]),
    PairCase(
      "pq rec2020", "logc3 sgamut3",
      [
        [0.288752951, 0.16425354, 0.172127326], [0.674638535, 0.257538565, 0.109901933],
        [0.149470498, 0.156618013, 0.442488715], [2.57128303, 0.859949219, 0.444046592],
      ]),
    PairCase(
      "hlg ap0", "logc4 sgamut3cine",
      [
        [1.40841666, 0.777796932, 0.800249095], [6.4910395, 2.0725342, -0.0984354544],
        [1.17003402, 0.0369216873, 8.07096753], [80.9870626, 22.6380064, 2.50425986],
      ]),
    PairCase(
      "acescct ap1", "slog3 vgamut",
      [
        [0.239906172, 0.140141583, 0.146182739], [0.485895106, 0.2040886, 0.103931399],
        [0.142402999, 0.143186254, 0.318445837], [1.36383071, 0.533132246, 0.332884343],
      ]),
    PairCase(
      "acescc awg3", "vlog rwg",
      [
        [0.222331658, 0.121237412, 0.123071595], [0.475523723, 0.170394342, 0.0525755726],
        [0.128197129, 0.14776741, 0.326853988], [1.41964706, 0.477047137, 0.207582396],
      ]),
    PairCase(
      "logc3 awg4", "log3g10 dwg",
      [
        [0.460875581, 0.251463185, 0.258579027], [1.18628718, 0.445041302, 0.064253826],
        [0.264650602, 0.232108768, 0.904661132], [5.37513533, 1.79090387, 0.461760448],
      ]),
    PairCase(
      "logc4 sgamut3", "applelog rec709",
      [
        [0.0283822405, 0.0216801549, 0.0232626107], [0.0527342701, 0.0318772536, 0.0189975383],
        [0.0256246204, 0.0280593429, 0.0516678002], [0.158437276, 0.0964131941, 0.0674036588],
      ]),
    PairCase(
      "slog3 sgamut3cine", "davinci-intermediate p3",
      [
        [0.423459998, 0.293844255, 0.294466199], [0.965952195, 0.437231828, 0.223924267],
        [0.317152195, 0.412157706, 0.767237875], [4.00511795, 1.69517344, 0.982545358],
      ]),
    PairCase(
      "vlog vgamut", "linear p3-dci",
      [
        [0.435524227, 0.398157883, 0.397605711], [0.515048514, 0.440858627, 0.369971987],
        [0.415949715, 0.423939421, 0.495817661], [0.657135768, 0.574831322, 0.516839348],
      ]),
    PairCase(
      "log3g10 rwg", "srgb rec2020",
      [
        [0.106199247, 0.0799065807, 0.0834766839], [0.16444843, 0.0985348858, 0.082078186],
        [0.0868437141, 0.0980227263, 0.129755635], [0.291144045, 0.186701897, 0.16494517],
      ]),
    PairCase(
      "applelog dwg", "bt1886 ap0",
      [
        [0.229604164, 0.146717117, 0.149879706], [0.40011925, 0.179437348, 0.138197424],
        [0.139687049, 0.187225486, 0.249462429], [0.696125633, 0.349307714, 0.298520522],
      ]),
    PairCase(
      "davinci-intermediate rec709", "pq ap1",
      [
        [0.10319414, 0.0596571184, 0.0651010393], [0.358449711, 0.0892912823, 0.0238689463],
        [-0.0253232557, 0.0763645948, 0.222205653], [1.45900536, 0.376670622, 0.189000005],
      ]),
  ]

  /// The 2³ cube of the affine map, with `comment` as its first line when given.
  static func cubeText(comment: String?) -> String {
    var lines = comment.map { ["# \($0)"] } ?? []
    lines.append("LUT_3D_SIZE 2")
    for b in 0..<2 {
      for g in 0..<2 {
        for r in 0..<2 {
          let s = [Double(r), Double(g), Double(b)]
          let v = (0..<3).map { i in
            (0..<3).reduce(offset[i]) { $0 + matrix[i][$1] * s[$1] }
          }
          lines.append(v.map { String($0) }.joined(separator: " "))
        }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  func check(_ c: PairCase, arguments: [String], comment: String?) throws {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("affine.cube").path
      try Self.cubeText(comment: comment).write(toFile: path, atomically: true, encoding: .utf8)
      // SDR inputs: the plain chain is the linear policy, F(x).
      let sdr = c.input.hasPrefix("srgb ") || c.input.hasPrefix("bt1886 ")
      let policy = sdr ? ["--edr-policy", "linear"] : []
      let r = try EDRCubeExecutable.run(
        ["eval", "--lut", path] + arguments + policy, stdin: Self.probes)
      #expect(r.status == 0, "\(r.stderr)")
      #expect(r.stderr.contains("space \(c.input)") && r.stderr.contains("-> \(c.output)"))
      let rows = r.stdout.split(separator: "\n").map {
        $0.split(separator: " ").compactMap { Double($0) }
      }
      #expect(rows.count == c.expected.count)
      for (row, expected) in zip(rows, c.expected) {
        for k in 0..<3 {
          expectClose(row[k], expected[k], rel: 2e-4, abs: 1e-6, "\(c) \(expected)")
        }
      }
    }
  }

  @Test(arguments: cases)
  func byFlags(_ c: PairCase) throws {
    let input = c.input.split(separator: " ").map(String.init)
    let output = c.output.split(separator: " ").map(String.init)
    try check(
      c,
      arguments: [
        "--lut-space", input[0], "--lut-primaries", input[1], "--lut-output-space", output[0],
        "--lut-output-primaries", output[1],
      ], comment: nil)
  }

  @Test(arguments: cases)
  func byComment(_ c: PairCase) throws {
    try check(c, arguments: [], comment: "EDRCube space: \(c.input) -> \(c.output)")
  }

  /// Unknown names are refused with the list of valid ones.
  @Test func badNamesListTheValidOnes() throws {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("bad.cube").path
      try Self.cubeText(comment: "EDRCube space: logc3 awg3 -> bt1886 rec7O9")
        .write(toFile: path, atomically: true, encoding: .utf8)
      let r = try EDRCubeExecutable.run(["eval", "--lut", path], stdin: "0 0 0\n")
      #expect(r.status != 0)
      #expect(r.stderr.contains("unknown cube space token 'rec7O9'"))
      #expect(r.stderr.contains("davinci-intermediate") && r.stderr.contains("sgamut3cine"))
      let flag = try EDRCubeExecutable.run(
        ["eval", "--lut", path, "--lut-output-space", "logc5"], stdin: "0 0 0\n")
      #expect(flag.status != 0)
      #expect(flag.stderr.contains("logc5") && flag.stderr.contains("applelog"))
    }
  }
}
