// edr_rgba_census (edr_rgba_scan.h): two pixels per AVX2 vector where the CPU has AVX2, else
// one pixel at a time. Branch-free per pixel: whether a pixel counts is data, often mixed
// within a block, and a branch on it mispredicts.
#include "edr_rgba_scan.h"
#include "edr_lut_kernels.h"

#include <string.h>

static const uint32_t exponentBits = 0x7F800000u, oneBits = 0x3F800000u;

static EDRRGBACensus census_scalar(const float *rgba, int64_t from, int64_t count,
                                   EDRRGBACensus c) {
  uint32_t notOne = c.opaque ? 0 : 1;
  for (int64_t p = from; p < count; p++) {
    uint32_t bits[4];
    memcpy(bits, rgba + 4 * p, sizeof bits);
    const float *v = rgba + 4 * p;
    c.nonFinitePixels += (bits[0] & exponentBits) == exponentBits
                         | (bits[1] & exponentBits) == exponentBits
                         | (bits[2] & exponentBits) == exponentBits;
    c.brightPixels += (v[0] > 1) | (v[1] > 1) | (v[2] > 1);
    notOne |= bits[3] ^ oneBits;
  }
  c.opaque = notOne == 0;
  return c;
}

#if defined(__x86_64__)
#include <immintrin.h>

__attribute__((target("avx2"))) static EDRRGBACensus census_avx2(const float *rgba,
                                                                int64_t count) {
  // Alpha is compared with 1 by its bits; its movemask bits (3 and 7) are not counted.
  const __m256i exponent = _mm256_setr_epi32(exponentBits, exponentBits, exponentBits, 0,
                                             exponentBits, exponentBits, exponentBits, 0);
  const __m256 one = _mm256_set1_ps(1);
  const __m256i alphaOne = _mm256_setr_epi32(0, 0, 0, oneBits, 0, 0, 0, oneBits);
  const __m256i alphaLanes = _mm256_setr_epi32(0, 0, 0, -1, 0, 0, 0, -1);
  // In each movemask, bits 0–2 are the first pixel's R, G, B and bits 4–6 the second's.
  __m256i notOne = _mm256_setzero_si256();
  int64_t nonFinite = 0, bright = 0, p = 0;
  for (; p + 2 <= count; p += 2) {
    __m256i bits = _mm256_loadu_si256((const __m256i *)(const void *)(rgba + 4 * p));
    __m256 v = _mm256_castsi256_ps(bits);
    int special = _mm256_movemask_ps(_mm256_castsi256_ps(
        _mm256_cmpeq_epi32(_mm256_and_si256(bits, exponent), exponent)));
    int above = _mm256_movemask_ps(_mm256_cmp_ps(v, one, _CMP_GT_OQ));
    nonFinite += ((special & 0x07) != 0) + ((special & 0x70) != 0);
    bright += ((above & 0x07) != 0) + ((above & 0x70) != 0);
    notOne = _mm256_or_si256(notOne, _mm256_xor_si256(_mm256_and_si256(bits, alphaLanes),
                                                      alphaOne));
  }
  EDRRGBACensus c = {nonFinite, bright, _mm256_testz_si256(notOne, notOne)};
  return census_scalar(rgba, p, count, c);
}
#endif

EDRRGBACensus edr_rgba_census(const float *rgba, int64_t count) {
#if defined(__x86_64__)
  if (edr_kernels_avx2_supported()) return census_avx2(rgba, count);
#endif
  EDRRGBACensus empty = {0, 0, true};
  return census_scalar(rgba, 0, count, empty);
}
