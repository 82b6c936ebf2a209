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
}
