// A CPU stand-in for the part of Core Image's Metal kernel language that `edrcube shader
// --lang coreimage` uses, so that scripts/gpu/shader_check.py can compile the kernel as C++ and
// run it against the CPU engine. A sampler is an image of RGBA Float32 texels stored first row
// first, which Core Image puts at the top (y up: the first row spans y = height − 1 … height);
// `transform` is the identity (the image sits at the origin) and `sample` is a nearest fetch
// that stops the run unless it lands on a texel's centre inside the image: the kernel must
// never rely on filtering or on the edge mode.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <metal_stdlib>

namespace coreimage {
struct sampler {
  const float* texels;
  int width;
  int height;
  float2 current;  // the destination pixel's centre, which coord() returns

  float2 transform(float2 p) const { return p; }
  float2 coord() const { return current; }
  float4 sample(float2 p) const {
    float fx = __builtin_floorf(p.x), fy = __builtin_floorf(p.y);
    int x = int(fx), row = height - 1 - int(fy);
    if (p.x - fx != 0.5f || p.y - fy != 0.5f || x < 0 || x >= width || row < 0 || row >= height) {
      std::fprintf(stderr, "sample at (%.9g, %.9g): not a texel centre of the %dx%d image\n",
                   p.x, p.y, width, height);
      std::exit(3);
    }
    const float* t = texels + 4 * (size_t(row) * width + x);
    return float4{t[0], t[1], t[2], t[3]};
  }
};

static inline float4 premultiply(float4 c) { return make_float4(c.xyz * c.w, c.w); }
static inline float4 unpremultiply(float4 c) {
  return c.w > 0.0f ? make_float4(c.xyz / c.w, c.w) : c;
}
}  // namespace coreimage
