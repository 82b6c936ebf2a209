// edr_list_below (edr_bounded_list.h): four RGBA pixels per step on AVX2 (two compares of
// two pixels each; a step with none below is skipped after one test), else one pixel at a
// time. Each slot of a step is written and kept only for a pixel below, so a step with some
// below costs no branch per pixel.
#include "edr_bounded_list.h"

#include <math.h>

/// The channels of (r, g, b) that are finite and below `low`, as bits.
static inline int below_bits(float r, float g, float b, const float low[3]) {
  return (r < low[0] && r > -INFINITY) | (g < low[1] && g > -INFINITY) << 1
         | (b < low[2] && b > -INFINITY) << 2;
}

static int64_t list_scalar(EDRPixels px, int64_t from, int64_t count, const float low[3],
                           int64_t n, int32_t *listed, uint8_t *channels, float *inputs) {
  for (int64_t p = from; p < count; p++) {
    int64_t o = p * px.stride;
    float r = px.red[o], g = px.green[o], b = px.blue[o];
    int bits = below_bits(r, g, b, low);
    listed[n] = (int32_t)p;
    channels[n] = (uint8_t)bits;
    float *x = inputs + 4 * n;
    x[0] = r, x[1] = g, x[2] = b, x[3] = 0;
    n += bits != 0;
  }
  return n;
}

#if defined(__x86_64__)
#include <immintrin.h>

/// Pixels 0 ..< count of an RGBA run (R, G, B adjacent, stride 4). The last pixel goes
/// through the scalar loop, so no load reaches past its blue. Each step also prefetches the
/// cache line `count` pixels on: a caller that lists tile by tile (then looks the tile up)
/// finds the next tile in the cache instead of waiting for memory in this pass.
__attribute__((target("avx2"))) static int64_t list_rgba_avx2(EDRPixels px, int64_t count,
                                                              const float low[3],
                                                              int32_t *listed, uint8_t *channels,
                                                              float *inputs) {
  // Lane 3 of each pixel (alpha, or whatever follows blue) is compared with −∞: never below.
  const __m256 lo = _mm256_setr_ps(low[0], low[1], low[2], -INFINITY, low[0], low[1], low[2],
                                   -INFINITY);
  const __m256 floor = _mm256_set1_ps(-INFINITY);
  const __m128 rgbLanes = _mm_castsi128_ps(_mm_setr_epi32(-1, -1, -1, 0));
  const float *rgba = px.red;
  int64_t n = 0, p = 0;
  for (; p + 4 < count; p += 4) {
    _mm_prefetch((const char *)(rgba + 4 * (p + count)), _MM_HINT_T0);
    __m256 a = _mm256_loadu_ps(rgba + 4 * p), b = _mm256_loadu_ps(rgba + 4 * p + 8);
    __m256 belowA = _mm256_and_ps(_mm256_cmp_ps(a, lo, _CMP_LT_OQ),
                                  _mm256_cmp_ps(a, floor, _CMP_GT_OQ));
    __m256 belowB = _mm256_and_ps(_mm256_cmp_ps(b, lo, _CMP_LT_OQ),
                                  _mm256_cmp_ps(b, floor, _CMP_GT_OQ));
    int bits = _mm256_movemask_ps(belowA) | _mm256_movemask_ps(belowB) << 8;
    if (bits == 0) continue;
    for (int i = 0; i < 4; i++) {
      int below = (bits >> (4 * i)) & 7;
      listed[n] = (int32_t)(p + i);
      channels[n] = (uint8_t)below;
      _mm_storeu_ps(inputs + 4 * n, _mm_and_ps(_mm_loadu_ps(rgba + 4 * (p + i)), rgbLanes));
      n += below != 0;
    }
  }
  return list_scalar(px, p, count, low, n, listed, channels, inputs);
}
#endif

int64_t edr_list_below(EDRPixels pixels, int64_t count, const float low[3], int32_t *listed,
                       uint8_t *channels, float *inputs) {
#if defined(__x86_64__)
  bool rgba = pixels.stride == 4 && pixels.green == pixels.red + 1
              && pixels.blue == pixels.red + 2;
  if (rgba && edr_kernels_avx2_supported()) {
    return list_rgba_avx2(pixels, count, low, listed, channels, inputs);
  }
#endif
  return list_scalar(pixels, 0, count, low, 0, listed, channels, inputs);
}
