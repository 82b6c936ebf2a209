import Foundation
import KernelLint
import Testing

/// Colour taint where intervals know nothing (issue 33): a limit on a value derived from
/// sampled colour is reported whatever its interval, unless it is shown not to be intensity.
/// Each mechanism has a kernel that the linter missed before and one it must keep quiet on.
@Suite struct ColourTaintTests {
  private func edr001Lines(_ text: String) -> [Int] {
    Linter().lint(text: text, path: "Filters.ci.metal").findings
      .filter { $0.ruleID == .edr001 }.map(\.span.start.line).sorted()
  }

  /// A function from a header the linter was not given returns colour for colour arguments:
  /// limiting that vector limits colour.
  @Test func vectorFromUnseenFunctionOfColourIsColour() {
    let text = """
      #include <CoreImage/CoreImage.h>
      extern "C" float4 graded(coreimage::sample_t s) {
        float3 c = toneCurve(s.rgb) * 1.2;
        return float4(clamp(c, 0.0, 1.0), s.a);
      }
      """
    #expect(edr001Lines(text) == [4])
  }

  /// One lane of such a result (`hsv.y`) may be a saturation or hue: not reported.
  @Test func oneLaneOfUnseenFunctionResultIsNotIntensity() {
    let text = """
      #include <CoreImage/CoreImage.h>
      extern "C" float4 saturated(coreimage::sample_t s, float amount) {
        float3 hsv = rgb2hsv(s.rgb);
        hsv.y = clamp(hsv.y * amount, 0.0, 1.0);
        return float4(hsv2rgb(hsv), s.a);
      }
      """
    #expect(edr001Lines(text) == [])
  }

  /// A conversion named for its target space says which lane is the intensity: the value of
  /// `rgb_2_HSV` (lane z) limited to [0, 1] limits the image, its saturation (lane y) does
  /// not; for a luma–chroma space (`rgbToYUV`) the luma is lane x.
  @Test func namedConversionMarksItsIntensityLane() {
    func kernel(_ conversion: String, _ lane: String) -> String {
      """
      #include <CoreImage/CoreImage.h>
      extern "C" float4 adjust(coreimage::sample_t s, float amount) {
        float3 hsv = \(conversion)(s.rgb);
        hsv.\(lane) = clamp(hsv.\(lane) * amount, 0.0, 1.0);
        return float4(back(hsv), s.a);
      }
      """
    }
    #expect(edr001Lines(kernel("IMProcessing::rgb_2_HSV", "z")) == [4])
    #expect(edr001Lines(kernel("IMProcessing::rgb_2_HSV", "y")) == [])
    #expect(edr001Lines(kernel("rgbToYUV", "x")) == [4])
    #expect(edr001Lines(kernel("rgbToYUV", "z")) == [])
    #expect(edr001Lines(kernel("toneCurve", "z")) == [])
  }

  /// A saturation limited in a loop whose trip count is a parameter is still a saturation:
  /// the join at the loop head keeps what the lane may be.
  @Test func saturationLimitedInALoopIsNotIntensity() {
    let text = """
      #include <CoreImage/CoreImage.h>
      extern "C" float4 saturated(coreimage::sample_t s, float amount, int n) {
        float3 hsv = rgb2hsv(s.rgb);
        for (int i = 0; i < n; i++) { hsv.y = clamp(hsv.y * amount, 0.0, 1.0); }
        return float4(hsv2rgb(hsv), s.a);
      }
      """
    #expect(edr001Lines(text) == [])
  }

  /// A luma limited to [0, 1] and rebuilt into RGB with its chroma (YUV to RGB) limits the
  /// image's intensity: the signed chroma does not make it an adjustment term.
  @Test func limitedLumaRebuiltWithChromaStaysLive() {
    let text = """
      #include <CoreImage/CoreImage.h>
      extern "C" float4 levels(coreimage::sample_t s, float gain, float lift) {
        float y = dot(s.rgb, float3(0.2627, 0.6780, 0.0593));
        float u = dot(s.rgb, float3(-0.1396, -0.3604, 0.5));
        float v = dot(s.rgb, float3(0.5, -0.4598, -0.0402));
        y = clamp(y * gain + lift, 0.0, 1.0);
        return float4(y + 1.4 * v, y - 0.343 * u - 0.711 * v, y + 1.765 * u, s.a);
      }
      """
    #expect(edr001Lines(text) == [6])
  }

  /// The adjustment term itself (a limited lift added to the unlimited luma it came from)
  /// stays unreported: the sum still exceeds 1.
  @Test func liftAddedToUnlimitedLumaIsAnAdjustmentTerm() {
    let text = """
      #include <CoreImage/CoreImage.h>
      extern "C" float4 shadows(coreimage::sample_t s, float amount) {
        float l = dot(s.rgb, float3(0.2126, 0.7152, 0.0722));
        float lift = clamp(pow(l, 1.0 / (amount + 1.0)) - l, 0.0, 1.0);
        return float4((l + lift) * (s.rgb / l), s.a);
      }
      """
    #expect(edr001Lines(text) == [])
  }

  /// The simd header's vector spellings (`vector_float3`, `simd_half4`) are constructors, not
  /// unknown functions.
  @Test func simdVectorSpellingsAreConstructors() {
    let text = """
      #include <metal_stdlib>
      using namespace metal;
      fragment float4 boost(VertexOut in [[stage_in]], texture2d<float> t [[texture(0)]]) {
        constexpr sampler s;
        float4 c = t.sample(s, in.uv);
        vector_float3 boosted = vector_float3(c.r, c.g, c.b) * 2.0;
        return vector_float4(clamp(boosted, 0.0, 1.0), c.a);
      }
      """
    let report = Linter().lint(text: text, path: "Shaders.metal")
    #expect(report.findings.filter { $0.ruleID == .edr001 }.map(\.span.start.line) == [7])
    #expect(!report.findings.contains { $0.ruleID == .lint003 })
  }

  /// A cosine of limited colour is a tone curve (PixelKit's smooth levels,
  /// `cos(c * pi + pi) / 2 + 0.5`): the limit before it is live. A cosine of a colour ratio
  /// (a hue or chromaticity) is a weight.
  @Test func cosineCurveOfLimitedColourIsLive() {
    let curve = """
      extern "C" float4 smoothLevels(coreimage::sample_t s) {
        float3 cl = min(max(s.rgb, 0.0), 1.0);
        return float4(cos(cl * 3.14159 + 3.14159) / 2.0 + 0.5, s.a);
      }
      """
    #expect(edr001Lines(curve) == [2])
    let ratio = """
      extern "C" float4 tint(coreimage::sample_t s) {
        float3 r = clamp(s.rgb / max(s.r + s.g + s.b, 0.0001), 0.0, 1.0);
        return float4(s.rgb * cos(r), s.a);
      }
      """
    #expect(edr001Lines(ratio) == [])
  }
}
