import Foundation
import KernelLint
import Testing

/// Mechanisms that public kernel code outside the development corpus showed (issue 33), each
/// as the smallest kernel that failed before its fix: a front end that recovers from one
/// statement it cannot parse, colour taint through ratios and unmodelled built-ins, predefined
/// macros for headers, order-independent joins and alpha interval precision.
@Suite struct UntunedCodeTests {
  private func lint(_ text: String, path: String = "Filters.ci.metal") -> FileReport {
    Linter().lint(text: text, path: path)
  }

  private func lines(of rule: RuleID, in report: FileReport) -> [Int] {
    report.findings.filter { $0.ruleID == rule }.map(\.span.start.line).sorted()
  }

  private func rules(_ report: FileReport) -> [RuleID] {
    report.findings.map(\.ruleID).filter { $0 != .lint003 }
  }

  // MARK: A front end that recovers

  /// `(void)position;` (silencing an unused parameter) is a cast statement, not a parse error.
  @Test func voidCastStatementParses() {
    let text = """
      #include <CoreImage/CoreImage.h>
      extern "C" float4 glow(coreimage::sample_t s, float2 position) {
        (void)position;
        return float4(clamp(s.rgb * 2.0, 0.0, 1.0), s.a);
      }
      """
    let report = lint(text)
    #expect(lines(of: .edr001, in: report) == [4])
    #expect(lines(of: .lint003, in: report) == [])
  }

  /// One statement the parser cannot handle is skipped to its `;` with a LINT003 note at its
  /// line; the clamp after it is still found.
  @Test func unparsableStatementIsSkipped() {
    let text = """
      #include <CoreImage/CoreImage.h>
      extern "C" float4 glow(coreimage::sample_t s) {
        float k = 2.0 @@ 3.0;
        float3 c = s.rgb * 2.0;
        return float4(saturate(c), s.a);
      }
      """
    let report = lint(text)
    #expect(lines(of: .edr001, in: report) == [5])
    #expect(lines(of: .lint003, in: report) == [3])
  }

  /// A statement block the parser cannot handle is skipped to its matching `}`.
  @Test func unparsableBlockStatementIsSkipped() {
    let text = """
      #include <CoreImage/CoreImage.h>
      extern "C" float4 glow(coreimage::sample_t s) {
        float3 c = s.rgb;
        unroll(4) { c = c * 1.1; }
        return float4(min(c, float3(1.0)), s.a);
      }
      """
    let report = lint(text)
    #expect(lines(of: .edr001, in: report) == [5])
    #expect(lines(of: .lint003, in: report) == [4])
  }

  /// A kernel that does not compile (its body is cut off) is analysed as far as it parses.
  @Test func truncatedKernelIsAnalysedAsFarAsItParses() {
    let text = """
      kernel vec4 glow(__sample s) {
        vec3 c = clamp(s.rgb * 2.0, 0.0, 1.0);
        return vec4(c, s.a);
      """
    let report = lint(text, path: "k.cikernel")
    #expect(lines(of: .edr001, in: report) == [2])
    #expect(report.findings.contains { $0.ruleID == .lint003 })
  }
}

/// Colour taint through built-ins the interpreter did not model.
extension UntunedCodeTests {
  /// `median3` of colours is colour: a limit on it reaches the output RGB.
  @Test func median3OfColoursIsColour() {
    let text = """
      #include <CoreImage/CoreImage.h>
      extern "C" float4 denoise(coreimage::sample_t a, coreimage::sample_t b, coreimage::sample_t c) {
        float3 m = median3(a.rgb, b.rgb, c.rgb);
        float v = max3(m.r, m.g, m.b);
        return float4(saturate(m) * (1.0 + 0.0 * v), a.a);
      }
      """
    let report = lint(text)
    #expect(lines(of: .edr001, in: report) == [5])
    #expect(lines(of: .lint003, in: report) == [])
  }

  /// Metal's vector relational functions are masks in [0, 1] (no unknown-function note), and
  /// `select` between a colour and its limit keeps the limit live.
  @Test func relationalFunctionsAreMasks() {
    let text = """
      #include <CoreImage/CoreImage.h>
      extern "C" float4 pick(coreimage::sample_t s) {
        bool3 hot = isgreater(s.rgb, float3(0.5));
        return float4(select(s.rgb, min(s.rgb, float3(1.0)), hot), s.a);
      }
      """
    let report = lint(text)
    #expect(lines(of: .edr001, in: report) == [4])
    #expect(lines(of: .lint003, in: report) == [])
  }
}

/// Predefined macros per language, for headers too.
extension UntunedCodeTests {
  /// A `.h` of Metal code that does not include `<metal_stdlib>` is preprocessed with the Metal
  /// compiler's macros: its `#ifdef __METAL_VERSION__` kernels are analysed.
  @Test func metalHeaderGetsMetalMacros() {
    let text = """
      #ifdef __METAL_VERSION__
      extern "C" float4 glow(coreimage::sample_t s) {
        return float4(clamp(s.rgb * 2.0, 0.0, 1.0), s.a);
      }
      #endif
      """
    let report = lint(text, path: "Filters.h")
    #expect(lines(of: .edr001, in: report) == [3])
  }

  /// `__cplusplus` is defined for Metal, as the compiler does (Metal is C++14 based).
  @Test func metalDefinesCplusplus() {
    let text = """
      #if defined(__cplusplus)
      extern "C" float4 glow(coreimage::sample_t s) {
        return float4(saturate(s.rgb), s.a);
      }
      #endif
      """
    let report = lint(text)
    #expect(lines(of: .edr001, in: report) == [3])
  }

  /// A C header that only shares constants with Metal gets no Metal macros.
  @Test func plainHeaderGetsNoMetalMacros() {
    let text = """
      #ifndef __cplusplus
      kernel vec4 glow(__sample s) { return vec4(clamp(s.rgb, 0.0, 1.0), s.a); }
      #endif
      """
    let report = lint(text, path: "Shared.h")
    #expect(lines(of: .edr001, in: report) == [2])
  }
}

/// One join rule for both branches.
extension UntunedCodeTests {
  /// `c ? f(x) : g(x)` and `c ? g(x) : f(x)` give the same alpha findings: the branch that
  /// leaves [0, 1] for SDR input by its own arithmetic (`s * 2.0`) decides, not the order.
  @Test func branchOrderDoesNotChangeAlphaFindings() {
    func findings(_ branches: String) -> [String] {
      let text = "kernel vec4 f(__sample s, float k) { return s.g > 0.5 ? \(branches); }\n"
      let bytes = Array(text.utf8)
      return lint(text, path: "k.cikernel").findings.map {
        let start = $0.span.start.column - 1
        let culprit = String(decoding: bytes[start..<min(start + 7, bytes.count)], as: UTF8.self)
        return "\($0.ruleID.rawValue) \(culprit)"
      }
    }
    #expect(findings("s * 2.0 : s / k") == ["ALPHA001 s * 2.0"])
    #expect(findings("s / k : s * 2.0") == ["ALPHA001 s * 2.0"])
  }
}

/// Alpha interval precision.
extension UntunedCodeTests {
  /// `x * x` is never negative: `1 - x * x` for `x` in [-1, 1] stays in [0, 1].
  @Test func squareIsNonNegative() {
    let text = """
      kernel vec4 vignette(__sample s) {
        float x = 2.0 * fract(s.a) - 1.0;
        return vec4(s.rgb, s.a * (1.0 - x * x));
      }
      """
    #expect(rules(lint(text, path: "k.cikernel")) == [])
  }

  /// A constant alpha mixed with an unbounded weight is that constant (not 0 * inf).
  @Test func constantAlphaMixedWithUnboundedWeight() {
    let text = """
      kernel vec4 tone(__sample s, float k) {
        return mix(vec4(0.0, 0.0, 0.0, 1.0), vec4(s.rgb, 1.0), s.r * k);
      }
      """
    #expect(rules(lint(text, path: "k.cikernel")) == [])
  }

  /// Two reads of one image at the same coordinate are the same value: mixing a colour built
  /// with one read's alpha and another read, by any weight, keeps that alpha. Read at another
  /// coordinate, the second read is another value and the free weight pushes alpha out.
  @Test func identicalReadsAreEqual() {
    func kernel(_ second: String) -> String {
      """
      #include <SwiftUI/SwiftUI.h>
      [[ stitchable ]] half4 poster(float2 position, SwiftUI::Layer layer, float strength) {
        half3 tc = floor(layer.sample(position).rgb * 4.0) / 4.0;
        half4 x = half4(tc, layer.sample(position).a);
        return mix(x, layer.sample(\(second)), strength * 10);
      }
      """
    }
    #expect(rules(lint(kernel("position"), path: "Poster.metal")) == [])
    #expect(rules(lint(kernel("position + 1.0"), path: "Poster.metal")) == [.alpha001])
    let cikl = """
      kernel vec4 poster(sampler src, float strength) {
        vec2 p = samplerCoord(src);
        vec4 x = vec4(floor(sample(src, p).rgb * 4.0) / 4.0, sample(src, p).a);
        return mix(x, sample(src, p), strength * 10.0);
      }
      """
    #expect(rules(lint(cikl, path: "k.cikernel")) == [])
  }
}

/// Per-file kernel status in the text and JSON reports.
extension UntunedCodeTests {
  @Test func reportsSayPerFileWhetherKernelsWereFound() throws {
    let reports = [
      lint("extern \"C\" float4 k(coreimage::sample_t s) { return s; }", path: "a.ci.metal"),
      lint("float helper(float x) { return x; }", path: "b.cikernel"),
      lint("#if 0\nkernel vec4 g(__sample s) { return s; }\n#endif\n", path: "c.cikernel"),
    ]
    #expect(reports.map(\.kernelStatus) == [.found, .none, .inactiveOnly])
    let text = ReporterKind.text.render(reports, summary: LintSummary(reports))
    #expect(text.contains("a.ci.metal: 1 kernel(s) analysed\n"))
    #expect(text.contains("b.cikernel: no kernel found\n"))
    #expect(text.contains("c.cikernel: kernels only in inactive #if branches (not analysed)\n"))
    let json = ReporterKind.json.render(reports, summary: LintSummary(reports))
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let files = try #require(document["files"] as? [[String: Any]])
    #expect(files.map { $0["kernels"] as? String } == ["found", "none", "inactive-only"])
  }
}

/// Colour taint through division, and the judgement calls of docs/lint-rules.md.
extension UntunedCodeTests {
  /// Colour dodge divides colour by colour channel by channel: its clamp limits the blend's
  /// output intensity (EDR001), though the quotient's interval is unknown.
  @Test func clampOfAChannelwiseColourQuotientIsALimit() {
    let text = """
      kernel vec4 dodge(__sample s, __sample b) {
        vec3 r = clamp(b.rgb / (vec3(1.0) - s.rgb), 0.0, 1.0);
        return vec4(r, b.a);
      }
      """
    #expect(lines(of: .edr001, in: lint(text, path: "k.cikernel")) == [2])
  }

  /// A saturation clamp (a scalar ratio of colour, HSV/HSL `s`) is not a colour limit.
  @Test func saturationClampIsNotALimit() {
    let text = """
      kernel vec4 sat(__sample s) {
        float mx = max(s.r, max(s.g, s.b));
        float mn = min(s.r, min(s.g, s.b));
        float sat = clamp((mx - mn) / mx, 0.0, 1.0);
        return vec4(mix(vec3(mx), s.rgb, sat), s.a);
      }
      """
    #expect(lines(of: .edr001, in: lint(text, path: "k.cikernel")) == [])
  }
}

/// Visualisations and guards: decided as not hostile (docs/lint-rules.md, EDR001/EDR002).
extension UntunedCodeTests {
  /// A false-colour zone table: `smoothstep`/`step` on luminance pick between constant
  /// palette colours. The output is a visualisation, not the image's colour: no finding.
  @Test func falseColourPaletteIsNotACurve() {
    let text = """
      kernel vec4 zones(__sample s) {
        float l = dot(s.rgb, vec3(0.2126, 0.7152, 0.0722));
        vec3 c = mix(vec3(0.0, 0.0, 1.0), vec3(1.0, 0.0, 0.0), smoothstep(0.0, 1.0, l));
        c = mix(c, vec3(1.0), step(1.0, l));
        return vec4(c, s.a);
      }
      """
    #expect(rules(lint(text, path: "k.cikernel")) == [])
  }

  /// The same `smoothstep` applied to the colour itself is a soft clamp (EDR002).
  @Test func smoothstepOnColourIsACurve() {
    let text = """
      kernel vec4 curve(__sample s) {
        return vec4(smoothstep(0.0, 1.0, s.rgb), s.a);
      }
      """
    #expect(lines(of: .edr002, in: lint(text, path: "k.cikernel")) == [2])
  }

  /// A guard on a colour-dodge divisor (`max(1 - s, 1e-4)`) avoids a pole; it limits nothing
  /// that reaches the output as intensity: no finding by default.
  @Test func dodgeDivisorGuardIsNotALimit() {
    let text = """
      kernel vec4 dodge(__sample s, __sample b) {
        vec3 r = b.rgb / max(vec3(1.0) - s.rgb, vec3(0.0001));
        return vec4(r, b.a);
      }
      """
    #expect(rules(lint(text, path: "k.cikernel")) == [])
  }

  // MARK: Colour arguments (a judgement call, docs/lint-rules.md)

  /// A 4-vector parameter of a Core Image kernel stays a free parameter whatever its name:
  /// hosts pass a `CIColor` or a `CIVector` there (both occur for parameters named `color…`),
  /// so returning it may leave [0, 1] for parameters outside it (ALPHA002). A CIKL `__color`
  /// parameter is a colour, alpha in [0, 1].
  @Test func colourNamedVectorArgumentStaysFree() {
    let text = """
      extern "C" float4 pick(coreimage::sample_t s, float4 color1, float4 color2) {
        float v = dot(s.rgb, float3(0.3, 0.59, 0.11));
        return v > 0.5 ? color1 : color2;
      }
      """
    #expect(rules(lint(text)) == [.alpha002])
    let cikl = """
      kernel vec4 over(__sample s, __color tint) {
        return mix(s, tint, 0.5);
      }
      """
    #expect(rules(lint(cikl, path: "k.cikernel")) == [])
    #expect(rules(lint(cikl.replacing("__color", with: "vec4"), path: "k.cikernel")) == [.alpha002])
  }

  // MARK: Poles and positions

  /// A divisor computed from parameters only (`1 - k`, colour dodge by a free amount) is a
  /// known pole like a parameter as read: its output alpha is ALPHA002. A parameter sum that a
  /// loop widened (a weight total over a parameter-length loop) stays unknown.
  @Test func parameterOnlyDivisorIsAKnownPole() {
    let dodge = """
      extern "C" float4 dodge(coreimage::sample_t s, float k) {
        return s / (1.0 - k);
      }
      """
    #expect(rules(lint(dodge)) == [.alpha002])
    let loop = """
      extern "C" float4 blur(coreimage::sampler src, float r, coreimage::destination d) {
        int res = int(r);
        float4 acc = src.sample(src.coord());
        float total = 1.0;
        for (int x = -res; x <= res; ++x) {
          if (x != 0) {
            float w = pow(1.0 - x / (res + 1), 0.5);
            acc += src.sample(src.transform(d.coord() + float2(float(x), 0.0))) * w;
            total += w;
          }
        }
        return acc / total;
      }
      """
    #expect(rules(lint(loop)) == [])
  }

  /// A false-colour heat map writes a different `smoothstep` of one luminance into each
  /// channel: a palette, not a tone curve. The same curve of the luminance in every channel,
  /// or each channel's curve of its own value, limits the image (EDR002).
  @Test func luminanceHeatMapIsAPalette() {
    func kernel(_ body: String) -> String {
      """
      #include <SwiftUI/SwiftUI.h>
      [[ stitchable ]] half4 heat(float2 position, half4 color) {
        float y = dot(float3(color.rgb), float3(0.3, 0.6, 0.1));
        half3 h;
        \(body)
        return half4(h, color.a);
      }
      """
    }
    let palette =
      "h.r = smoothstep(0.5, 0.8, y); h.g = smoothstep(0.0, 0.7, y); h.b = smoothstep(1.0, 0.0, y);"
    #expect(lines(of: .edr002, in: lint(kernel(palette), path: "Heat.metal")) == [])
    let grey = "h = half3(smoothstep(0.0, 1.0, y));"
    #expect(lines(of: .edr002, in: lint(kernel(grey), path: "Heat.metal")) == [5])
    let curves =
      "h.r = smoothstep(0.0, 1.0, color.r); h.g = smoothstep(0.0, 1.0, color.g); h.b = color.b;"
    #expect(lines(of: .edr002, in: lint(kernel(curves), path: "Heat.metal")) == [5, 5])
  }

  /// A fade or colour interpolated from the vertex stage (a `[[stage_in]]` member) has a range
  /// only the vertex function knows: an alpha scaled by it is not shown to leave [0, 1]. An
  /// alpha that leaves by the fragment's own arithmetic still does.
  @Test func vertexStageAttributeIsNotAFreePosition() {
    func kernel(_ result: String) -> String {
      """
      #include <metal_stdlib>
      using namespace metal;
      struct QuadOut { float4 position [[position]]; float2 uv; float alpha; };
      fragment half4 dust(QuadOut in [[stage_in]], texture2d<half> tex [[texture(0)]]) {
        constexpr sampler s(coord::normalized, filter::linear);
        half4 color = tex.sample(s, in.uv);
        return \(result);
      }
      """
    }
    #expect(rules(lint(kernel("color * in.alpha"), path: "Dust.metal")) == [])
    #expect(rules(lint(kernel("color * 2.0"), path: "Dust.metal")) == [.alpha001])
  }

  /// The first `float2` argument of a SwiftUI layer effect is the pixel's position, in points:
  /// a coordinate, free in both worlds, not a parameter in [0, 1].
  @Test func layerEffectPositionIsACoordinate() {
    let text = """
      #include <SwiftUI/SwiftUI.h>
      [[ stitchable ]] half4 ramp(float2 position, SwiftUI::Layer layer) {
        return layer.sample(position) * half(position.x / 100.0);
      }
      """
    #expect(rules(lint(text, path: "Ramp.metal")) == [.alpha001])
  }
}
