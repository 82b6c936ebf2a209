import Foundation
import KernelLint
import Testing

/// Issue 25: EDR001 only for clamps within [0, 1], fix-its that type-check and leave no
/// finding of their rule, the text summary line and SARIF 2.1.0 structure.
@Suite struct FixAndReportTests {
  private func lint(_ text: String, _ path: String = "k.ci.metal") -> FileReport {
    Linter().lint(text: text, path: path)
  }

  private func rules(_ report: FileReport) -> [RuleID] { report.findings.map(\.ruleID) }

  @Test func clampsWithANegativeLowerBoundAreNotEDR001() {
    let chroma = """
      extern "C" float4 chroma(coreimage::sample_t s) {
        float2 cc = clamp(s.gb - 0.5, -0.52, 0.52);
        return float4(s.r, cc + 0.5, s.a);
      }
      """
    #expect(!rules(lint(chroma)).contains(.edr001))
    let floorParameter = """
      extern "C" float4 k(coreimage::sample_t s, float lo) {
        return float4(clamp(s.rgb, lo, 1.0), s.a);
      }
      """
    #expect(rules(lint(floorParameter)) == [.edr001])
  }

  @Test func fixesThatWouldNotTypeCheckAreNotOffered() throws {
    let vectorFactor = lint(
      "extern \"C\" float4 k(coreimage::sample_t s, float4 factors) { return s * factors; }")
    let hint = try #require(vectorFactor.findings.first { $0.ruleID == .alpha002 })
    #expect(!hint.fixes.contains { $0.description == "scale RGB only" })
    #expect(hint.fixes.contains { $0.description.contains("edrlint:param factors in [0, 1]") })
    let scalarFactor = lint(
      "extern \"C\" float4 k(coreimage::sample_t s) { return s * 2.0; }")
    let scale = try #require(scalarFactor.findings.first { $0.ruleID == .alpha001 })
    #expect(scale.fixes.map(\.edits.first?.newText) == ["float4(s.rgb * 2.0, s.a)"])
    let selfAssignment = lint(
      """
      extern "C" float4 k(coreimage::sample_t s) {
        float3 c = s.rgb * 2.0;
        c = clamp(c, 0.0, 1.0);
        return float4(c, s.a);
      }
      """)
    let limit = try #require(selfAssignment.findings.first { $0.ruleID == .edr001 })
    #expect(!limit.fixes.contains { $0.edits.first?.newText == "c" })
  }

  /// Every offered fix, applied, leaves no finding of its rule.
  @Test(arguments: [
    "extern \"C\" float4 k(coreimage::sample_t s) { return s * 2.0; }",
    "extern \"C\" float4 k(coreimage::sample_t s) { return float4(saturate(s.rgb * 2.0), s.a); }",
    "extern \"C\" float4 k(coreimage::sample_t s) { return saturate(s * 2.0); }",
    "extern \"C\" float4 k(coreimage::sample_t s) { return float4(max(s.rgb - 0.1, 0.0), s.a); }",
    "extern \"C\" float4 k(coreimage::sample_t s) { return float4(smoothstep(0.0, 1.0, s.rgb), s.a); }",
  ])
  func appliedFixesLeaveNoFindingOfTheirRule(kernel: String) {
    let before = lint(kernel)
    #expect(!before.findings.isEmpty)
    let fixed = FixApplier.applying(
      before.findings, to: Array(kernel.utf8), includeSuggestions: true)
    let after = Linter().lint(bytes: fixed.0, path: "k.ci.metal")
    for finding in before.findings where !finding.fixes.filter({ !$0.edits.isEmpty }).isEmpty {
      #expect(!rules(after).contains(finding.ruleID), "\(String(decoding: fixed.0, as: UTF8.self))")
    }
  }

  @Test func textEndsWithASummaryLine() {
    let reports = [
      lint("extern \"C\" float4 k(coreimage::sample_t s) { return float4(saturate(s.rgb), s.a); }"),
      lint("float helper(float x) { return x; }", "empty.cikernel"),
    ]
    let text = ReporterKind.text.render(reports, summary: LintSummary(reports))
    #expect(
      text.hasSuffix(
        "2 file(s), 1 kernel(s) found: 0 error(s), 1 warning(s), 0 note(s); 1 file(s) with no kernel\n"
      ))
  }

  /// The structure SARIF 2.1.0's schema requires of what we write (sarif-schema-2.1.0.json:
  /// `version`, `runs`, `tool.driver.name`, `result.message`, `fix.artifactChanges` with at least
  /// one `replacements` entry, `artifactLocation.uri` a URI reference).
  @Test func sarifOfACollectionHasTheRequiredStructure() throws {
    let reports = [
      lint(
        "extern \"C\" float4 k(coreimage::sample_t s, float g) { return s * g; }",
        "My Filters/a b.ci.metal"),
      lint(
        "extern \"C\" float4 k(coreimage::sample_t s) { return float4(saturate(s.rgb * 2.0), s.a); }",
        "b.ci.metal"),
      lint("float helper(float x) { return x; }", "c.cikernel"),
    ]
    let text = ReporterKind.sarif.render(
      reports, summary: LintSummary(reports), sourceRoot: "file:///src/")
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    let runs = try #require(log["runs"] as? [[String: Any]])
    #expect(runs.count == 1)
    let driver = (runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any]
    #expect(driver?["name"] is String)
    let results = try #require(runs[0]["results"] as? [[String: Any]])
    #expect(results.count >= 2)
    var uris: [String] = []
    for result in results {
      #expect((result["message"] as? [String: Any])?["text"] is String)
      for location in result["locations"] as? [[String: Any]] ?? [] {
        let physical = location["physicalLocation"] as? [String: Any]
        let uri = (physical?["artifactLocation"] as? [String: Any])?["uri"] as? String
        uris.append(uri ?? "")
      }
      for fix in result["fixes"] as? [[String: Any]] ?? [] {
        let changes = try #require(fix["artifactChanges"] as? [[String: Any]])
        #expect(!changes.isEmpty)
        for change in changes {
          #expect(!((change["replacements"] as? [Any]) ?? []).isEmpty)
        }
      }
    }
    #expect(uris.contains("My%20Filters/a%20b.ci.metal"))
    #expect(uris.allSatisfy { !$0.contains(" ") && URL(string: $0) != nil })
  }
}
