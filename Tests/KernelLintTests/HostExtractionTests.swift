import KernelLint
import Testing

/// Kernels in Swift and Objective-C string literals, mapped back to host lines and columns.
@Suite struct HostExtractionTests {
  private func findings(_ text: String, path: String = "Host.swift") -> [Finding] {
    Linter().lint(text: text, path: path).findings.filter { !$0.isSuppressed }
  }

  @Test func multilineLiteralStripsIndentation() throws {
    let text = """
      let k = CIColorKernel(source: \"\"\"
              kernel vec4 k(__sample s) {
                  return vec4(min(s.rgb, 1.0), s.a);
              }
              \"\"\")
      """
    let f = try #require(findings(text).first)
    #expect(f.ruleID == .edr001)
    #expect(f.span.start.line == 3)
    #expect(f.span.start.column == 25)
    #expect(f.host?.kernelLine == 2)
    #expect(f.host?.literalStart.line == 1)
  }

  @Test func rawStringKeepsBackslashes() throws {
    let text = #"""
      let k = #"kernel vec4 k(__sample s) { return s * 2.0; } // \n"#
      """#
    let f = try #require(findings(text).first)
    #expect(f.ruleID == .alpha001)
    #expect(f.span.start.column == 46)
  }

  @Test func escapedSingleLineLiteralColumns() throws {
    let text = #"let k = "kernel vec4 k(__sample s) {\n\treturn vec4(min(s.rgb, 1.0), s.a);\n}""#
    let f = try #require(findings(text).first)
    #expect(f.span.start.column == 53)
  }

  @Test func ordinaryStringsAreIgnored() {
    #expect(findings(#"let s = "clamp(c, 0.0, 1.0) is a kernel in vec4 terms""#).isEmpty)
    #expect(findings("// kernel vec4 k(__sample s) { return s * 5.0; }").isEmpty)
  }

  @Test func objectiveCAdjacentLiterals() throws {
    let text = """
      NSString *src = @"kernel vec4 k(__sample s) {"
        " return s * 2.0; }";
      """
    let f = try #require(findings(text, path: "Host.m").first)
    #expect(f.ruleID == .alpha001)
    #expect(f.span.start.line == 2)
    #expect(f.span.start.column == 12)
  }

  @Test func concatenationWithAVariableIsPartial() {
    let text = #"let k = "kernel vec4 k(__sample s) { return s * " + gain + "; }""#
    #expect(findings(text).map(\.ruleID).contains(.lint003))
  }

  /// Issue 40 R7: each `\(x)` (4 host bytes) becomes 17 bytes of kernel text, so a Swift file
  /// of interpolations held about 4 times its size as kernel text and as many map entries.
  /// Past 16 MiB of placeholders per file (`HostExtractor.interpolationByteLimit`) the literal
  /// is cut at the interpolation, and the partial-analysis note says so, at the last one kept.
  @Test func interpolationTextIsBoundedPerFile() throws {
    let kept = (16 << 20) / 17
    let head = "let k = \"kernel vec4 k(__sample s) { return s; } //"
    let text = head + String(repeating: "\\(x)", count: kept + 1000) + "\"\n"
    let notes = findings(text).filter { $0.ruleID == .lint003 }
    let cut = try #require(notes.first { $0.message.contains("string interpolation added") })
    #expect(cut.message.contains("more than 16 MiB"))
    #expect(cut.span.start.line == 1)
    #expect(cut.span.start.column == head.utf8.count + 4 * (kept - 1) + 1)
  }

  /// Interpolations in strings that are not kernels give their share of the budget back: a
  /// kernel after them keeps its text whole.
  @Test func interpolationBudgetIsReturnedByOrdinaryStrings() {
    let ordinary = "let s = \"" + String(repeating: "\\(x)", count: (16 << 20) / 17) + "\"\n"
    let kernel = "let k = \"kernel vec4 k(__sample s) { return s * \\(gain); }\"\n"
    let messages = findings(ordinary + kernel).map(\.message)
    #expect(!messages.contains { $0.contains("string interpolation added") })
    #expect(messages.contains { $0.contains("assembled at run time") })
  }
}
