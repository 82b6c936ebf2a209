import Foundation
import TestSupport
import Testing

/// `edrcube eval` end to end: the conformance probes through the command line, as users and
/// outside checks run them (`--lut-space raw`).
@Suite struct EvalCommandTests {
  struct ProbeGroup: CustomTestStringConvertible, Sendable {
    var file: String
    var interp: String
    var extrapolation: String
    var inputs: [[String]]
    var expected: [[Double]]
    var testDescription: String { "\(file) \(interp) \(extrapolation)" }
  }

  /// Every accepted shipped case's probes, grouped so that one process runs each group.
  static let groups: [ProbeGroup] = {
    let url = Fixtures.cubeCases.appendingPathComponent("expected.json")
    guard let all = (try? Fixtures.json(url)) as? [String: [String: Any]] else { return [] }
    var groups: [String: ProbeGroup] = [:]
    for (file, case_) in all where case_["generated"] == nil {
      let probes =
        (case_["probes"] as? [[String: Any]] ?? [])
        + (case_["nonFiniteProbes"] as? [[String: Any]] ?? [])
      for p in probes {
        guard let interp = p["interp"] as? String, let ex = p["extrapolation"] as? String,
          let input = p["input"] as? [Any], let expected = p["expected"] as? [Double]
        else { continue }
        let key = "\(file)|\(interp)|\(ex)"
        var g =
          groups[key]
          ?? ProbeGroup(file: file, interp: interp, extrapolation: ex, inputs: [], expected: [])
        g.inputs.append(input.map { "\($0)" })
        g.expected.append(expected)
        groups[key] = g
      }
    }
    return groups.values.sorted { $0.testDescription < $1.testDescription }
  }()

  @Test func probesAreThere() {
    #expect(Self.groups.count > 100)
  }

  @Test(arguments: groups)
  func conformanceProbes(_ group: ProbeGroup) throws {
    let path = Fixtures.cubeCases.appendingPathComponent(group.file).path
    let stdin = group.inputs.map { $0.joined(separator: " ") }.joined(separator: "\n") + "\n"
    let r = try EDRCubeExecutable.run(
      [
        "eval", "--lut", path, "--lut-space", "raw", "--interp", group.interp,
        "--extrapolation", group.extrapolation,
      ], stdin: stdin)
    try #require(r.status == 0, "\(r.stderr)")
    let lines = r.stdout.split(separator: "\n")
    try #require(lines.count == group.expected.count)
    for (line, expected) in zip(lines, group.expected) {
      let got = line.split(separator: " ").compactMap { Double(String($0)) }
      expectClose(got, expected, abs: 1e-5, "\(group.testDescription) \(line)")
    }
  }

  @Test func goldenExtrapolation() throws {
    let path = Fixtures.cubeCases.appendingPathComponent("A3_A4_double_extrapolation.cube").path
    let r = try EDRCubeExecutable.run(
      ["eval", "--lut", path, "--lut-space", "raw"], stdin: "1.5 1.5 1.5\n# comment\n\n-0.25 0 0\n")
    #expect(r.status == 0)
    #expect(r.stdout == "3 3 3\n-0.5 0 0\n")
  }

  @Test func outputIsTheShortestRoundTripText() throws {
    let path = Fixtures.cubeCases.appendingPathComponent("A9_identity_size_5.cube").path
    let r = try EDRCubeExecutable.run(
      ["eval", "--lut", path, "--lut-space", "raw"], stdin: "0.1 1e-05 3\n-2.5 0.75 100000\n")
    #expect(r.status == 0)
    #expect(r.stdout == "0.1 1e-5 3\n-2.5 0.75 100000\n")
  }

  @Test func malformedInputLineFailsWithItsLineNumber() throws {
    let path = Fixtures.cubeCases.appendingPathComponent("A3_A4_double_extrapolation.cube").path
    let r = try EDRCubeExecutable.run(
      ["eval", "--lut", path, "--lut-space", "raw"], stdin: "0 0 0\n1 2\n")
    #expect(r.status == 1)
    #expect(r.stdout == "0 0 0\n")
    #expect(r.stderr.contains("<stdin>:2: error:"))
  }

  @Test func badCubeNamesFileLineAndColumn() throws {
    let path = Fixtures.cubeCases.appendingPathComponent("N6a_nan_in_data.cube").path
    let r = try EDRCubeExecutable.run(["eval", "--lut", path], stdin: "0 0 0\n")
    #expect(r.status == 1)
    #expect(r.stderr.hasPrefix("\(path):5:6: error:"))
    #expect(r.stdout.isEmpty)
  }

  @Test func missingCubeFails() throws {
    let r = try EDRCubeExecutable.run(["eval", "--lut", "/nonexistent/x.cube"], stdin: "0 0 0\n")
    #expect(r.status != 0)
    #expect(r.stderr.contains("/nonexistent/x.cube"))
  }

  /// `eval` says on stderr which space, primaries, policy and extrapolation it used.
  @Test func reportsTheCubeSpaceItUsed() throws {
    let look = Fixtures.luts.appendingPathComponent("warm_sdr.cube").path
    let r = try EDRCubeExecutable.run(["eval", "--lut", look], stdin: "0.5 0.5 0.5\n")
    #expect(r.status == 0)
    #expect(
      r.stderr
        == "lut: \(look): space srgb rec709 (cube comment), working linear rec709, trilinear, "
        + "extrapolation bounded, policy rising-maxrgb\n")
    let raw = try EDRCubeExecutable.run(
      ["eval", "--lut", look, "--lut-space", "raw", "--interp", "tetrahedral"], stdin: "0 0 0\n")
    #expect(
      raw.stderr == "lut: \(look): space raw (command line), tetrahedral, extrapolation bounded\n")
  }

  /// An ACEScg grey through a look stays neutral: AP1 (ACES white) is adapted to the
  /// cube's Rec.709 (D65) with Bradford, and back (without adaptation it came out
  /// 0.629, 0.634, 0.652, a 3.6 % spread; the look keeps Rec.709 greys within 5e-4).
  @Test func acesCGGreyStaysNeutral() throws {
    let look = Fixtures.luts.appendingPathComponent("bleach_bypass_sdr.cube").path
    let r = try EDRCubeExecutable.run(
      ["eval", "--lut", look, "--working-primaries", "ap1"], stdin: "0.5 0.5 0.5\n0.18 0.18 0.18\n")
    try #require(r.status == 0, "\(r.stderr)")
    for line in r.stdout.split(separator: "\n") {
      let v = line.split(separator: " ").compactMap { Double($0) }
      try #require(v.count == 3)
      #expect(v.max()! - v.min()! <= 1e-3 * v.max()!, "\(line)")  // the look's own spread: 5e-4
    }
  }
}
