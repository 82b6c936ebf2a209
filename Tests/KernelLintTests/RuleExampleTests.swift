import KernelLint
import Testing

/// One example of one rule.
struct RuleExample: Sendable, CustomStringConvertible {
  var rule: RuleID
  var example: Example
  var triggers: Bool
  var description: String {
    "\(rule.rawValue) \(triggers ? "triggering" : "non-triggering") \(example)"
  }

  static let all: [RuleExample] = RuleCatalog.all.flatMap { d in
    d.triggeringExamples.map { RuleExample(rule: d.identifier, example: $0, triggers: true) }
      + d.nonTriggeringExamples.map {
        RuleExample(rule: d.identifier, example: $0, triggers: false)
      }
  }
}

/// Every example of every rule (SwiftLint `verifyRule`): markers exact, nothing inside
/// comments or strings, suppression honoured, columns right after multi-byte text.
@Suite struct RuleExampleTests {
  @Test(arguments: RuleExample.all)
  func findingsMatchMarkers(_ c: RuleExample) {
    let marked = MarkedSource(c.example.code)
    let report = lintExample(marked.text, fileExtension: c.example.fileExtension, enabling: c.rule)
    let found = positions(of: c.rule, in: report)
    #expect(
      found == marked.markers,
      "\(c) findings: \(report.findings.map { "\($0.ruleID.rawValue)@\($0.span.start.line):\($0.span.start.column) \($0.message)" })"
    )
    if c.triggers { #expect(!marked.markers.isEmpty, "triggering example without a marker: \(c)") }
  }

  @Test(arguments: RuleExample.all.filter { !$0.example.skipWrapping })
  func nothingInsideComments(_ c: RuleExample) {
    let marked = MarkedSource(c.example.code)
    let wrapped = "/*\n" + marked.text + "\n*/\n"
    let report = lintExample(wrapped, fileExtension: c.example.fileExtension, enabling: c.rule)
    #expect(positions(of: c.rule, in: report).isEmpty, "\(c)")
  }

  @Test(
    arguments: RuleExample.all.filter {
      !$0.example.skipWrapping && $0.example.fileExtension != "swift"
    })
  func nothingInsideStrings(_ c: RuleExample) {
    let marked = MarkedSource(c.example.code)
    let escaped = marked.text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
      .replacing("\n", with: "\\n")
    let wrapped = "constant char *text = \"" + escaped + "\";\n"
    let report = lintExample(wrapped, fileExtension: c.example.fileExtension, enabling: c.rule)
    #expect(positions(of: c.rule, in: report).isEmpty, "\(c)")
  }

  @Test(
    arguments: RuleExample.all.filter { $0.triggers && $0.rule != .lint001 && $0.rule != .lint002 })
  func suppressionHonoured(_ c: RuleExample) {
    let lines = c.example.code.split(separator: "\n", omittingEmptySubsequences: false)
    var out: [String] = []
    for line in lines {
      if line.contains("↓") {
        let indent = line.prefix { $0 == " " }
        out.append("\(indent)// edrlint:disable-next-line \(c.rule.rawValue) -- test")
      }
      out.append(String(line))
    }
    let marked = MarkedSource(out.joined(separator: "\n"))
    let report = lintExample(marked.text, fileExtension: c.example.fileExtension, enabling: c.rule)
    #expect(positions(of: c.rule, in: report).isEmpty, "\(c)")
    #expect(!report.findings.contains { $0.ruleID == .lint001 }, "\(c)")
    #expect(report.findings.contains { $0.ruleID == c.rule && $0.isSuppressed }, "\(c)")
  }

  @Test(arguments: RuleExample.all.filter { $0.triggers })
  func columnsAfterMultiByteText(_ c: RuleExample) {
    let marked = MarkedSource(c.example.code.replacing("↓", with: "/*é∂*/↓"))
    let report = lintExample(marked.text, fileExtension: c.example.fileExtension, enabling: c.rule)
    #expect(positions(of: c.rule, in: report) == marked.markers, "\(c)")
  }
}
