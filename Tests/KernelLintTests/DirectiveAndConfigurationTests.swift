import KernelLint
import Testing

/// Suppression directives (§3), configuration (§6) and fixes.
@Suite struct DirectiveAndConfigurationTests {
  private func lint(
    _ text: String, _ configuration: LintConfiguration = LintConfiguration(),
    path: String = "k.cikernel"
  ) -> FileReport {
    Linter(configuration: configuration).lint(text: text, path: path)
  }

  private func active(_ report: FileReport) -> [RuleID] {
    report.findings.filter { !$0.isSuppressed }.map(\.ruleID)
  }

  @Test func regionDisableAndEnable() {
    let text = """
      /* edrlint:disable EDR001 -- legacy */
      kernel vec4 a(__sample s) { return vec4(min(s.rgb, 1.0), s.a); }
      /* edrlint:enable EDR001 */
      kernel vec4 b(__sample s) { return vec4(min(s.rgb, 1.0), s.a); }
      """
    let report = lint(text)
    #expect(active(report) == [.edr001])
    let suppressed = report.findings.first { $0.isSuppressed }
    #expect(suppressed?.justification == "legacy")
    #expect(suppressed?.span.start.line == 2)
  }

  @Test func disableNextKernelInHostCode() {
    let text = """
      // edrlint:disable-next-kernel EDR001 -- SDR thumbnails
      let a = CIColorKernel(source: "kernel vec4 a(__sample s) { return vec4(min(s.rgb, 1.0), s.a); }")
      let b = CIColorKernel(source: "kernel vec4 b(__sample s) { return vec4(min(s.rgb, 1.0), s.a); }")
      """
    let report = lint(text, path: "Filters.swift")
    #expect(active(report) == [.edr001])
    #expect(report.findings.first { $0.isSuppressed }?.span.start.line == 2)
  }

  @Test func disableFileAndAll() {
    let text = "// edrlint:disable-file all\nkernel vec4 a(__sample s) { return s * 5.0; }"
    #expect(active(lint(text)).isEmpty)
  }

  @Test func requireReason() {
    var configuration = LintConfiguration()
    configuration.requireReason = true
    let text =
      "kernel vec4 a(__sample s) { return vec4(min(s.rgb, 1.0), s.a); } // edrlint:disable-line EDR001"
    #expect(active(lint(text, configuration)) == [.lint002])
  }

  @Test func paramColorAnnotation() {
    let text = """
      // edrlint:param tint color
      kernel vec4 t(__sample s, vec4 tint) { return vec4(clamp(s.rgb + tint.rgb, 0.0, 1.0), s.a); }
      """
    #expect(active(lint(text)) == [.edr001])
    #expect(active(lint(text.replacing("// edrlint:param tint color", with: ""))) == [.edr001])
  }

  @Test func configurationSeveritiesAndOptIn() {
    let text =
      "kernel vec4 a(__sample s, sampler t) { return vec4(min(s.rgb, 1.0), s.a) + sample(t, s.rg); }"
    var configuration = LintConfiguration()
    configuration.rules = ["EDR001": "error", "EDR004": "note"]
    let report = lint(text, configuration)
    #expect(report.findings.first { $0.ruleID == .edr001 }?.severity == .error)
    #expect(report.findings.contains { $0.ruleID == .edr004 })
    configuration.rules = ["EDR001": "off"]
    #expect(!lint(text, configuration).findings.contains { $0.ruleID == .edr001 })
    configuration.rules = ["EDR001": "loud"]
    #expect(configuration.validationError() != nil)
  }

  @Test func configurationDecodesFromJSON() throws {
    let json =
      #"{"rules": {"EDR003": "off"}, "params": {"opacity": [0, 1]}, "requireReason": true}"#
    let decoded = try JSONDecoderShim.decode(json)
    #expect(decoded.severity(of: .edr003) == nil)
    #expect(decoded.params?["opacity"] == [0, 1])
    let report = lint("kernel vec4 a(__sample s, float opacity) { return s * opacity; }", decoded)
    #expect(active(report).isEmpty)
  }

  @Test func safeFixRemovesUnusedDirective() {
    let text =
      "kernel vec4 a(__sample s) {\n  // edrlint:disable-next-line EDR001\n  return s;\n}\n"
    let report = lint(text)
    #expect(active(report) == [.lint001])
    let fixed = FixApplier.applying(
      report.findings, to: Array(text.utf8), includeSuggestions: false)
    #expect(
      String(decoding: fixed.bytes, as: UTF8.self)
        == "kernel vec4 a(__sample s) {\n  return s;\n}\n")
  }

  @Test func unsafeFixAppliesFirstSuggestion() {
    let text = "kernel vec4 a(__sample s) { return s * 5.0; }"
    let report = lint(text)
    let safe = FixApplier.applying(report.findings, to: Array(text.utf8), includeSuggestions: false)
    #expect(safe.applied == 0)
    let fixed = FixApplier.applying(report.findings, to: Array(text.utf8), includeSuggestions: true)
    #expect(
      String(decoding: fixed.bytes, as: UTF8.self)
        == "kernel vec4 a(__sample s) { return vec4(s.rgb * 5.0, s.a); }")
    #expect(active(lint(String(decoding: fixed.bytes, as: UTF8.self))).isEmpty)
  }
}
