enum EDR004Examples {
  static let triggering: [Example] = [
    Example(
      """
      kernel vec4 curve(__sample s, sampler table) {
        vec4 r = sample(table, ↓vec2(s.r * 255.0, 0.5));
        return vec4(r.rgb, s.a);
      }
      """),
    Example(
      """
      #include <CoreImage/CoreImage.h>
      extern "C" float4 grade(coreimage::sample_t s, coreimage::sampler lut) {
        float3 q = clamp(s.rgb, 0.0, 1.0) * 63.0;
        float4 g = lut.sample(↓lut.transform(float2(q.r + floor(q.b) * 64.0, q.g)));
        return float4(g.rgb, s.a);
      }
      """, fileExtension: "ci.metal"),
  ]

  static let nonTriggering: [Example] = [
    Example(
      """
      kernel vec4 blur(sampler src) {
        vec2 p = destCoord();
        return (sample(src, samplerTransform(src, p)) + sample(src, samplerTransform(src, p + vec2(1.0, 0.0)))) * 0.5;
      }
      """)
  ]
}
