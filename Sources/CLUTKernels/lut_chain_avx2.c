// The chain's pre- and post-pass (edr_chain.h) on blocks of 8 pixels in structure-of-arrays
// form, natural lane order. Each mirrors EDRPipeline's CubeApplication.prepare / finish step by
// step; the last 1–7 pixels go through an 8-pixel scratch block with the same code.
#include "edr_chain.h"
#include "edr_lut_kernels.h"

#if defined(__x86_64__)

#pragma clang attribute push(__attribute__((target("avx2,fma"))), apply_to = function)

#include "lut_curves_avx2.h"
#include "lut_log_curves_avx2.h"

#include <string.h>

#define CHAIN_BLOCK 8

/// Eight pixels' R, G, B and 4th float (0 where the pixels have three).
typedef struct Pixels8 {
  __m256 r, g, b, a;
} Pixels8;

/// Pixels p…p + 7 of `channels` floats each.
CURVE_INLINE Pixels8 load8(const float *p, int64_t channels) {
  Pixels8 x;
  if (channels == 4) {
    __m256 m0 = _mm256_loadu2_m128(p + 16, p), m1 = _mm256_loadu2_m128(p + 20, p + 4);
    __m256 m2 = _mm256_loadu2_m128(p + 24, p + 8), m3 = _mm256_loadu2_m128(p + 28, p + 12);
    __m256 t0 = _mm256_unpacklo_ps(m0, m1), t1 = _mm256_unpackhi_ps(m0, m1);
    __m256 t2 = _mm256_unpacklo_ps(m2, m3), t3 = _mm256_unpackhi_ps(m2, m3);
    x.r = _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(1, 0, 1, 0));
    x.g = _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(3, 2, 3, 2));
    x.b = _mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(1, 0, 1, 0));
    x.a = _mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(3, 2, 3, 2));
  } else {
    __m256i index = _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
                                       _mm256_set1_epi32((int32_t)channels));
    x.r = _mm256_i32gather_ps(p, index, 4);
    x.g = _mm256_i32gather_ps(p + 1, index, 4);
    x.b = _mm256_i32gather_ps(p + 2, index, 4);
    x.a = _mm256_setzero_ps();
  }
  return x;
}

/// Writes R, G, B (and with 4 channels the 4th float, `x.a`) of the pixels whose bit is set
/// in `write` (all 8: 0xFF).
CURVE_INLINE void store8(float *p, int64_t channels, Pixels8 x, int write) {
  if (channels == 4 && write == 0xFF) {
    __m256 t0 = _mm256_unpacklo_ps(x.r, x.g), t1 = _mm256_unpackhi_ps(x.r, x.g);
    __m256 t2 = _mm256_unpacklo_ps(x.b, x.a), t3 = _mm256_unpackhi_ps(x.b, x.a);
    _mm256_storeu2_m128(p + 16, p, _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(1, 0, 1, 0)));
    _mm256_storeu2_m128(p + 20, p + 4, _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(3, 2, 3, 2)));
    _mm256_storeu2_m128(p + 24, p + 8, _mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(1, 0, 1, 0)));
    _mm256_storeu2_m128(p + 28, p + 12, _mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(3, 2, 3, 2)));
    return;
  }
  float r[CHAIN_BLOCK], g[CHAIN_BLOCK], b[CHAIN_BLOCK];
  _mm256_storeu_ps(r, x.r), _mm256_storeu_ps(g, x.g), _mm256_storeu_ps(b, x.b);
  for (int i = 0; i < CHAIN_BLOCK; i++) {
    if (!(write >> i & 1)) continue;
    float *o = p + i * channels;
    o[0] = r[i], o[1] = g[i], o[2] = b[i];
  }
}

/// The row-major matrix m times (r, g, b): each row's products summed left to right.
CURVE_INLINE Pixels8 matrix8(const float m[9], Pixels8 x) {
  __m256 out[3];
  for (int k = 0; k < 3; k++) {
    __m256 s = _mm256_add_ps(_mm256_mul_ps(splat(m[3 * k]), x.r),
                             _mm256_mul_ps(splat(m[3 * k + 1]), x.g));
    out[k] = _mm256_add_ps(s, _mm256_mul_ps(splat(m[3 * k + 2]), x.b));
  }
  x.r = out[0], x.g = out[1], x.b = out[2];
  return x;
}

/// Lanes with a NaN or ±∞ channel (x·0 is NaN exactly for those).
CURVE_INLINE __m256 non_finite8(Pixels8 x) {
  __m256 zero = _mm256_setzero_ps();
  __m256 s = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(x.r, zero), _mm256_mul_ps(x.g, zero)),
                           _mm256_mul_ps(x.b, zero));
  return _mm256_cmp_ps(s, s, _CMP_UNORD_Q);
}

CURVE_INLINE const EDRPowerTable *encoder(const EDRChain *chain, int32_t curve) {
  return curve == EDR_CHAIN_SRGB ? &chain->srgbEncode : &chain->bt1886Encode;
}

CURVE_INLINE const EDRPowerTable *decoder(const EDRChain *chain, int32_t curve) {
  return curve == EDR_CHAIN_SRGB ? &chain->srgbDecode : &chain->bt1886Decode;
}

/// Per channel f.
#define MAP3(x, f) ((x).r = f((x).r), (x).g = f((x).g), (x).b = f((x).b))

// MARK: - Pre-pass

/// CubeApplication.prepare on 8 pixels: the signals (4th lane 0) and divisors (NaN: escape).
CURVE_INLINE void prepare8(const EDRChain *chain, Pixels8 x, float *signals, float *divisors) {
  const EDRPowerTable *srgbDecode = &chain->srgbDecode;
#define WORKING_DECODE(v) sdr_decode8(srgbDecode, true, v)
  if (chain->workingSRGB) MAP3(x, WORKING_DECODE);
  if (chain->hasToCube) x = matrix8(chain->toCube, x);
  __m256 escape = non_finite8(x), divisor = splat(1);
  int32_t curve = chain->input;
  if (curve == EDR_CHAIN_SRGB || curve == EDR_CHAIN_BT1886) {
    if (chain->scale != EDR_CHAIN_SCALE_NONE) {
      __m256 m = _mm256_max_ps(_mm256_max_ps(x.r, x.g), x.b);
      __m256 divide = _mm256_cmp_ps(m, splat(1), _CMP_GT_OQ);
      if (_mm256_movemask_ps(divide)) {
        x.r = pick(divide, _mm256_div_ps(x.r, m), x.r);
        x.g = pick(divide, _mm256_div_ps(x.g, m), x.g);
        x.b = pick(divide, _mm256_div_ps(x.b, m), x.b);
        divisor = pick(divide, m, divisor);
      }
    }
    const EDRPowerTable *table = encoder(chain, curve);
    bool srgb = curve == EDR_CHAIN_SRGB;
#define CUBE_ENCODE(v) sdr_encode8(table, srgb, v)
    MAP3(x, CUBE_ENCODE);
  } else if (curve == EDR_CHAIN_PQ) {
    __m256 white = splat(chain->referenceWhite), lo = _mm256_setzero_ps(), hi = splat(10000);
#define PQ_ENCODE(v) \
  pq_inverse8(&chain->pq, _mm256_min_ps(_mm256_max_ps(_mm256_mul_ps(v, white), lo), hi), &escape)
    MAP3(x, PQ_ENCODE);
  } else if (curve == EDR_CHAIN_HLG) {
    __m256 white = splat(chain->referenceWhite), zero = _mm256_setzero_ps(), one = splat(1);
    Pixels8 display = {_mm256_max_ps(_mm256_mul_ps(x.r, white), zero),
                       _mm256_max_ps(_mm256_mul_ps(x.g, white), zero),
                       _mm256_max_ps(_mm256_mul_ps(x.b, white), zero), zero};
    escape = _mm256_or_ps(escape, non_finite8(display));
    hlg_inverse_eotf8(&chain->hlg, &display.r, &display.g, &display.b);
#define UNIT_CLAMP(v) _mm256_min_ps(_mm256_max_ps(v, zero), one)
    x = display;
    MAP3(x, UNIT_CLAMP);
  } else if (curve == EDR_CHAIN_LOG) {
#define LOG_ENCODE(v) log_encode8(&chain->inputLog, v)
    MAP3(x, LOG_ENCODE);
  }
  x.a = _mm256_setzero_ps();
  store8(signals, 4, x, 0xFF);
  _mm256_storeu_ps(divisors, pick(escape, splat(NAN), divisor));
}

void edr_chain_prepare(const EDRChain *chain, const float *pixels, int64_t channels,
                       int64_t count, float *signals, float *divisors) {
  int64_t p = 0;
  for (; p + CHAIN_BLOCK <= count; p += CHAIN_BLOCK) {
    prepare8(chain, load8(pixels + p * channels, channels), signals + 4 * p, divisors + p);
  }
  if (p == count) return;
  float block[4 * CHAIN_BLOCK] = {0};
  for (int64_t i = 0; p + i < count; i++) memcpy(block + 4 * i, pixels + (p + i) * channels, 12);
  prepare8(chain, load8(block, 4), signals + 4 * p, divisors + p);
}

// MARK: - Post-pass

/// CubeApplication.decode for the output curve.
CURVE_INLINE Pixels8 decode8(const EDRChain *chain, Pixels8 x) {
  int32_t curve = chain->output;
  if (curve == EDR_CHAIN_SRGB || curve == EDR_CHAIN_BT1886) {
    const EDRPowerTable *table = decoder(chain, curve);
    bool srgb = curve == EDR_CHAIN_SRGB;
#define CUBE_DECODE(v) sdr_decode8(table, srgb, v)
    MAP3(x, CUBE_DECODE);
  } else if (curve == EDR_CHAIN_PQ) {
    __m256 white = splat(chain->outputReferenceWhite), lo = _mm256_setzero_ps(), hi = splat(1);
#define PQ_DECODE(v) \
  _mm256_div_ps(pq_eotf8(&chain->pq, _mm256_min_ps(_mm256_max_ps(v, lo), hi)), white)
    MAP3(x, PQ_DECODE);
  } else if (curve == EDR_CHAIN_HLG) {
    __m256 white = splat(chain->outputReferenceWhite), zero = _mm256_setzero_ps(), one = splat(1);
    MAP3(x, UNIT_CLAMP);
    hlg_eotf8(&chain->hlg, &x.r, &x.g, &x.b);
#define BY_WHITE(v) _mm256_div_ps(v, white)
    MAP3(x, BY_WHITE);
  } else if (curve == EDR_CHAIN_LOG) {
#define LOG_DECODE(v) log_decode8(&chain->outputLog, v)
    MAP3(x, LOG_DECODE);
  }
  return x;
}

/// CubeApplication.finish on 8 pixels at `pixels`; returns the lanes to escape, as bits.
CURVE_INLINE int finish8(const EDRChain *chain, float *pixels, int64_t channels,
                         const float *signals, const float *divisors) {
  Pixels8 x = load8(signals, 4);
  __m256 m = _mm256_loadu_ps(divisors);
  int escape = _mm256_movemask_ps(_mm256_or_ps(non_finite8(x), _mm256_cmp_ps(m, m, _CMP_UNORD_Q)));
  x = decode8(chain, x);
  __m256 scaled = _mm256_cmp_ps(m, splat(1), _CMP_GT_OQ);
  if (_mm256_movemask_ps(scaled)) {
    __m256 s = chain->scale == EDR_CHAIN_SCALE_RISING ? rising8(chain, m) : m;
    s = pick(scaled, s, splat(1));
    x.r = pick(scaled, _mm256_mul_ps(x.r, s), x.r);
    x.g = pick(scaled, _mm256_mul_ps(x.g, s), x.g);
    x.b = pick(scaled, _mm256_mul_ps(x.b, s), x.b);
  }
  if (chain->hasFromCube) x = matrix8(chain->fromCube, x);
  const EDRPowerTable *srgbEncode = &chain->srgbEncode;
#define WORKING_ENCODE(v) sdr_encode8(srgbEncode, true, v)
  if (chain->workingSRGB) MAP3(x, WORKING_ENCODE);
  if (channels == 4) x.a = load8(pixels, 4).a;
  store8(pixels, channels, x, ~escape & 0xFF);
  return escape;
}

int64_t edr_chain_finish(const EDRChain *chain, float *pixels, int64_t channels, int64_t count,
                         const float *signals, const float *divisors, int32_t *escaped) {
  int64_t p = 0, n = 0;
  int escape;
  for (; p + CHAIN_BLOCK <= count; p += CHAIN_BLOCK) {
    escape = finish8(chain, pixels + p * channels, channels, signals + 4 * p, divisors + p);
    for (; escape; escape &= escape - 1) escaped[n++] = (int32_t)(p + __builtin_ctz(escape));
  }
  if (p == count) return n;
  float block[4 * CHAIN_BLOCK] = {0};
  for (int64_t i = 0; p + i < count; i++) memcpy(block + 4 * i, pixels + (p + i) * channels, 12);
  escape = finish8(chain, block, 4, signals + 4 * p, divisors + p);
  for (int64_t i = 0; p + i < count; i++) {
    if (escape >> i & 1) {
      escaped[n++] = (int32_t)(p + i);
    } else {
      memcpy(pixels + (p + i) * channels, block + 4 * i, 12);
    }
  }
  return n;
}

bool edr_chain_available(void) { return edr_kernels_avx2_supported(); }

#pragma clang attribute pop

#else

bool edr_chain_available(void) { return false; }

void edr_chain_prepare(const EDRChain *chain, const float *pixels, int64_t channels,
                       int64_t count, float *signals, float *divisors) {}

int64_t edr_chain_finish(const EDRChain *chain, float *pixels, int64_t channels, int64_t count,
                         const float *signals, const float *divisors, int32_t *escaped) {
  return 0;
}

#endif
