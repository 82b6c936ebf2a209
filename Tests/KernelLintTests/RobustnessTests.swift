import Foundation
import KernelLint
import Testing

/// Hostile input (docs/reliability.md §3.5): fixed nesting limit, bounded output, no crash.
@Suite struct RobustnessTests {
  private func lint(_ text: String, _ path: String = "hostile.cikernel") -> FileReport {
    Linter().lint(text: text, path: path)
  }

  private func nested(_ depth: Int, open: String, close: String) -> String {
    "kernel vec4 f(__sample s) { return vec4(s.rgb * "
      + String(repeating: open, count: depth) + "2.0" + String(repeating: close, count: depth)
      + ", s.a); }\n"
  }

  /// The statement and the `vec4(` call use two of the 256 levels.
  @Test(arguments: [10, 100, 254, 255, 10_000, 1_000_000])
  func deepParenthesesGiveADiagnosticAtTheLimit(depth: Int) {
    let report = lint(nested(depth, open: "(", close: ")"))
    let partial = report.findings.contains { $0.ruleID == .lint003 }
    #expect(partial == (depth > 254), "depth \(depth)")
    if depth > 254 && depth < 100_000 {
      #expect(report.findings.contains { $0.message.contains("nesting deeper than 256") })
    }
  }

  @Test(arguments: [10, 1_000_000])
  func unaryChainsAndBlocks(depth: Int) {
    let unary = lint(
      "kernel vec4 f(__sample s) { return " + String(repeating: "-", count: depth) + "s; }")
    let blocks = lint(
      "kernel vec4 f(__sample s) { " + String(repeating: "{", count: depth)
        + String(repeating: "}", count: depth) + " return s; }")
    let expectDeep = depth > 256
    #expect(unary.findings.contains { $0.ruleID == .lint003 } == expectDeep)
    #expect(blocks.findings.contains { $0.ruleID == .lint003 } == expectDeep)
  }

  @Test func deepNestingOnASmallStack() {
    let result = LockedBox()
    let thread = Thread {
      let report = Linter().lint(
        text: self.nested(100_000, open: "(", close: ")"), path: "x.cikernel")
      result.set(report.findings.filter { $0.ruleID == .lint003 }.count)
    }
    thread.stackSize = 512 * 1024
    thread.start()
    while !result.isSet { Thread.sleep(forTimeInterval: 0.01) }
    #expect(result.value == 1)
  }

  @Test func recursiveAndExplosiveMacros() {
    var text = "#define A A\n#define B(x) B(x) + A\n#define L0 1.0\n"
    for i in 1...12 {
      text +=
        "#define L\(i) " + Array(repeating: "L\(i - 1)", count: 10).joined(separator: "*") + "\n"
    }
    text += "kernel vec4 f(__sample s) { return s * A * B(2.0) * L12; }\n"
    let report = lint(text)
    #expect(
      report.findings.contains {
        $0.ruleID == .lint003 && $0.message.contains("macro expansion too large")
      })
  }

  /// A function-like macro name passed to another macro is expanded in the body, where the
  /// name (from the use) lies after the `)` (from the definition): the use spans both.
  @Test func macroNamePassedAsAnArgumentExpands() {
    let text = """
      #define APPLY(x, f) f(x)
      #define ID(x) (x)
      #define TWICE(f, x) f(f(x))
      kernel vec4 k(__sample s) { return vec4(clamp(APPLY(s.rgb, ID), 0.0, TWICE(ID, 1.0)), s.a); }
      """
    let report = lint(text)
    #expect(report.kernelsAnalysed == 1)
    #expect(report.findings.contains { $0.ruleID == .edr001 && $0.span.start.line == 4 })
  }

  @Test func malformedBytesNeverCrash() {
    var bytes = Array(
      "\u{FEFF}kernel vec4 f(__sample s)\r{ return clamp(s.rgb, 0.0, 1.0); }\r\n".utf8)
    bytes += [0, 0xFF, 0xFE, 0xC3]
    bytes += Array("/* unterminated \" ".utf8)
    let report = Linter().lint(bytes: bytes, path: "bad.cikernel")
    #expect(report.findings.contains { $0.ruleID == .lint003 })
    let longIdentifier = String(repeating: "a", count: 1 << 20)
    let long = lint("kernel vec4 f(__sample s) { return \(longIdentifier); }")
    #expect(long.findings.allSatisfy { $0.message.count < 400 })
  }

  /// A directive quoting 400 invalid UTF-8 bytes (each read as U+FFFD, three bytes): its
  /// LINT002 message is cut to 1000 bytes at a scalar boundary (found by FuzzLint).
  @Test func messagesQuotingTheFileAreBoundedInBytes() throws {
    let bytes =
      Array("// edrlint:param opacity le s.a".utf8) + [UInt8](repeating: 0xFF, count: 400)
      + Array("\nkernel vec4 f(__sample s) { return s; }\n".utf8)
    let report = Linter().lint(bytes: bytes, path: "long.cikernel")
    let message = try #require(report.findings.first { $0.ruleID == .lint002 }?.message)
    #expect(message.hasPrefix("malformed range in edrlint:param 'opacity le s.a\u{FFFD}"))
    #expect(message.hasSuffix("…"))
    #expect(message.utf8.count <= 1000 && message.utf8.count > 990)
  }

  @Test func hugeNumbersNeverTrap() {
    let digits = String(repeating: "9", count: 400)
    let text = """
      #if \(digits) > 1
      #define BIG \(digits).0
      #endif
      kernel vec4 f(__sample s) { vec4 c = s; c[int(BIG)] = 1e300; float3x3 m = tonemap(); \
      float3 v = m * s.rgb; if (c.w > BIG) { return s * 1e300; } return vec4(v, c[BIG]); }
      """
    let report = lint(text)
    #expect(report.findings.contains { $0.ruleID == .alpha001 })
  }

  @Test func findingsPerFileAreBounded() {
    let body = String(repeating: "x = min(s.rgb, 1.0) + x;\n", count: 1200)
    let report = lint("kernel vec4 f(__sample s) { vec3 x = s.rgb;\n\(body) return vec4(x, s.a); }")
    #expect(report.findings.count <= 1000)
    #expect(report.findings.count > 0)
  }

  @Test func moreLimitCallsThanTrackedAreAPartialAnalysisNote() {
    let terms = (0..<150).map { "min(s.r * \($0 + 2).0, 1.0)" }.joined(separator: " + ")
    let text = "kernel vec4 f(__sample s) { float t = \(terms); return vec4(t, s.g, s.b, s.a); }"
    let rules = Linter().lint(text: text, path: "many.cikernel").findings.map(\.ruleID)
    #expect(rules.filter { $0 == .edr001 }.count == 128)
    #expect(rules.contains(.lint003))
  }
}

/// A value set by another thread.
final class LockedBox: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Int?
  var isSet: Bool { lock.withLock { stored != nil } }
  var value: Int? { lock.withLock { stored } }
  func set(_ v: Int) { lock.withLock { stored = v } }
}
