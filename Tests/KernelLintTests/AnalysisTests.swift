import KernelLint
import Testing

/// The precision devices and value classes of docs/lint-rules.md §1, checked through rule outcomes.
@Suite struct AnalysisTests {
  struct Case: Sendable, CustomStringConvertible {
    var name: String
    var source: String
    var expected: Set<RuleID>
    var description: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "source-over keeps alpha in [0,1]",
      source: "kernel vec4 k(__sample a, __sample b) { return a + (1.0 - a.a) * b; }",
      expected: []),
    Case(
      name: "convex combination with a clamped weight",
      source:
        "kernel vec4 k(__sample a, __sample b, float t) { float w = clamp(t, 0.0, 1.0); return a * (1.0 - w) + b * w; }",
      expected: []),
    Case(
      name: "screen blend of alpha is multilinear, not [-1, 2]",
      source: "kernel vec4 k(__sample a, __sample b) { return a + b - a * b; }",
      expected: []),
    Case(
      name: "convex combination with a mask from another image",
      source:
        "kernel vec4 k(__sample a, __sample b, __sample m) { float t = m.a; return a * t + b * (1.0 - t); }",
      expected: []),
    Case(
      name: "normalised accumulation, long loop",
      source: """
        kernel vec4 k(sampler s) { vec4 acc = vec4(0.0);
          for (int i = 0; i < 25; i++) { acc += sample(s, samplerTransform(s, destCoord() + vec2(float(i), 0.0))); }
          return acc / 25.0; }
        """,
      expected: []),
    Case(
      name: "un-normalised sum of samples",
      source: """
        kernel vec4 k(sampler s) { vec4 acc = vec4(0.0);
          for (int i = 0; i < 4; i++) { acc += sample(s, samplerTransform(s, destCoord())); }
          return acc; }
        """,
      expected: [.alpha001]),
    Case(
      name: "branch refinement bounds a uniform",
      source:
        "kernel vec4 k(__sample s, float g) { if (g > 1.0) { return s; } if (g < 0.0) { return s; } return s * g; }",
      expected: []),
    Case(
      name: "ternary refinement",
      source:
        "kernel vec4 k(__sample s, float g) { float h = g > 1.0 ? 1.0 : (g < 0.0 ? 0.0 : g); return s * h; }",
      expected: []),
    Case(
      name: "identity lanes in mix",
      source:
        "kernel vec4 k(__sample s, float t) { vec4 g = vec4(s.rgb * 2.0, s.a); return mix(s, g, t); }",
      expected: []),
    Case(
      name: "colour written into alpha",
      source: "kernel vec4 k(__sample s) { return vec4(s.rgb, s.g); }",
      expected: [.alpha002]),
    Case(
      name: "clamp reaching only an alpha lane",
      source: "kernel vec4 k(__sample s) { return vec4(s.rgb, clamp(s.r, 0.0, 1.0)); }",
      expected: []),
    Case(
      name: "matrix colour transform then clamp",
      source:
        "kernel vec4 k(__sample s) { mat3 m = mat3(0.6, 0.3, 0.1, 0.2, 0.7, 0.1, 0.0, 0.1, 0.9); return vec4(clamp(m * s.rgb, 0.0, 1.0), s.a); }",
      expected: [.edr001]),
    Case(
      name: "helper with out parameter",
      source: """
        void limit(inout vec3 c) { c = min(c, vec3(1.0)); }
        kernel vec4 k(__sample s) { vec3 c = s.rgb * 3.0; limit(c); return vec4(c, s.a); }
        """,
      expected: [.edr001]),
    Case(
      name: "max feeding min reports only EDR001",
      source: "kernel vec4 k(__sample s) { return vec4(min(max(s.rgb, 0.0), 1.0), s.a); }",
      expected: [.edr001]),
    Case(
      name: "clamp with a uniform upper bound is a lower clip only",
      source: "kernel vec4 k(__sample s, float h) { return vec4(clamp(s.rgb, 0.0, h), s.a); }",
      expected: [.edr003]),
    Case(
      name: "object-like macro bound",
      source:
        "#define WHITE 1.0\nkernel vec4 k(__sample s) { return vec4(min(s.rgb, vec3(WHITE)), s.a); }",
      expected: [.edr001]),
    Case(
      name: "#if picks the active branch",
      source: """
        #define SOFT 0
        #if SOFT
        kernel vec4 k(__sample s) { return vec4(min(s.rgb, 1.0), s.a); }
        #else
        kernel vec4 k(__sample s) { return s; }
        #endif
        """,
      expected: []),
    Case(
      name: "warp kernels are not colour kernels",
      source: "kernel vec2 w(float k) { return clamp(destCoord() * k, vec2(0.0), vec2(1.0)); }",
      expected: []),
    Case(
      name: "library mode analyses helper headers",
      source:
        "vec3 blendScreen(vec3 a, vec3 b) { return clamp(1.0 - (1.0 - a) * (1.0 - b), 0.0, 1.0); }",
      expected: [.edr001]),
    Case(
      name: "group kernel outputs are dest.write arguments",
      source: """
        extern "C" void g(coreimage::group::sampler src, coreimage::group::destination dest) {
          float4 a = src.sample(dest.coord());
          dest.write(a, a, float4(min(a.rgb, 1.0), a.a), a * 2.0);
        }
        """,
      expected: [.edr001, .alpha001]),
    Case(
      name: "unknown helper is a note, never a guess",
      source: "kernel vec4 k(__sample s) { return vec4(tonemap(s.rgb), s.a); }",
      expected: [.lint003]),
  ]

  @Test(arguments: cases)
  func ruleOutcome(_ c: Case) {
    let report = Linter().lint(text: c.source, path: "case.cikernel")
    let rules = Set(report.findings.filter { !$0.isSuppressed }.map(\.ruleID))
    #expect(rules == c.expected, "\(report.findings.map { "\($0.ruleID.rawValue) \($0.message)" })")
  }

  @Test func alphaFindingCarriesWorldsAndReason() throws {
    let report = Linter().lint(
      text: "kernel vec4 k(__sample s, float o) { return s * o; }", path: "k.cikernel")
    let finding = try #require(report.findings.first { $0.ruleID == .alpha002 })
    #expect(finding.reason == "uniform")
    #expect(finding.worlds?["A"] == [0, 1])
    #expect(finding.span.start.column == 45)
  }
}
