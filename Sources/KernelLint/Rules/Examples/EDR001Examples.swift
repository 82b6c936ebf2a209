enum EDR001Examples {
  static let triggering: [Example] = [
    Example(
      """
      kernel vec4 lit(__sample s, float gain) {
        vec3 lit = s.rgb * gain;
        return vec4(↓clamp(lit, 0.0, 1.0), s.a);
      }
      """),
    Example(
      """
      kernel vec4 cap(__sample s) {
        vec3 c = ↓min(s.rgb, 1.0);
        return vec4(c, s.a);
      }
      """),
    Example(
      """
      #include <CoreImage/CoreImage.h>
      extern "C" float4 glow(coreimage::sample_t s, float k) {
        float3 c = s.rgb * (1.0 + k);
        return float4(↓saturate(c), s.a);
      }
      """, fileExtension: "ci.metal"),
    Example(
      """
      kernel vec4 fade(__sample s, __sample t, float amount) {
        vec4 c = s * vec4(2.0, 2.0, 2.0, 1.0);
        c = ↓clamp(c, vec4(0.0), vec4(1.0));
        return mix(c, t, amount);
      }
      """),
    Example(
      """
      #define SAT(x) clamp((x), 0.0, 1.0)
      kernel vec4 sat(__sample s, float k) {
        vec3 t = s.rgb * k;
        return vec4(↓SAT(t), s.a);
      }
      """),
    Example(
      """
      vec3 clamp01(vec3 x) { return ↓clamp(x, 0.0, 1.0); }
      kernel vec4 boost(__sample s) { return vec4(clamp01(s.rgb * 2.0), s.a); }
      """),
    Example(
      """
      const float kWhite = 0.95;
      kernel vec4 white(__sample s) { return vec4(↓min(vec3(kWhite), s.rgb), s.a); }
      """),
    Example(
      """
      namespace coreimage {
        float4 tone(sample_t s, float e) {
          float3 c = pow(s.rgb * e, float3(1.0 / 2.2));
          return float4(↓fmin(c, float3(1.0)), s.a);
        }
      }
      """, fileExtension: "ci.metal"),
    Example(
      """
      import CoreImage
      let kernel = CIColorKernel(source: \"\"\"
          kernel vec4 sdr(__sample s) { // é
              return vec4(↓clamp(s.rgb, 0.0, 1.0), s.a);
          }
          \"\"\")
      """, fileExtension: "swift"),
    Example(
      """
      let source =
        "kernel vec4 sdrPreview(__sample s) {\\n" +
        "    vec3 c = s.rgb;\\n" +
        "    c = ↓clamp(c, 0.0, 1.0); // \\"display range\\"\\n" +
        "    return vec4(c, s.a);\\n" +
        "}\\n"
      """, fileExtension: "swift"),
  ]

  static let nonTriggering: [Example] = [
    Example(
      """
      kernel vec4 fade(__sample s, float opacity) {
        return vec4(s.rgb * clamp(opacity, 0.0, 1.0), s.a);
      }
      """),
    Example(
      """
      kernel vec4 lut(__sample s, sampler table) {
        vec3 q = clamp(s.rgb, 0., 1.) * 63.0;
        vec2 uv = vec2(q.r + floor(q.b) * 64.0, q.g);
        vec4 g = sample(table, samplerTransform(table, uv));
        return vec4(g.rgb, s.a);
      }
      """),
    Example(
      """
      vec3 hsv2rgb(vec3 h) {
        vec3 p = abs(fract(h.xxx + vec3(1.0, 2.0 / 3.0, 1.0 / 3.0)) * 6.0 - 3.0);
        return h.z * mix(vec3(1.0), clamp(p - 1.0, 0.0, 1.0), h.y);
      }
      vec3 rgb2hsv(vec3 c) {
        float mx = max(c.r, max(c.g, c.b));
        float d = mx - min(c.r, min(c.g, c.b));
        return vec3(fract(c.g / (d + 1e-6)), d / (mx + 1e-6), mx);
      }
      kernel vec4 hue(__sample s, float shift) {
        vec3 h = rgb2hsv(s.rgb);
        h.x = fract(h.x + shift);
        return vec4(hsv2rgb(h), s.a);
      }
      """),
    Example(
      """
      #include <CoreImage/CoreImage.h>
      extern "C" float4 grade(coreimage::sample_t s, float contrast) {
        float3 b = clamp(s.rgb, 0, 1);
        float3 graded = (b - 0.5) * contrast + 0.5;
        return float4(graded + (s.rgb - b), s.a);
      }
      """, fileExtension: "ci.metal"),
    Example(
      """
      kernel vec4 darken(__sample a, __sample b) {
        return vec4(min(a.rgb, b.rgb), max(a.a, b.a));
      }
      """),
    Example(
      """
      kernel vec4 cap(__sample s, float headroom) {
        return vec4(min(s.rgb * 4.0, vec3(headroom)), s.a);
      }
      """),
    Example(
      """
      kernel vec4 matte(__sample s, float k) {
        return vec4(s.rgb, clamp(s.a * k, 0.0, 1.0));
      }
      """),
    Example(
      """
      kernel vec4 shift(sampler src, vec2 o) {
        return sample(src, clamp(destCoord() + o, vec2(0.0), vec2(1.0)));
      }
      """),
    Example(
      """
      kernel vec4 ramp(float width) {
        float v = clamp(destCoord().x / width, 0.0, 1.0);
        return vec4(v, v, v, 1.0);
      }
      """),
    Example(
      """
      kernel vec4 keep(__sample s) {
        // clamp(s.rgb, 0.0, 1.0) was removed for EDR
        return s;
      }
      """),
    Example(
      """
      kernel vec4 hdr(__sample s) {
        vec3 c = clamp(s.rgb, 0.0, 1.0); // edrlint:disable-line EDR001 -- SDR export only
        return vec4(c, s.a);
      }
      """, skipWrapping: true),
  ]
}
