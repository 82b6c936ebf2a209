import KernelLint
import Testing

/// The plain Metal dialect (docs/lint-rules.md §1.1 `metal` row) and the configuration keys
/// `dialects`, `host` and `libraryMode` (§6).
@Suite struct MetalDialectTests {
  private func lint(
    _ text: String, _ configuration: LintConfiguration = LintConfiguration(),
    path: String = "Shaders.metal"
  ) -> FileReport {
    Linter(configuration: configuration).lint(text: text, path: path)
  }

  private var metal: LintConfiguration {
    var configuration = LintConfiguration()
    configuration.dialects = ["metal": true]
    return configuration
  }

  private func rules(_ report: FileReport) -> [RuleID] { report.findings.map(\.ruleID) }

  private func lines(_ report: FileReport) -> [Int] { report.findings.map(\.span.start.line) }

  private let fragment = """
    #include <metal_stdlib>
    using namespace metal;
    struct VertexOut { float4 position [[position]]; float2 uv; };
    fragment float4 tonemap(VertexOut in [[stage_in]], texture2d<float> tex [[texture(0)]],
                            sampler s [[sampler(0)]], constant float &exposure [[buffer(0)]]) {
      float4 c = tex.sample(s, in.uv);
      return float4(saturate(c.rgb * exposure), c.a);
    }
    """

  /// Plain Metal functions that take a texture are image filters: analysed by default, not
  /// when the `metal` dialect is turned off; `metal: true` adds the texture-less ones.
  @Test func plainMetalTakingATextureIsAnalysedByDefault() {
    var noMetal = LintConfiguration()
    noMetal.dialects = ["metal": false]
    let off = lint(fragment, noMetal)
    #expect(off.findings.isEmpty)
    #expect(off.kernelsAnalysed == 0)
    let byDefault = lint(fragment)
    #expect(rules(byDefault) == [.edr001])
    let gradient = """
      fragment float4 ramp(float4 pos [[position]]) { return float4(saturate(pos.xyz), 1.0); }
      """
    #expect(lint(gradient).kernelsAnalysed == 0)
    #expect(lint(gradient, metal).kernelsAnalysed == 1)
    let on = lint(fragment, metal)
    #expect(rules(on) == [.edr001])
    #expect(lines(on) == [7])
    #expect(on.findings.first?.dialect == .metal)
    #expect(on.kernelsAnalysed == 1)
  }

  @Test func fragmentStructColorMember() {
    let text = """
      struct FragOut {
        float4 color [[color(0)]];
        float depth [[depth(any)]];
      };
      fragment FragOut glow(float4 pos [[position]], texture2d<half> tex [[texture(0)]],
                            sampler s [[sampler(0)]]) {
        half4 c = tex.sample(s, float2(pos.xy));
        FragOut out;
        out.color = float4(min(float3(c.rgb), 1.0), c.a);
        out.depth = 0.5;
        return out;
      }
      fragment FragOut clean(float4 pos [[position]], texture2d<half> tex [[texture(0)]],
                             sampler s [[sampler(0)]]) {
        half4 c = tex.sample(s, float2(pos.xy));
        FragOut out;
        out.color = float4(float3(c.rgb) * 2.0, c.a);
        float3 unused = min(float3(c.rgb), 1.0);
        return out;
      }
      """
    let report = lint(text, metal)
    #expect(rules(report) == [.edr001])
    #expect(lines(report) == [9])
  }

  @Test func computeKernelTextureWrites() {
    let text = """
      kernel void grade(texture2d<half, access::read> src [[texture(0)]],
                        texture2d<half, access::write> dst [[texture(1)]],
                        uint2 gid [[thread_position_in_grid]]) {
        half4 c = src.read(gid);
        dst.write(half4(clamp(c.rgb * 1.2h, 0.0h, 1.0h), c.a), gid);
      }
      kernel void boost(texture2d<float, access::read> src [[texture(0)]],
                        texture2d<float, access::write> dst [[texture(1)]],
                        uint2 gid [[thread_position_in_grid]]) {
        float4 c = src.read(gid);
        dst.write(c * 2.0, gid);
      }
      kernel void clean(texture2d<float, access::read> src [[texture(0)]],
                        texture2d<float, access::write> dst [[texture(1)]],
                        uint2 gid [[thread_position_in_grid]]) {
        float4 c = src.read(gid);
        float3 mask = clamp(c.rgb, 0.0, 1.0);
        dst.write(float4(c.rgb * 2.0, c.a), gid);
      }
      """
    let report = lint(text, metal)
    #expect(rules(report) == [.edr001, .alpha001])
    #expect(lines(report) == [5, 11])
    #expect(rules(lint(text)) == [.edr001, .alpha001])
    var noMetal = LintConfiguration()
    noMetal.dialects = ["metal": false]
    #expect(lint(text, noMetal).findings.isEmpty)
  }

  @Test func dialectSwitchesDisableFamilies() {
    let cikl = "kernel vec4 a(__sample s) { return vec4(min(s.rgb, 1.0), s.a); }"
    #expect(rules(lint(cikl, path: "k.cikernel")) == [.edr001])
    var configuration = LintConfiguration()
    configuration.dialects = ["cikl": false]
    let report = lint(cikl, configuration, path: "k.cikernel")
    #expect(report.findings.isEmpty)
    #expect(report.kernelsAnalysed == 0)
    configuration.dialects = ["hlsl": true]
    #expect(configuration.validationError() != nil)
  }

  @Test func libraryModeOff() {
    let helpers = "vec3 screen(vec3 a, vec3 b) { return min(a + b, vec3(1.0)); }"
    #expect(rules(lint(helpers, path: "Blend.h")) == [.edr001])
    var configuration = LintConfiguration()
    configuration.libraryMode = "off"
    #expect(lint(helpers, configuration, path: "Blend.h").findings.isEmpty)
    configuration.libraryMode = "sometimes"
    #expect(configuration.validationError() != nil)
  }

  @Test func hostLanguagesAndHeuristicStrings() throws {
    let swift = """
      let direct = CIColorKernel(source: "kernel vec4 a(__sample s) { return vec4(min(s.rgb, 1.0), s.a); }")
      let stored = "kernel vec4 b(__sample s) { return vec4(min(s.rgb, 1.0), s.a); }"
      """
    #expect(lines(lint(swift, path: "F.swift")) == [1, 2])
    var configuration = LintConfiguration()
    configuration.host = .init(heuristicStrings: false)
    #expect(lines(lint(swift, configuration, path: "F.swift")) == [1])
    configuration.host = .init(heuristicStrings: false, kernelAPIs: ["makeFilter(source:)"])
    #expect(lint(swift, configuration, path: "F.swift").findings.isEmpty)
    configuration.host = .init(swift: false)
    #expect(lint(swift, configuration, path: "F.swift").findings.isEmpty)
    let objc = """
      CIColorKernel *k = [CIColorKernel kernelWithString:@"kernel vec4 a(__sample s) { return vec4(min(s.rgb, 1.0), s.a); }"];
      """
    configuration.host = .init(heuristicStrings: false)
    #expect(lines(lint(objc, configuration, path: "F.m")) == [1])
    configuration.host = .init(objc: false)
    #expect(lint(objc, configuration, path: "F.m").findings.isEmpty)
    let decoded = try JSONDecoderShim.decode(
      #"{"dialects": {"metal": true}, "host": {"swift": false}, "libraryMode": "off"}"#)
    #expect(decoded.isDialectEnabled("metal"))
    #expect(decoded.host?.swift == false)
    #expect(decoded.libraryMode == "off")
  }
}
