#!/usr/bin/env python3
"""Writes a realistic ~1 MB kernel file for timing `edrcube lint` on one large file.

Usage: scripts/make-lint-megabyte.py [OUT] [--dialect cikl|msl] [--bytes N]
(default OUT: /tmp/lint-1mb.cikernel, 1,000,000 bytes, CIKL).

The file repeats a set of varied Core Image kernels (helpers, object- and function-like
macros, constant-trip loops, branches, clamp/mix/smoothstep/pow calls, some with findings and
some clean), each copy with distinct names and constants, so nothing is trivially shared.
Deterministic: the same arguments always give the same bytes.

Timing (release build, best of 3):
  swift build -c release --product edrcube
  scripts/make-lint-megabyte.py /tmp/lint-1mb.cikernel
  /usr/bin/time -f '%e s %M KB' .build/release/edrcube lint /tmp/lint-1mb.cikernel > /dev/null
"""

import sys

CIKL = [
    """// glow {i}: gain then a display clamp
#define SAT{i}(x) clamp((x), 0.0, 1.0)
kernel vec4 glow{i}(__sample s, float gain, float radius) {{
    vec3 c = s.rgb * (gain + {k:.3f});
    float l = dot(c, vec3(0.2126, 0.7152, 0.0722));
    if (l > 0.5) {{
        c = c + (l - 0.5) * radius;
    }} else {{
        c = c * 0.75;
    }}
    return vec4(mix(s.rgb, SAT{i}(c), 0.5), s.a);
}}
""",
    """// box blur {i}: normalised accumulation over a constant window
kernel vec4 blur{i}(sampler src, float spread) {{
    vec2 dc = destCoord();
    vec4 acc = vec4(0.0);
    for (int k = 0; k < 9; k++) {{
        vec2 o = vec2(float(k - 4) * spread, {k:.2f});
        acc += sample(src, samplerTransform(src, dc + o));
    }}
    return acc / 9.0;
}}
""",
    """// hsv {i}: helpers with branches, hue ramp times value
vec3 hsv2rgb{i}(vec3 h) {{
    vec3 p = abs(fract(h.xxx + vec3(1.0, 2.0 / 3.0, 1.0 / 3.0)) * 6.0 - 3.0);
    return h.z * mix(vec3(1.0), clamp(p - 1.0, 0.0, 1.0), h.y);
}}
vec3 rgb2hsv{i}(vec3 c) {{
    float mx = max(c.r, max(c.g, c.b));
    float mn = min(c.r, min(c.g, c.b));
    float d = mx - mn;
    float h = 0.0;
    if (d > 0.0001) {{
        if (mx == c.r) {{ h = (c.g - c.b) / d; }}
        else if (mx == c.g) {{ h = 2.0 + (c.b - c.r) / d; }}
        else {{ h = 4.0 + (c.r - c.g) / d; }}
    }}
    return vec3(fract(h / 6.0), d / (mx + 0.0001), mx);
}}
kernel vec4 hueShift{i}(__sample s, float shift) {{
    vec3 h = rgb2hsv{i}(s.rgb);
    h.x = fract(h.x + shift + {k:.3f});
    return vec4(hsv2rgb{i}(h), s.a);
}}
""",
    """// vignette {i}: smoothstep mask as a mix weight
const float kStrength{i} = {k:.3f};
kernel vec4 vignette{i}(__sample s, vec2 center, float radius) {{
    float d = distance(destCoord(), center) / max(radius, 1.0);
    float m = smoothstep(0.4, 1.2, d) * kStrength{i};
    vec3 dark = s.rgb * (1.0 - m);
    return vec4(mix(s.rgb, dark, 0.8), s.a);
}}
""",
    """// source-over {i}
kernel vec4 over{i}(__sample a, __sample b, float opacity) {{
    vec4 top = vec4(a.rgb * opacity, a.a * {k:.3f});
    vec4 r = top + (1.0 - top.a) * b;
    return r;
}}
""",
    """// gamma {i}: guarded power curve and a soft knee
#define KNEE{i} {k:.3f}
float knee{i}(float x) {{
    return x < KNEE{i} ? x : KNEE{i} + (x - KNEE{i}) / (1.0 + (x - KNEE{i}));
}}
kernel vec4 gamma{i}(__sample s, float g) {{
    vec3 c = pow(max(s.rgb, 0.0), vec3(1.0 / 2.2));
    c = vec3(knee{i}(c.r), knee{i}(c.g), knee{i}(c.b));
    c = c * g;
    return vec4(c, s.a);
}}
""",
    """// lut {i}: colour-indexed lookup, clamp only in the coordinate
kernel vec4 lut{i}(__sample s, sampler table, float amount) {{
    vec3 q = clamp(s.rgb, 0.0, 1.0) * 63.0;
    float slice = floor(q.b);
    vec2 uv = vec2(q.r + slice * 64.0 + 0.5, q.g + 0.5 + {k:.2f});
    vec4 graded = sample(table, samplerTransform(table, uv));
    float t = clamp(amount, 0.0, 1.0);
    return vec4(mix(s.rgb, graded.rgb, t), s.a);
}}
""",
    """// weighted {i}: weights summing to one
kernel vec4 sharpen{i}(sampler src, float amount) {{
    vec2 dc = destCoord();
    vec4 c = sample(src, samplerCoord(src));
    vec4 sum = vec4(0.0);
    float w[5];
    w[0] = 0.1; w[1] = 0.2; w[2] = 0.4; w[3] = 0.2; w[4] = 0.1;
    for (int k = 0; k < 5; ++k) {{
        sum += w[k] * sample(src, samplerTransform(src, dc + vec2(float(k) - 2.0, {k:.2f})));
    }}
    vec3 detail = c.rgb - sum.rgb;
    c.rgb = c.rgb + detail * amount;
    c.rgb = min(c.rgb, vec3(1.0));
    return c;
}}
""",
]

MSL = [
    """// glow {i}
#define SAT{i}(x) saturate(x)
extern "C" float4 glow{i}(coreimage::sample_t s, float gain, coreimage::destination dest) {{
    float3 c = s.rgb * (gain + {k:.3f});
    float l = dot(c, float3(0.2126, 0.7152, 0.0722));
    if (l > 0.5) {{ c = c + (l - 0.5) * 0.25; }} else {{ c = c * 0.75; }}
    return float4(mix(s.rgb, SAT{i}(c), 0.5), s.a);
}}
""",
    """// blur {i}
extern "C" float4 blur{i}(coreimage::sampler src, float spread, coreimage::destination dest) {{
    float2 dc = dest.coord();
    float4 acc = float4(0.0);
    for (int k = 0; k < 9; k++) {{
        acc += src.sample(src.transform(dc + float2(float(k - 4) * spread, {k:.2f})));
    }}
    return acc / 9.0;
}}
""",
    """// tone {i}
static float3 tone{i}(float3 c, float e) {{
    float3 x = c * exp2(e);
    return x / (1.0 + x) + {k:.3f} * x;
}}
[[stitchable]] float4 toneMap{i}(coreimage::sample_t s, float exposure) {{
    float3 c = tone{i}(max(s.rgb, 0.0), exposure);
    c = clamp(c, float3(0.0), float3(1.0));
    return float4(c, s.a);
}}
""",
    """// over {i}
extern "C" float4 over{i}(coreimage::sample_t a, coreimage::sample_t b, float opacity) {{
    float4 top = float4(a.rgb * opacity, a.a * {k:.3f});
    return top + (1.0 - top.a) * b;
}}
""",
]


def main() -> None:
    out = "/tmp/lint-1mb.cikernel"
    dialect = "cikl"
    size = 1_000_000
    args = sys.argv[1:]
    while args:
        a = args.pop(0)
        if a == "--dialect":
            dialect = args.pop(0)
        elif a == "--bytes":
            size = int(args.pop(0))
        else:
            out = a
    templates = CIKL if dialect == "cikl" else MSL
    parts = []
    total = 0
    i = 0
    while total < size:
        k = (i * 37 % 101) / 100 + 0.01
        text = templates[i % len(templates)].format(i=i, k=k) + "\n"
        parts.append(text)
        total += len(text.encode())
        i += 1
    with open(out, "w", encoding="utf-8") as f:
        f.write("".join(parts))
    print(f"{out}: {total} bytes, {i} kernels ({dialect})")


if __name__ == "__main__":
    main()
