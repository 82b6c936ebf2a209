enum AlphaExamples {
  static let alpha001Triggering: [Example] = [
    Example(
      """
      kernel vec4 boost(__sample s) {
        return ↓s * 5.0;
      }
      """),
    Example(
      """
      #include <CoreImage/CoreImage.h>
      extern "C" float4 add(coreimage::sample_t s, coreimage::sample_t d) {
        float4 sum = ↓s + d;
        return sum;
      }
      """, fileExtension: "ci.metal"),
    Example(
      """
      kernel vec4 glow(__sample s, __sample g) {
        vec4 c = s;
        ↓c += g;
        return c;
      }
      """),
    Example(
      """
      kernel vec4 dense(__sample s) {
        return vec4(s.rgb, ↓s.a * 2.0);
      }
      """),
  ]

  static let alpha001NonTriggering: [Example] = [
    Example(
      """
      kernel vec4 add(__sample s, __sample d) {
        vec4 sum = s + d;
        return vec4(sum.rgb, min(sum.a, 1.0));
      }
      """),
    Example(
      """
      kernel vec4 over(__sample s, __sample d) {
        return s + d * (1.0 - s.a);
      }
      """),
    Example(
      """
      kernel vec4 blend(__sample a, __sample b, float t) {
        float w = clamp(t, 0.0, 1.0);
        return (1.0 - w) * a + w * b;
      }
      """),
    Example(
      """
      kernel vec4 fade(__sample s, float k) {
        return s * clamp(k, 0.0, 1.0);
      }
      """),
    Example(
      """
      kernel vec4 box(sampler src) {
        vec4 acc = vec4(0.0);
        for (int i = 0; i < 9; i++) {
          acc += sample(src, samplerTransform(src, destCoord() + vec2(float(i) - 4.0, 0.0)));
        }
        return acc / 9.0;
      }
      """),
    Example(
      """
      #include <metal_stdlib>
      #include <CoreImage/CoreImage.h>
      extern "C" float4 wide(coreimage::sampler src) {
        float4 acc = float4(0.0);
        for (int i = 0; i < 64; ++i) {
          acc += src.sample(src.transform(src.coord() + float2(i, 0)));
        }
        return acc / 64.0;
      }
      """, fileExtension: "ci.metal"),
    Example(
      """
      kernel vec4 boost(__sample s) {
        return vec4(s.rgb * 5.0, s.a);
      }
      """),
  ]

  static let alpha002Triggering: [Example] = [
    Example(
      """
      kernel vec4 opacity(__sample s, float opacity) {
        return ↓s * opacity;
      }
      """),
    Example(
      """
      kernel vec4 matte(__sample s, __sample m) {
        return ↓vec4(s.rgb * m.r, m.r);
      }
      """),
    Example(
      """
      #include <CoreImage/CoreImage.h>
      extern "C" float4 tint(coreimage::sample_t s, float4 tint) {
        float4 pixel = s;
        ↓pixel.a *= tint.a;
        return pixel;
      }
      """, fileExtension: "ci.metal"),
  ]

  static let alpha002NonTriggering: [Example] = [
    Example(
      """
      // edrlint:param opacity in [0, 1]
      kernel vec4 opacity(__sample s, float opacity) {
        return s * opacity;
      }
      """, skipWrapping: true),
    Example(
      """
      kernel vec4 grade(__sample s, float amount) {
        vec3 g = s.rgb * s.rgb;
        return mix(s, vec4(g, s.a), amount);
      }
      """),
    Example(
      """
      kernel vec4 gain(__sample s, float gain) {
        return vec4(s.rgb * gain, s.a);
      }
      """),
  ]
}
