import KernelLint
import Testing

/// The snippet of KernelLint's Getting Started article (KernelLint.docc), kept compiling.
@Suite struct GettingStartedArticleTests {
  @Test func lintAKernelStringAndReadTheFindings() throws {
    let kernel = """
      kernel vec4 glow(__sample s, float gain) {
        return vec4(clamp(s.rgb * gain, 0.0, 1.0), s.a);
      }
      """
    let report = Linter().lint(text: kernel, path: "Glow.cikernel")
    let lines = report.findings.map {
      "\($0.span.start.line):\($0.span.start.column) \($0.severity.rawValue) \($0.ruleID.rawValue)"
    }
    #expect(lines.contains("2:15 warning EDR001"), "\(lines)")
    let finding = try #require(report.findings.first { $0.ruleID.rawValue == "EDR001" })
    #expect(finding.message.hasPrefix("RGB value limited to <= 1.0 by 'clamp'"))
  }
}
