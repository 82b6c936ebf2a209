// The camera and ACES log curves on 8 floats, for the chain (lut_chain_avx2.c): ColorMath's
// FastLogCurve operation for operation (no fused multiply-adds), with fast_log8 (FastLog) and
// exp8 (PolynomialMath) from lut_curves_avx2.h. Lanes outside a segment compute it on a harmless
// argument and are discarded by the selects. Non-finite lanes are escaped by the chain; their
// values here do not matter. Include only from a file compiled for AVX2, after
// lut_curves_avx2.h.
#ifndef EDR_LUT_LOG_CURVES_AVX2_H
#define EDR_LUT_LOG_CURVES_AVX2_H

#include "edr_log_curve.h"
#include "lut_curves_avx2.h"

#pragma clang fp contract(off)

/// A·ln(u) + D.
CURVE_INLINE __m256 log_segment8(const EDRLogCurve *c, __m256 u) {
  return _mm256_add_ps(_mm256_mul_ps(splat(c->logSlope), fast_log8(c->lnCoefficients, u)),
                       splat(c->logOffset));
}

/// B·x + C.
CURVE_INLINE __m256 log_argument8(const EDRLogCurve *c, __m256 x) {
  return _mm256_add_ps(_mm256_mul_ps(splat(c->scale), x), splat(c->offset));
}

/// x < toeFloor ? toeFloor : x.
CURVE_INLINE __m256 log_floor8(const EDRLogCurve *c, __m256 x) {
  __m256 floor = splat(c->toeFloor);
  return pick(_mm256_cmp_ps(x, floor, _CMP_LT_OQ), floor, x);
}

/// FastLogCurve.encode for finite lanes.
CURVE_INLINE __m256 log_encode8(const EDRLogCurve *c, __m256 x) {
  __m256 inLog = _mm256_cmp_ps(x, splat(c->encodeCut), _CMP_GE_OQ);
  if (c->toe == EDR_LOG_TOE_LOGARITHMIC) {
    __m256 toe = _mm256_add_ps(_mm256_mul_ps(splat(c->toeSlope), log_floor8(c, x)),
                               splat(c->toeOffset));
    return log_segment8(c, pick(inLog, log_argument8(c, x), toe));
  }
  __m256 y = log_segment8(c, pick(inLog, log_argument8(c, x), splat(1)));
  __m256 toe;
  if (c->toe == EDR_LOG_TOE_PARABOLA) {
    __m256 d = _mm256_sub_ps(log_floor8(c, x), splat(c->toeOffset));
    toe = _mm256_mul_ps(_mm256_mul_ps(splat(c->toeSlope), d), d);
  } else {
    toe = _mm256_add_ps(_mm256_mul_ps(splat(c->toeSlope), x), splat(c->toeOffset));
  }
  return pick(inLog, y, toe);
}

/// FastLogCurve.exponential: e^((y − D)/A), +∞ where the exponent exceeds 88.
CURVE_INLINE __m256 log_exponential8(const EDRLogCurve *c, __m256 y) {
  __m256 z = _mm256_mul_ps(_mm256_sub_ps(y, splat(c->logOffset)), splat(c->expSlope));
  return pick(_mm256_cmp_ps(z, splat(88), _CMP_GT_OQ), splat(INFINITY), exp8(z));
}

/// FastLogCurve.decode for finite lanes.
CURVE_INLINE __m256 log_decode8(const EDRLogCurve *c, __m256 y) {
  __m256 inLog = _mm256_cmp_ps(y, splat(c->decodeCut), _CMP_GE_OQ);
  __m256 e = log_exponential8(c, y);
  __m256 x = _mm256_div_ps(_mm256_sub_ps(e, splat(c->offset)), splat(c->scale)), toe;
  if (c->toe == EDR_LOG_TOE_LOGARITHMIC) {
    toe = _mm256_div_ps(_mm256_sub_ps(e, splat(c->toeOffset)), splat(c->toeSlope));
  } else if (c->toe == EDR_LOG_TOE_PARABOLA) {
    __m256 zero = _mm256_setzero_ps();
    __m256 t = pick(_mm256_cmp_ps(y, zero, _CMP_LT_OQ), zero, y);
    toe = _mm256_add_ps(_mm256_sqrt_ps(_mm256_div_ps(t, splat(c->toeSlope))),
                        splat(c->toeOffset));
  } else {
    toe = _mm256_div_ps(_mm256_sub_ps(y, splat(c->toeOffset)), splat(c->toeSlope));
  }
  return pick(inLog, x, toe);
}

#endif
