import KernelLint
import Testing

/// Valid Metal that public kernel libraries use (issue 25): the Metal compiler's macros,
/// `switch`, default arguments, sampler enumerators, constructed globals, templates,
/// function constants and `degrees()` are understood, not reported as partial analysis.
@Suite struct RealWorldMetalTests {
  private func lint(_ text: String, path: String = "Filters.metal") -> FileReport {
    Linter().lint(text: text, path: path)
  }

  private func rules(_ report: FileReport) -> [RuleID] { report.findings.map(\.ruleID) }

  private let guarded = """
    #ifdef __METAL_VERSION__
    #include <metal_stdlib>
    using namespace metal;
    fragment float4 boost(float4 pos [[position]], texture2d<float> tex [[texture(0)]], sampler s) {
      float4 c = tex.sample(s, pos.xy);
      return float4(saturate(c.rgb * 2.0), c.a);
    }
    #endif
    """

  @Test func metalSourcesSeeTheMetalCompilersMacros() {
    let metal = lint(guarded)
    #expect(rules(metal) == [.edr001])
    #expect(metal.findings.first?.span.start.line == 6)
  }

  /// When no kernel is analysed, kernel code under an inactive branch is named in a note.
  @Test func kernelCodeInAnInactiveBranchIsANote() {
    let text = "#ifdef __METAL_VERSION__\nkernel vec4 k(__sample s) { return s; }\n#endif\n"
    let cikl = lint(text, path: "Filters.cikernel")
    #expect(rules(cikl) == [.lint003])
    #expect(cikl.findings.first?.message.contains("inactive '#if' branch") == true)
    #expect(cikl.findings.first?.span.start.line == 2)
    let plain = lint("#if 0\nfloat helper(float x) { return x; }\n#endif\n", path: "h.cikernel")
    #expect(plain.findings.isEmpty)
    let alternative = lint(
      "#if 1\nkernel vec4 k(__sample s) { return s; }\n#else\nkernel vec4 k(__sample s) { return s * 2.0; }\n#endif\n",
      path: "a.cikernel")
    #expect(alternative.findings.isEmpty)
  }

  @Test func validMetalConstructsParse() {
    let text = """
      #include <metal_stdlib>
      using namespace metal;
      constant bool useGamma [[function_constant(0)]];
      constexpr sampler linearSampler(coord::normalized, address::clamp_to_edge, filter::linear);
      constant float3 kLuma(0.2126, 0.7152, 0.0722);
      template <typename T>
      T twice(T x) { return x * 2.0; }
      float limit(float x, float hi = 1.0) { return clamp(x, 0.0, hi); }
      struct Uniforms { float intensity; float angle; };
      fragment float4 gaps(float4 pos [[position]], texture2d<float> tex [[texture(0)]],
                           constant Uniforms &uniform [[buffer(0)]]) {
        float4 c = tex.sample(linearSampler, pos.xy);
        int mode = int(degrees(uniform.angle));
        switch (mode) {
          case 0:
          case 1:
            c.rgb = twice(c.rgb);
            break;
          default:
            c.rgb = c.rgb * dot(c.rgb, kLuma);
        }
        return float4(limit(c.r), c.g, c.b, c.a);
      }
      """
    let report = lint(text)
    #expect(!rules(report).contains(.lint003), "\(report.findings.map(\.message))")
    // `limit`'s default upper bound 1.0 is used: the red channel is limited to 1.
    #expect(rules(report) == [.edr001])
    #expect(report.findings.first?.span.start.line == 8)
  }

  @Test func switchJoinsEveryCase() {
    let text = """
      fragment float4 pick(float4 pos [[position]], texture2d<float> tex [[texture(0)]],
                           sampler s, constant int &mode [[buffer(0)]]) {
        float4 c = tex.sample(s, pos.xy);
        switch (mode) {
          case 0: c.rgb = c.rgb * 2.0; break;
          case 1: c.rgb = min(c.rgb, 1.0); break;
        }
        return c;
      }
      """
    #expect(rules(lint(text)) == [.edr001])
  }
}
