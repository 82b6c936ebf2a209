import Foundation
import KernelLint
import Testing

/// Output formats: clang text, JSON (§4.2), SARIF 2.1.0 (§4.3), GitHub commands.
@Suite struct ReporterTests {
  static let source = """
    #include <CoreImage/CoreImage.h>
    extern "C" float4 glow(coreimage::sample_t s) {
      float3 c = s.rgb * 2.0;
      return float4(saturate(c), s.a);
    }
    """

  private func reports() -> [FileReport] {
    [Linter().lint(text: Self.source, path: "Filters/Glow.ci.metal")]
  }

  @Test func textIsClangStyleWithCaret() {
    let text = ReporterKind.text.render(reports(), summary: LintSummary(reports()))
    let lines = text.split(separator: "\n").map(String.init)
    #expect(
      lines.first?.hasPrefix("Filters/Glow.ci.metal:4:17: warning: RGB value limited") == true)
    #expect(lines.first?.hasSuffix("[EDR001]") == true)
    #expect(lines[1] == "  return float4(saturate(c), s.a);")
    #expect(lines[2] == "                ^~~~~~~~~~~")
    #expect(lines[3] == "                c")
  }

  @Test func xcodePrintsOnlyFirstLines() {
    let text = ReporterKind.xcode.render(reports(), summary: LintSummary(reports()))
    #expect(text.split(separator: "\n").count == 1)
  }

  @Test func jsonHasTheDocumentedShape() throws {
    let text = ReporterKind.json.render(reports(), summary: LintSummary(reports()))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["tool"] as? String == "edrlint")
    let findings = try #require(object["findings"] as? [[String: Any]])
    let first = try #require(findings.first)
    #expect(first["ruleId"] as? String == "EDR001")
    #expect(first["line"] as? Int == 4)
    #expect(first["column"] as? Int == 17)
    #expect(first["endColumn"] as? Int == 28)
    #expect(first["dialect"] as? String == "msl-ci")
    #expect(first["suppressed"] as? Bool == false)
    let summary = try #require(object["summary"] as? [String: Any])
    #expect(summary["warnings"] as? Int == 1)
    #expect(summary["kernelsAnalysed"] as? Int == 1)
  }

  @Test func sarifDeclaresEveryRuleWithRelativePaths() throws {
    let text = ReporterKind.sarif.render(
      reports(), summary: LintSummary(reports()), sourceRoot: "file:///repo/")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["version"] as? String == "2.1.0")
    let run = try #require((object["runs"] as? [[String: Any]])?.first)
    #expect(run["columnKind"] as? String == "utf16CodeUnits")
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(rules.map { $0["id"] as? String } == RuleID.allCases.map(\.rawValue))
    let result = try #require((run["results"] as? [[String: Any]])?.first)
    #expect(result["ruleIndex"] as? Int == 0)
    let location = try #require((result["locations"] as? [[String: Any]])?.first)
    let physical = try #require(location["physicalLocation"] as? [String: Any])
    let artifact = try #require(physical["artifactLocation"] as? [String: Any])
    #expect(artifact["uri"] as? String == "Filters/Glow.ci.metal")
    #expect(artifact["uriBaseId"] as? String == "SRCROOT")
    let region = try #require(physical["region"] as? [String: Any])
    #expect(region["startColumn"] as? Int == 17)
  }

  @Test func sarifColumnsAreUTF16() throws {
    let text = "kernel vec4 k(__sample s) { /* 𝄞é */ return vec4(min(s.rgb, 1.0), s.a); }"
    let report = Linter().lint(text: text, path: "k.cikernel")
    let finding = try #require(report.findings.first { $0.ruleID == .edr001 })
    #expect(finding.span.start.column - finding.span.start.utf16Column == 3)
  }

  @Test func githubWorkflowCommands() {
    let text = ReporterKind.github.render(reports(), summary: LintSummary(reports()))
    #expect(text.hasPrefix("::warning file=Filters/Glow.ci.metal,line=4,col=17,"))
    #expect(text.contains("title=EDR001::"))
  }
}
