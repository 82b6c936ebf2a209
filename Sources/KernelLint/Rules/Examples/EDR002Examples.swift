enum EDR002Examples {
  static let triggering: [Example] = [
    Example(
      """
      kernel vec4 curve(__sample s) {
        return vec4(↓smoothstep(0.0, 1.0, s.rgb), s.a);
      }
      """),
    Example(
      """
      kernel vec4 soft(__sample s, float amount) {
        vec3 c = mix(s.rgb, ↓smoothstep(0.1, 0.9, s.rgb), amount);
        return vec4(c, s.a);
      }
      """),
    Example(
      """
      #include <CoreImage/CoreImage.h>
      extern "C" float4 film(coreimage::sample_t s) {
        float3 c = ↓smoothstep(float3(0.0), float3(1.0), s.rgb) * 0.9 + 0.05;
        return float4(c, s.a);
      }
      """, fileExtension: "ci.metal"),
  ]

  static let nonTriggering: [Example] = [
    Example(
      """
      kernel vec4 key(__sample a, __sample b) {
        float luma = dot(a.rgb, vec3(0.2126, 0.7152, 0.0722));
        return mix(a, b, smoothstep(0.2, 0.8, luma));
      }
      """),
    Example(
      """
      kernel vec4 knee(__sample s, float lo, float hi) {
        return vec4(smoothstep(lo, hi, s.rgb), s.a);
      }
      """),
    Example(
      """
      kernel vec4 vignette(__sample s, vec2 center, float radius) {
        float d = distance(destCoord(), center) / radius;
        return vec4(s.rgb * (1.0 - smoothstep(0.5, 1.0, d)), s.a);
      }
      """),
    Example(
      """
      kernel vec4 wide(__sample s) {
        return vec4(smoothstep(0.0, 4.0, s.rgb) * 4.0, s.a);
      }
      """),
  ]
}
