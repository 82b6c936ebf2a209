import Foundation
import TestSupport
import Testing

@Suite struct InspectCommandTests {
  func inspectJSON(_ path: String, _ extra: [String] = []) throws -> [String: Any] {
    let r = try EDRCubeExecutable.run(["inspect", path, "--json"] + extra)
    try #require(r.status == 0, "\(r.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
  }

  @Test func jsonHasTheContractKeys() throws {
    let path = Fixtures.cubeCases.appendingPathComponent("D9_shaper_input_range_0_2.cube").path
    let j = try inspectJSON(path)
    for key in [
      "dialect", "title", "lut3DSize", "lut1DSize", "domainMin", "domainMax", "outputMin",
      "outputMax", "warnings", "space",
    ] {
      #expect(j.keys.contains(key), "missing \(key)")
    }
    #expect(j["dialect"] as? String == "resolve")
    #expect(j["lut1DSize"] as? Int == 3)
    #expect(j["lut3DSize"] as? Int == 2)
    #expect(j["domainMax"] as? [Double] == [2, 2, 2])
  }

  @Test func spaceComesFromTheCommentOrTheFlag() throws {
    let pq = Fixtures.vectors.appendingPathComponent("pq6_tone_scaled_maxrgb.cube").path
    let fromComment = try #require(try inspectJSON(pq)["space"] as? [String: Any])
    #expect(fromComment["transfer"] as? String == "pq")
    #expect(fromComment["primaries"] as? String == "rec2020")
    #expect(fromComment["referenceWhite"] as? Double == 203)
    #expect(fromComment["origin"] as? String == "cube comment")
    let overridden = try #require(
      try inspectJSON(pq, ["--lut-space", "raw"])["space"] as? [String: Any])
    #expect(overridden["transfer"] as? String == "raw")
    #expect(overridden["origin"] as? String == "command line")
    let plain = Fixtures.cubeCases.appendingPathComponent("E1_lf_baseline.cube").path
    let fallback = try #require(try inspectJSON(plain)["space"] as? [String: Any])
    #expect(fallback["transfer"] as? String == "srgb")
    #expect(fallback["origin"] as? String == "default")
  }

  @Test func warningsCarryTheirLine() throws {
    let path = Fixtures.cubeCases.appendingPathComponent("K5_title_unquoted.cube").path
    let warnings = try #require(try inspectJSON(path)["warnings"] as? [[String: Any]])
    #expect(warnings.first?["line"] as? Int == 1)
  }

  @Test func rejectedFileIsReportedCompilerStyle() throws {
    let path = Fixtures.cubeCases.appendingPathComponent("S9_row_with_two_numbers.cube").path
    let r = try EDRCubeExecutable.run(["inspect", path])
    #expect(r.status != 0)
    #expect(r.stderr.hasPrefix("\(path):7:"))
    #expect(r.stderr.contains("error:"))
    #expect(r.stdout.isEmpty)
  }

  @Test func writeAsRoundTripsAndReportsTheSameRange() throws {
    try withTemporaryDirectory { dir in
      let source = Fixtures.vectors.appendingPathComponent("random_3.cube").path
      let out = dir.appendingPathComponent("copy.cube").path
      let first = try EDRCubeExecutable.run(["inspect", source, "--json", "--write-as", out])
      #expect(first.status == 0)
      let a = try inspectJSON(source)
      let b = try inspectJSON(out)
      #expect(a["outputMin"] as? [Double] == b["outputMin"] as? [Double])
      #expect(a["outputMax"] as? [Double] == b["outputMax"] as? [Double])
    }
  }
}
