import Foundation
import KernelLint
import TestSupport
import Testing

/// Token and line sizes far beyond real kernels (docs/reliability.md §3.5): a long single line, a
/// 1 MiB identifier, a million-digit number and a 1.2-million-token expression. Each lints to
/// completion with a bounded report. The single line is 4 MiB by default and 64 MiB with
/// `EDRCUBE_HEAVY=1` (about 5 s in a debug build).
@Suite struct HugeInputTests {
  static let heavy = HeavyTests.enabled

  func expectBounded(_ report: FileReport, _ what: String) {
    #expect(report.findings.count <= 1000, "\(what): \(report.findings.count) findings")
    let longest = report.findings.map(\.message.utf8.count).max() ?? 0
    #expect(longest <= 1000, "\(what): a message of \(longest) bytes")
  }

  @Test func aHugeCommentLineIsLinted() {
    let size = (Self.heavy ? 64 : 4) << 20
    var bytes = Array("kernel vec4 f(__sample s) { return s * 2.0; } // ".utf8)
    bytes += [UInt8](repeating: UInt8(ascii: "a"), count: size)
    bytes.append(0x0A)
    let report = Linter().lint(bytes: bytes, path: "line.cikernel")
    #expect(report.kernelsAnalysed == 1)
    #expect(report.findings.contains { $0.ruleID.rawValue == "ALPHA001" })
    expectBounded(report, "long line")
  }

  @Test func aHugeIdentifierAndAMillionDigitNumberAreLinted() {
    let identifier = String(repeating: "x", count: 1 << 20)
    let number = String(repeating: "9", count: 1_000_000)
    for text in [
      "kernel vec4 f(__sample s) { float \(identifier) = 1.0; return s; }",
      "kernel vec4 f(__sample s) { return s * \(number).0; }",
    ] {
      let report = Linter().lint(text: text, path: "big.cikernel")
      expectBounded(report, String(text.prefix(40)))
      #expect(report.kernelsAnalysed == 1)
    }
  }

  /// Issue 40 R7: many uses of one long macro. The budget counted tokens in proportion to the
  /// input (8 out per 1 in), so 40,000 uses of a 1001-token macro expanded 1278 of them, and the
  /// 1.6 MB reproducer 7680 (1.3 GB); a byte budget of 32 MiB of added tokens stops after
  /// about 700 (32 MiB / (1000 × 48-byte tokens)) whatever the input's size.
  @Test func manyUsesOfALongMacroStopAtTheByteBudget() throws {
    let uses = 40_000
    let text =
      "#define B " + String(repeating: "1.0 + ", count: 500) + "1.0\n"
      + "kernel vec4 k(__sample s) { float q = 0.0;\n"
      + String(repeating: " q = B;\n", count: uses) + " return s; }\n"
    let report = Linter().lint(text: text, path: "macros.cikernel")
    let stop = try #require(
      report.findings.first { $0.message.contains("macro expansion too large") })
    let expanded = stop.span.start.line - 3
    #expect((600..<1000).contains(expanded), "\(expanded) uses expanded")
    expectBounded(report, "macros")
  }

  @Test func overTheTokenLimitTheKernelIsAnalysedPartially() {
    let text =
      "kernel vec4 f(__sample s) { return s" + String(repeating: " + s", count: 600_000) + "; }"
    let report = Linter().lint(text: text, path: "tokens.cikernel")
    #expect(
      report.kernelsSkipped == 1 || report.findings.contains { $0.ruleID.rawValue == "LINT003" })
    expectBounded(report, "tokens")
  }
}
