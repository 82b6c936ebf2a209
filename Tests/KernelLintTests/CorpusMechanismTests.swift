import KernelLint
import Testing

/// What the public-kernel corpus (docs/lint-corpus.md) showed, each as the smallest kernel that
/// failed before its fix: parameters bound through buffers, references and struct members,
/// known poles, colour as a mix weight, adjustment terms, smoothstep weights, SwiftUI colour
/// arguments and Objective-C++ raw strings.
@Suite struct CorpusMechanismTests {
  private func lint(_ text: String, path: String = "Filters.metal") -> FileReport {
    Linter().lint(text: text, path: path)
  }

  private func rules(_ report: FileReport) -> [RuleID] {
    report.findings.map(\.ruleID).filter { $0 != .lint003 }
  }

  private let header = """
    #include <metal_stdlib>
    using namespace metal;
    struct Uniforms { float amount; float contrast; };

    """

  /// `constant float *k [[buffer(0)]]` and `constant float &k` are host-set parameters in
  /// [0,1] for SDR, not free positions: a free mix weight is ALPHA002, not ALPHA001.
  @Test func bufferAndReferenceParametersAreParameters() {
    for (parameter, use) in [("constant float *k", "*k"), ("constant float &k", "k")] {
      let text =
        header + """
          kernel void fade(texture2d<half, access::write> out [[texture(0)]],
                           texture2d<half, access::read> in [[texture(1)]],
                           \(parameter) [[buffer(0)]], uint2 gid [[thread_position_in_grid]]) {
            half4 c = in.read(gid);
            out.write(mix(c, half4(1.0h), half(\(use))), gid);
          }
          """
      #expect(rules(lint(text)) == [.alpha002], "\(parameter)")
    }
  }

  /// A struct member of a parameter is a parameter: it no longer silences the alpha rules.
  @Test func structMembersAreParameters() {
    let text =
      header + """
        fragment half4 dim(float4 pos [[position]], texture2d<half> tex [[texture(0)]],
                           constant Uniforms &uniform [[buffer(1)]]) {
          constexpr sampler s;
          return tex.sample(s, pos.xy) * half(uniform.amount);
        }
        """
    let report = lint(text)
    #expect(rules(report) == [.alpha002])
    #expect(report.findings.first { $0.ruleID == .alpha002 }?.span.start.line == 7)
  }

  /// A division by a parameter whose range holds 0 is a known pole, not an unknown value.
  @Test func divisionByAParameterDoesNotSilenceAlpha() {
    let text = "kernel vec4 ratio(__sample s, float k, float m) { return s * (k / m); }\n"
    #expect(rules(lint(text, path: "k.cikernel")) == [.alpha002])
  }

  /// Blend formulas dividing one colour by another (colour burn) leave [0,1] even for SDR.
  @Test func colourDividedByColourReachesAlpha() {
    let text = """
      kernel vec4 burn(__sample a, __sample b) {
        return vec4(1.0) - (vec4(1.0) - a) / b;
      }
      """
    #expect(rules(lint(text, path: "k.cikernel")) == [.alpha001])
  }

  /// A limited colour that drives a mix weight between parameters (levels' output range) is
  /// the output's intensity: EDR001.
  @Test func clampedColourAsAMixWeightIsLive() {
    let text = """
      extern "C" float4 levels(coreimage::sample_t s, float3 lo, float3 hi) {
        return float4(mix(lo, hi, min(s.rgb, float3(1.0))), s.a);
      }
      """
    let report = lint(text, path: "k.ci.metal")
    #expect(rules(report) == [.edr001])
    #expect(report.findings.first?.span.start.column == 29)
  }

  /// A scalar limited to [0,1] and added to the unlimited colour it was derived from is an
  /// adjustment term; the limit of the colour itself is still EDR001.
  @Test func adjustmentTermsAreNotColourLimits() {
    let adjustment = """
      kernel vec4 shadows(__sample s) {
        float l = dot(s.rgb, vec3(0.3, 0.6, 0.1));
        float lift = clamp(sqrt(l) - l, 0.0, 1.0);
        return vec4((l + lift) * (s.rgb / l), s.a);
      }
      """
    #expect(rules(lint(adjustment, path: "k.cikernel")).isEmpty)
    let image = """
      kernel vec4 shadows(__sample s, __sample glow) {
        return vec4(clamp(s.rgb, 0.0, 1.0) + glow.rgb, s.a);
      }
      """
    #expect(rules(lint(image, path: "k.cikernel")) == [.edr001])
  }

  /// `smoothstep` as the weight between two colour parameters, or scaling a parameter, is no
  /// colour curve; as a mix endpoint it still is.
  @Test func smoothstepWeightsAreNotCurves() {
    let weight = """
      kernel vec4 ramp(__sample s, vec4 c0, vec4 c1, float shadow) {
        float luma = dot(s.rgb, vec3(0.2126, 0.7152, 0.0722));
        vec4 tint = c0 + (c1 - c0) * smoothstep(0.0, 0.25, luma);
        return vec4(tint.rgb + shadow * smoothstep(0.0, 0.5, luma), s.a);
      }
      """
    #expect(rules(lint(weight, path: "k.cikernel")).isEmpty)
    let curve = """
      kernel vec4 mono(__sample s, float amount) {
        vec3 grey = vec3(dot(s.rgb, vec3(0.2126, 0.7152, 0.0722)));
        return vec4(mix(grey, smoothstep(0.0, 1.0, grey), amount), s.a);
      }
      """
    #expect(rules(lint(curve, path: "k.cikernel")) == [.edr002])
  }

  /// SwiftUI passes `.color(…)` arguments as premultiplied `half4`: alpha in [0,1].
  @Test func swiftUIColourArgumentsAreColours() {
    let text = """
      #include <metal_stdlib>
      using namespace metal;
      [[stitchable]] half4 recolor(float2 position, half4 color, half4 replacement) {
        return replacement * color.a;
      }
      """
    #expect(rules(lint(text)).isEmpty)
  }

  /// A programmable-blending input (`[[color(0)]]`) is the framebuffer's colour, not a
  /// position: source-over onto it keeps alpha in [0,1].
  @Test func colorAttachmentInputsAreColours() {
    let text = """
      #include <metal_stdlib>
      using namespace metal;
      fragment float4 over(float4 pos [[position]], texture2d<float> tex [[texture(0)]],
                           float4 dst [[color(0)]]) {
        constexpr sampler s;
        float4 src = tex.sample(s, pos.xy);
        return src + dst * (1.0 - src.a);
      }
      """
    #expect(rules(lint(text)).isEmpty)
  }

  /// Objective-C++ raw strings are embedded kernels, reported at host lines.
  @Test func objectiveCPlusPlusRawStringsAreKernels() {
    let host = """
      static NSString *const kSource = @R"(
      kernel vec4 lift(__sample s) {
        return vec4(clamp(s.rgb * 2.0, 0.0, 1.0), s.a);
      }
      )";
      static const char *kTagged = R"k(kernel vec4 k2(__sample s) { return s * 2.0; })k";
      """
    let report = lint(host, path: "Filter.mm")
    #expect(rules(report) == [.edr001, .alpha001])
    #expect(report.findings.map(\.span.start.line) == [3, 6])
  }
}
