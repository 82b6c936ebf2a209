enum EDR003Examples {
  static let triggering: [Example] = [
    Example(
      """
      kernel vec4 positive(__sample s) {
        return vec4(↓max(s.rgb, 0.0), s.a);
      }
      """),
    Example(
      """
      kernel vec4 limit(__sample s, float headroom) {
        return vec4(↓clamp(s.rgb * 2.0, 0.0, headroom), s.a);
      }
      """),
    Example(
      """
      #include <CoreImage/CoreImage.h>
      extern "C" float4 lift(coreimage::sample_t s, float k) {
        float3 c = ↓fmax(s.rgb - k, float3(0.0));
        return float4(c, s.a);
      }
      """, fileExtension: "ci.metal"),
  ]

  static let nonTriggering: [Example] = [
    Example(
      """
      kernel vec4 gamma(__sample s, float g) {
        return vec4(pow(max(s.rgb, 0.0), vec3(1.0 / g)), s.a);
      }
      """),
    Example(
      """
      kernel vec4 root(__sample s) {
        return vec4(sqrt(max(s.rgb, vec3(0.0))), s.a);
      }
      """),
    Example(
      """
      kernel vec4 lighten(__sample a, __sample b) {
        return vec4(max(a.rgb, b.rgb), a.a);
      }
      """),
    Example(
      """
      kernel vec4 unit(__sample s) {
        return vec4(clamp(s.rgb, 0.0, 1.0), s.a); // edrlint:disable-line EDR001
      }
      """, skipWrapping: true),
    Example(
      """
      kernel vec4 both(__sample s) {
        return vec4(min(max(s.rgb, 0.0), 1.0), s.a); // edrlint:disable-line EDR001
      }
      """, skipWrapping: true),
    Example(
      """
      kernel vec4 offset(sampler src) {
        vec2 p = max(destCoord() - vec2(4.0), vec2(0.0));
        return sample(src, samplerTransform(src, p));
      }
      """),
  ]
}
