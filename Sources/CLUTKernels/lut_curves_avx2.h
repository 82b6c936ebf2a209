// Transfer curves on 8 floats, for the chain (lut_chain_avx2.c): the algorithms of ColorMath's
// FastPower, FastSDRTransfer, FastPQ and HighlightContinuation's Float h(m), operation for
// operation (no fused multiply-adds), reading ColorMath's own tables with permutes (the small
// ones) or gathers. Include only from a file compiled for AVX2.
#ifndef EDR_LUT_CURVES_AVX2_H
#define EDR_LUT_CURVES_AVX2_H

#include "edr_chain.h"

#include <immintrin.h>
#include <math.h>

#pragma clang fp contract(off)

#define CURVE_INLINE static inline __attribute__((always_inline))

CURVE_INLINE __m256 splat(float x) { return _mm256_set1_ps(x); }

/// Where `mask` is set, `a`; elsewhere `b`.
CURVE_INLINE __m256 pick(__m256 mask, __m256 a, __m256 b) { return _mm256_blendv_ps(b, a, mask); }

CURVE_INLINE __m256 negate(__m256 x) { return _mm256_xor_ps(x, splat(-0.0f)); }

/// A curve on one float with one parameter, for the rare lanes the vector code does not cover.
typedef float (*ScalarCurve)(float x, float parameter);

/// powf for the fallback lanes (±0 gives +0 directly: p > 0 where the chain passes them).
static float scalar_power(float x, float exponent) { return x == 0 ? 0.0f : powf(x, exponent); }

/// logf for the fallback lanes.
static float scalar_log(float x, float unused) {
  (void)unused;
  return logf(x);
}

/// `y` with the lanes whose bit is set in `lanes` replaced by `f(x, parameter)`.
static __m256 scalar_lanes(__m256 x, __m256 y, int lanes, ScalarCurve f, float parameter) {
  float xs[8], ys[8];
  _mm256_storeu_ps(xs, x);
  _mm256_storeu_ps(ys, y);
  for (int k = 0; k < 8; k++) {
    if (lanes >> k & 1) ys[k] = f(xs[k], parameter);
  }
  return _mm256_loadu_ps(ys);
}

/// table[i] and table[i + 1] for each lane, read as one 8-byte gather per lane (half the
/// element loads of two 4-byte gathers).
CURVE_INLINE void gather_pairs(const float *table, __m256i i, __m256 *first, __m256 *second) {
  const double *pairs = (const double *)(const void *)table;
  __m256 lo = _mm256_castpd_ps(_mm256_i32gather_pd(pairs, _mm256_castsi256_si128(i), 4));
  __m256 hi = _mm256_castpd_ps(_mm256_i32gather_pd(pairs, _mm256_extracti128_si256(i, 1), 4));
  // Lanes 0 1 4 5 | 2 3 6 7 after the shuffles; the 64-bit permute puts them in order.
  __m256d a = _mm256_castps_pd(_mm256_shuffle_ps(lo, hi, _MM_SHUFFLE(2, 0, 2, 0)));
  __m256d b = _mm256_castps_pd(_mm256_shuffle_ps(lo, hi, _MM_SHUFFLE(3, 1, 3, 1)));
  *first = _mm256_castpd_ps(_mm256_permute4x64_pd(a, _MM_SHUFFLE(3, 1, 2, 0)));
  *second = _mm256_castpd_ps(_mm256_permute4x64_pd(b, _MM_SHUFFLE(3, 1, 2, 0)));
}

/// ColorMath's MantissaPolynomials per lane: q_j(t) from the coefficients c (coefficient k of
/// eighth j at c[8k + j]), j the mantissa's top 3 bits (vpermps reads the low 3 bits of each
/// index), t the other 20 over 2^20.
CURVE_INLINE __m256 mantissa_polynomial8(const float *c, __m256i bits) {
  __m256i eighth = _mm256_srli_epi32(bits, 20);
  __m256 t = _mm256_mul_ps(_mm256_cvtepi32_ps(_mm256_and_si256(bits, _mm256_set1_epi32(0xFFFFF))),
                           splat(1.0f / (1 << 20)));
  __m256 q = _mm256_permutevar8x32_ps(_mm256_loadu_ps(c + 32), eighth);
  for (int k = 3; k >= 0; k--) {
    __m256 coefficient = _mm256_permutevar8x32_ps(_mm256_loadu_ps(c + 8 * k), eighth);
    q = _mm256_add_ps(_mm256_mul_ps(q, t), coefficient);
  }
  return q;
}

/// The 16 scales most inputs need, read from two registers instead of a gather: indices
/// 112…127, inputs in [2⁻¹⁴, 4).
#define POWER_WINDOW_START 112

/// FastPower: x = 2^e·m ↦ scales[e] · q(m). Zero, subnormal, negative, infinite and NaN lanes
/// take powf (scalar_power).
CURVE_INLINE __m256 power8(const EDRPowerTable *table, __m256 x) {
  __m256i bits = _mm256_castps_si256(x);
  __m256 q = mantissa_polynomial8(table->coefficients, bits);
  __m256i e = _mm256_sub_epi32(_mm256_srli_epi32(bits, 23), _mm256_set1_epi32(1));
  __m256i w = _mm256_sub_epi32(e, _mm256_set1_epi32(POWER_WINDOW_START));
  __m256i inside = _mm256_cmpeq_epi32(_mm256_min_epu32(w, _mm256_set1_epi32(15)), w);
  if (__builtin_expect(_mm256_movemask_ps(_mm256_castsi256_ps(inside)) == 0xFF, 1)) {
    const float *window = table->scales + POWER_WINDOW_START;
    __m256 low = _mm256_permutevar8x32_ps(_mm256_loadu_ps(window), w);
    __m256 high = _mm256_permutevar8x32_ps(_mm256_loadu_ps(window + 8), w);
    // Bit 3 of w (moved to the sign bit) chooses the upper eight.
    __m256 scale = _mm256_blendv_ps(low, high, _mm256_castsi256_ps(_mm256_slli_epi32(w, 28)));
    return _mm256_mul_ps(scale, q);
  }
  __m256i bad = _mm256_or_si256(_mm256_cmpgt_epi32(_mm256_setzero_si256(), e),
                                _mm256_cmpgt_epi32(e, _mm256_set1_epi32(253)));
  e = _mm256_min_epi32(_mm256_max_epi32(e, _mm256_setzero_si256()), _mm256_set1_epi32(253));
  __m256 y = _mm256_mul_ps(_mm256_i32gather_ps(table->scales, e, 4), q);
  int fallback = _mm256_movemask_ps(_mm256_castsi256_ps(bad));
  if (__builtin_expect(fallback != 0, 0)) {
    y = scalar_lanes(x, y, fallback, scalar_power, table->exponent);
  }
  return y;
}

/// FastSDRTransfer.encode: `x < 0 ? −f(−x) : f(x)` with f = sRGB's or the 2.4 power's
/// inverse.
CURVE_INLINE __m256 sdr_encode8(const EDRPowerTable *table, bool srgb, __m256 x) {
  __m256 negative = _mm256_cmp_ps(x, _mm256_setzero_ps(), _CMP_LT_OQ);
  __m256 a = pick(negative, negate(x), x), y;
  if (srgb) {
    __m256 small = _mm256_cmp_ps(a, splat(0.0031308f), _CMP_LE_OQ);
    __m256 p = power8(table, pick(small, splat(1), a));
    y = pick(small, _mm256_mul_ps(splat(12.92f), a),
             _mm256_sub_ps(_mm256_mul_ps(splat(1.055f), p), splat(0.055f)));
  } else {
    y = power8(table, a);
  }
  return pick(negative, negate(y), y);
}

/// FastSDRTransfer.decode.
CURVE_INLINE __m256 sdr_decode8(const EDRPowerTable *table, bool srgb, __m256 x) {
  __m256 negative = _mm256_cmp_ps(x, _mm256_setzero_ps(), _CMP_LT_OQ);
  __m256 a = pick(negative, negate(x), x), y;
  if (srgb) {
    __m256 small = _mm256_cmp_ps(a, splat(0.04045f), _CMP_LE_OQ);
    __m256 shifted = _mm256_div_ps(_mm256_add_ps(a, splat(0.055f)), splat(1.055f));
    __m256 p = power8(table, pick(small, splat(1), shifted));
    y = pick(small, _mm256_div_ps(a, splat(12.92f)), p);
  } else {
    y = power8(table, a);
  }
  return pick(negative, negate(y), y);
}

/// FastPQ.inverseEOTF for nits in [0, 10000]: 0 gives `zeroSignal`; lanes below the table
/// (0 < nits < 2⁻⁴⁰) are marked in `*escape`.
CURVE_INLINE __m256 pq_inverse8(const EDRPQTables *pq, __m256 nits, __m256 *escape) {
  __m256i bits = _mm256_castps_si256(nits);
  __m256i octave = _mm256_sub_epi32(_mm256_srli_epi32(bits, 23), _mm256_set1_epi32(127 - 40));
  __m256i mantissa = _mm256_and_si256(bits, _mm256_set1_epi32(0x7FFFFF));
  __m256i outside = _mm256_or_si256(_mm256_cmpgt_epi32(_mm256_setzero_si256(), octave),
                                    _mm256_cmpgt_epi32(octave, _mm256_set1_epi32(53)));
  __m256i i = _mm256_add_epi32(_mm256_mullo_epi32(octave, _mm256_set1_epi32(257)),
                               _mm256_srli_epi32(mantissa, 15));
  i = _mm256_andnot_si256(outside, i);
  __m256 t = _mm256_mul_ps(
      _mm256_cvtepi32_ps(_mm256_and_si256(mantissa, _mm256_set1_epi32(0x7FFF))),
      splat(1.0f / 32768));
  __m256 low, high;
  gather_pairs(pq->inverse, i, &low, &high);
  __m256 y = _mm256_add_ps(low, _mm256_mul_ps(_mm256_sub_ps(high, low), t));
  __m256 zero = _mm256_cmp_ps(nits, _mm256_setzero_ps(), _CMP_EQ_OQ);
  y = pick(zero, splat(pq->zeroSignal), y);
  *escape = _mm256_or_ps(*escape, _mm256_andnot_ps(zero, _mm256_castsi256_ps(outside)));
  return y;
}

/// FastPQ's root step in double on four lanes: p from the root tables, then the ratio
/// (p − c1)/(c2 − c3·p) rounded to float (c2 − c3·p > 0 for p ≤ 1, so the ratio is positive
/// exactly where FastPQ's numerator is).
CURVE_INLINE __m128 pq_ratio4(const EDRPQTables *pq, __m128i i, __m128i e, __m128i low) {
  __m256d m0 = _mm256_i32gather_pd(pq->rootMantissas, i, 8);
  __m256d m1 = _mm256_i32gather_pd(pq->rootMantissas + 1, i, 8);
  __m256d scale = _mm256_i32gather_pd(pq->rootScales, e, 8);
  __m256d t = _mm256_mul_pd(_mm256_cvtepi32_pd(low), _mm256_set1_pd(1.0 / 8192));
  __m256d p = _mm256_mul_pd(scale, _mm256_add_pd(m0, _mm256_mul_pd(_mm256_sub_pd(m1, m0), t)));
  __m256d numerator = _mm256_sub_pd(p, _mm256_set1_pd(pq->c1));
  __m256d denominator = _mm256_sub_pd(_mm256_set1_pd(pq->c2),
                                      _mm256_mul_pd(_mm256_set1_pd(pq->c3), p));
  return _mm256_cvtpd_ps(_mm256_div_pd(numerator, denominator));
}

/// FastPQ.eotf for signals in [0, 1]: 0 where the numerator is not positive (a ratio that
/// rounds to 0 gives 0 there too) and for zero and subnormal signals, as the exact path does.
CURVE_INLINE __m256 pq_eotf8(const EDRPQTables *pq, __m256 signal) {
  __m256i bits = _mm256_castps_si256(signal);
  __m256i field = _mm256_srli_epi32(bits, 23);
  __m256i mantissa = _mm256_and_si256(bits, _mm256_set1_epi32(0x7FFFFF));
  __m256i i = _mm256_srli_epi32(mantissa, 13);
  __m256i low = _mm256_and_si256(mantissa, _mm256_set1_epi32(0x1FFF));
  __m256i e = _mm256_max_epi32(_mm256_sub_epi32(field, _mm256_set1_epi32(1)),
                               _mm256_setzero_si256());
  __m128 r0 = pq_ratio4(pq, _mm256_castsi256_si128(i), _mm256_castsi256_si128(e),
                        _mm256_castsi256_si128(low));
  __m128 r1 = pq_ratio4(pq, _mm256_extracti128_si256(i, 1), _mm256_extracti128_si256(e, 1),
                        _mm256_extracti128_si256(low, 1));
  __m256 ratio = _mm256_set_m128(r1, r0);
  __m256 keep = _mm256_andnot_ps(
      _mm256_castsi256_ps(_mm256_cmpeq_epi32(field, _mm256_setzero_si256())),
      _mm256_cmp_ps(ratio, _mm256_setzero_ps(), _CMP_GT_OQ));
  ratio = pick(keep, ratio, splat(1));
  __m256 y = _mm256_mul_ps(splat(pq->peak), power8(&pq->ratioPower, ratio));
  return _mm256_and_ps(y, keep);
}

/// PolynomialMath.exp: Cephes' expf polynomial, x clamped to [−87, 88].
CURVE_INLINE __m256 exp8(__m256 x) {
  x = _mm256_min_ps(_mm256_max_ps(x, splat(-87)), splat(88));
  __m256 shift = splat(12582912);
  __m256 n = _mm256_sub_ps(_mm256_add_ps(_mm256_mul_ps(x, splat(1.44269504088896341f)), shift),
                           shift);
  __m256 r = _mm256_sub_ps(x, _mm256_mul_ps(n, splat(0.693359375f)));
  r = _mm256_sub_ps(r, _mm256_mul_ps(n, splat(-2.12194440e-4f)));
  static const float c[6] = {1.9875691500e-4f, 1.3981999507e-3f, 8.3334519073e-3f,
                             4.1665795894e-2f, 1.6666665459e-1f, 5.0000001201e-1f};
  __m256 p = splat(c[0]);
  for (int k = 1; k < 6; k++) p = _mm256_add_ps(_mm256_mul_ps(p, r), splat(c[k]));
  __m256 y = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(p, _mm256_mul_ps(r, r)), r), splat(1));
  __m256i exponent = _mm256_slli_epi32(
      _mm256_add_epi32(_mm256_cvtps_epi32(n), _mm256_set1_epi32(127)), 23);
  return _mm256_mul_ps(y, _mm256_castsi256_ps(exponent));
}

/// FastLog: x = 2^e·m ↦ e·ln 2 + q(m) for positive normal finite lanes, logf for the others.
CURVE_INLINE __m256 fast_log8(const float *coefficients, __m256 x) {
  __m256i bits = _mm256_castps_si256(x);
  __m256i field = _mm256_srli_epi32(bits, 23);
  __m256 e = _mm256_cvtepi32_ps(_mm256_sub_epi32(field, _mm256_set1_epi32(127)));
  __m256 y = _mm256_add_ps(_mm256_mul_ps(e, splat(0.69314718f)),
                           mantissa_polynomial8(coefficients, bits));
  __m256i bad = _mm256_or_si256(_mm256_cmpeq_epi32(field, _mm256_setzero_si256()),
                                _mm256_cmpgt_epi32(field, _mm256_set1_epi32(254)));
  int fallback = _mm256_movemask_ps(_mm256_castsi256_ps(bad));
  if (__builtin_expect(fallback != 0, 0)) y = scalar_lanes(x, y, fallback, scalar_log, 0);
  return y;
}

// MARK: - HLG (FastHLG)

CURVE_INLINE __m256 hlg_luminance8(const EDRHLGTables *h, __m256 r, __m256 g, __m256 b) {
  __m256 s = _mm256_add_ps(_mm256_mul_ps(splat(h->weights[0]), r),
                           _mm256_mul_ps(splat(h->weights[1]), g));
  return _mm256_add_ps(s, _mm256_mul_ps(splat(h->weights[2]), b));
}

/// FastHLG.oetf for finite e: 0 for e ≤ 0, √(3e) up to 1/12, a·ln(12e − b) + c above.
CURVE_INLINE __m256 hlg_oetf8(const EDRHLGTables *h, __m256 e) {
  __m256 positive = _mm256_cmp_ps(e, _mm256_setzero_ps(), _CMP_GT_OQ);
  __m256 small = _mm256_cmp_ps(e, splat(1.0f / 12), _CMP_LE_OQ);
  __m256 root = _mm256_sqrt_ps(_mm256_mul_ps(splat(3), e));
  __m256 argument = pick(small, splat(1), _mm256_sub_ps(_mm256_mul_ps(splat(12), e), splat(h->b)));
  __m256 logarithmic =
      _mm256_add_ps(_mm256_mul_ps(splat(h->a), fast_log8(h->lnCoefficients, argument)),
                    splat(h->c));
  return _mm256_and_ps(pick(small, root, logarithmic), positive);
}

/// FastHLG.inverseOETF for finite s: 0 for s ≤ 0, s²/3 up to 1/2, (e^((s − c)/a) + b)/12 above.
CURVE_INLINE __m256 hlg_inverse_oetf8(const EDRHLGTables *h, __m256 s) {
  __m256 positive = _mm256_cmp_ps(s, _mm256_setzero_ps(), _CMP_GT_OQ);
  __m256 small = _mm256_cmp_ps(s, splat(0.5f), _CMP_LE_OQ);
  __m256 square = _mm256_div_ps(_mm256_mul_ps(s, s), splat(3));
  __m256 x = _mm256_div_ps(_mm256_sub_ps(s, splat(h->c)), splat(h->a));
  __m256 exponential = _mm256_div_ps(_mm256_add_ps(exp8(x), splat(h->b)), splat(12));
  return _mm256_and_ps(pick(small, square, exponential), positive);
}

/// FastHLG.eotf on signals in [0, 1]: display light in cd/m².
CURVE_INLINE void hlg_eotf8(const EDRHLGTables *h, __m256 *r, __m256 *g, __m256 *b) {
  __m256 *c[3] = {r, g, b};
  for (int k = 0; k < 3; k++) {
    __m256 t = _mm256_add_ps(_mm256_mul_ps(splat(1 - h->beta), *c[k]), splat(h->beta));
    *c[k] = hlg_inverse_oetf8(h, _mm256_max_ps(t, _mm256_setzero_ps()));
  }
  __m256 ys = hlg_luminance8(h, *r, *g, *b);
  __m256 positive = _mm256_cmp_ps(ys, _mm256_setzero_ps(), _CMP_GT_OQ);
  __m256 f = _mm256_mul_ps(splat(h->peak), power8(&h->ootfPower, pick(positive, ys, splat(1))));
  for (int k = 0; k < 3; k++) *c[k] = _mm256_and_ps(_mm256_mul_ps(*c[k], f), positive);
}

/// FastHLG.inverseEOTF on finite non-negative display light: signals.
CURVE_INLINE void hlg_inverse_eotf8(const EDRHLGTables *h, __m256 *r, __m256 *g, __m256 *b) {
  __m256 yd = hlg_luminance8(h, *r, *g, *b);
  __m256 positive = _mm256_cmp_ps(yd, _mm256_setzero_ps(), _CMP_GT_OQ);
  __m256 relative = pick(positive, _mm256_div_ps(yd, splat(h->peak)), splat(1));
  __m256 f = _mm256_div_ps(power8(&h->inverseOOTFPower, relative), splat(h->peak));
  __m256 *c[3] = {r, g, b};
  for (int k = 0; k < 3; k++) {
    __m256 scene = _mm256_and_ps(_mm256_mul_ps(*c[k], f), positive);
    *c[k] = _mm256_div_ps(_mm256_sub_ps(hlg_oetf8(h, scene), splat(h->beta)),
                          splat(1 - h->beta));
  }
}

/// HighlightContinuation.scale(float:) for m > 1:
/// m − risingFactor·(1 − e^((1 − m)·inverseBend)).
CURVE_INLINE __m256 rising8(const EDRChain *chain, __m256 m) {
  __m256 x = _mm256_mul_ps(_mm256_sub_ps(splat(1), m), splat(chain->inverseBend));
  __m256 e = exp8(x);
  return _mm256_sub_ps(m, _mm256_mul_ps(splat(chain->risingFactor),
                                        _mm256_sub_ps(splat(1), e)));
}

#endif
