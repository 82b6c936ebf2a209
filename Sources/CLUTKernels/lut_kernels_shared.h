// Building blocks shared by the SSE2 and AVX2 kernels: one pixel's R, G, B in the first three
// lanes of an SSE vector, every table node one 16-byte load (nodes are padded to 4 floats).
// Every formula mirrors LUTEngine's ReferenceKernel operation for operation (same products,
// same summation order, fused multiply-adds exactly where it fuses: the trilinear blends),
// which is what makes the results equal. The file including this defines EDR_HAVE_FMA when
// its functions are compiled for CPUs with FMA; otherwise the fused multiply-add is emulated.
#ifndef EDR_LUT_KERNELS_SHARED_H
#define EDR_LUT_KERNELS_SHARED_H

#include "edr_lut_kernels.h"

#include <emmintrin.h>
#include <float.h>
#include <math.h>

#pragma clang fp contract(off)

#define EDR_INLINE static inline __attribute__((always_inline))

/// Lane k of v in every lane.
#define LANE(v, k) _mm_shuffle_ps((v), (v), _MM_SHUFFLE(k, k, k, k))
/// Lane k of an integer vector, widened.
#define LANE_INT(v, k) ((int64_t)_mm_cvtsi128_si32(_mm_shuffle_epi32((v), (k))))

/// min(max(x, lower), upper): ReferenceKernel's scalar clamp, for finite values.
EDR_INLINE __m128 clamp_ps(__m128 x, __m128 lower, __m128 upper) {
  return _mm_min_ps(_mm_max_ps(x, lower), upper);
}

/// Pixel p's (r, g, b, ·). `packed`: green and blue follow red and a pixel holds at least 4
/// floats, so one unaligned load reads it; lane 3 (the float after blue) is then read and
/// ignored (it never reaches a store, an index or a test). That float may lie past the
/// caller's buffer after its last pixel, so the loops read a run's last pixel unpacked.
EDR_INLINE __m128 load_pixel(EDRPixels px, int64_t p, bool packed) {
  int64_t o = p * px.stride;
  if (packed) return _mm_loadu_ps(px.red + o);
  __m128 rg = _mm_unpacklo_ps(_mm_load_ss(px.red + o), _mm_load_ss(px.green + o));
  return _mm_movelh_ps(rg, _mm_load_ss(px.blue + o));
}

/// Writes the first three lanes of `v` to pixel p; nothing else of the pixel is written.
EDR_INLINE void store_pixel(EDRPixels px, int64_t p, __m128 v, bool packed) {
  int64_t o = p * px.stride;
  if (packed) {
    _mm_storel_pi((__m64 *)(px.red + o), v);
  } else {
    _mm_store_ss(px.red + o, v);
    _mm_store_ss(px.green + o, LANE(v, 1));
  }
  _mm_store_ss(px.blue + o, _mm_movehl_ps(v, v));
}

/// The lanes 0–2 of x that are NaN or ±∞, as bits.
EDR_INLINE int non_finite_bits(__m128 x) {
  __m128 z = _mm_mul_ps(x, _mm_setzero_ps());
  return _mm_movemask_ps(_mm_cmpunord_ps(z, z)) & 7;
}

/// Position of one non-finite value: NaN and −∞ go to node 0, +∞ to the last node (inside the
/// domain, so that channel is not extrapolated). Finite values keep `t`.
EDR_INLINE float resolve_position(float x, float t, float last) {
  if (isnan(x) || x == -INFINITY) return 0;
  if (x == INFINITY) return last;
  return t;
}

/// Continuous node positions of `x` on `axis`, clamped to [0, last] unless `linear`.
EDR_INLINE __m128 positions(const EDRAxis *axis, __m128 x, bool linear) {
  __m128 last = _mm_set1_ps(axis->last);
  __m128 t = _mm_mul_ps(_mm_sub_ps(x, _mm_loadu_ps(axis->lo)), _mm_loadu_ps(axis->scale));
  if (!linear) t = clamp_ps(t, _mm_setzero_ps(), last);
  if (__builtin_expect(non_finite_bits(x) != 0, 0)) {
    float xs[4], ts[4];
    _mm_storeu_ps(xs, x);
    _mm_storeu_ps(ts, t);
    for (int k = 0; k < 3; k++) ts[k] = resolve_position(xs[k], ts[k], axis->last);
    t = _mm_loadu_ps(ts);
  }
  return t;
}

/// The cells holding positions `t` (clamp(floor(t), 0, lastCell)) and the fractions t − cell.
EDR_INLINE __m128i cells(const EDRAxis *axis, __m128 t, __m128 *fraction) {
  __m128i cell = _mm_cvttps_epi32(clamp_ps(t, _mm_setzero_ps(), _mm_set1_ps(axis->lastCell)));
  *fraction = _mm_sub_ps(t, _mm_cvtepi32_ps(cell));
  return cell;
}

/// The shaper stage on one pixel: per channel v0 + f·(v1 − v0) (Table1DKernel).
EDR_INLINE __m128 shaper_pixel(const EDRTable1D *table, __m128 x, bool linear) {
  __m128 f;
  __m128i cell = cells(&table->axis, positions(&table->axis, x, linear), &f);
  const float *v = table->values;
  int64_t r = 3 * LANE_INT(cell, 0), g = 3 * LANE_INT(cell, 1) + 1, b = 3 * LANE_INT(cell, 2) + 2;
  __m128 v0 = _mm_movelh_ps(_mm_unpacklo_ps(_mm_load_ss(v + r), _mm_load_ss(v + g)),
                            _mm_load_ss(v + b));
  __m128 v1 = _mm_movelh_ps(_mm_unpacklo_ps(_mm_load_ss(v + r + 3), _mm_load_ss(v + g + 3)),
                            _mm_load_ss(v + b + 3));
  return _mm_add_ps(v0, _mm_mul_ps(f, _mm_sub_ps(v1, v0)));
}

// MARK: - Tetrahedral

/// The tetrahedral blend at cell origin `p`: C000·w0 + CA·w1 + CB·w2 + C111·w3, summed left to
/// right, with w = (1 − w1, w1 − w2, w2 − w3, w3) for the sorted fractions w1 ≥ w2 ≥ w3.
EDR_INLINE __m128 tetrahedral_blend(const float *p, int64_t a, int64_t b, int64_t last,
                                    __m128 w0, __m128 w1, __m128 w2, __m128 w3) {
  __m128 sum = _mm_add_ps(_mm_mul_ps(_mm_loadu_ps(p), w0), _mm_mul_ps(_mm_loadu_ps(p + a), w1));
  sum = _mm_add_ps(sum, _mm_mul_ps(_mm_loadu_ps(p + b), w2));
  return _mm_add_ps(sum, _mm_mul_ps(_mm_loadu_ps(p + last), w3));
}

// MARK: - Trilinear

/// Defines, for the vector type V (__m128: one pixel; __m256: two pixels, one per half) and
/// its fused multiply-add MADD(a, b, c) = a·b + c rounded once (as ReferenceKernel blends),
/// `NAME##Cell` and two functions computing ReferenceKernel.trilinear with V's operators:
/// `NAME##_cell(c, r, g, b)` from the corners c = (C000, C100, C010, C110, C001, C101, C011,
/// C111) at fractions r, g, b (broadcast): nested blends a + f·(b − a), red, then green, then
/// blue, keeping the differences the partial derivatives are made of; `NAME##_step(cell, g, b,
/// dr, dg, db)`: δr·∂r + δg·∂g + δb·∂b in ReferenceKernel's order.
#define EDR_DEFINE_TRILINEAR(V, NAME, MADD)                                                   \
  typedef struct NAME##Cell {                                                                 \
    V value;                                                                                  \
    V d00, d10, d01, d11; /* red differences C1gb − C0gb */                                   \
    V e0, e1;             /* green differences */                                             \
    V eb;                 /* the blue difference, ∂b */                                       \
  } NAME##Cell;                                                                               \
  EDR_INLINE NAME##Cell NAME##_cell(const V c[8], V r, V g, V b) {                            \
    NAME##Cell t;                                                                             \
    t.d00 = c[1] - c[0], t.d10 = c[3] - c[2], t.d01 = c[5] - c[4], t.d11 = c[7] - c[6];       \
    V a00 = MADD(r, t.d00, c[0]), a10 = MADD(r, t.d10, c[2]);                                 \
    V a01 = MADD(r, t.d01, c[4]), a11 = MADD(r, t.d11, c[6]);                                 \
    t.e0 = a10 - a00, t.e1 = a11 - a01;                                                       \
    V a0 = MADD(g, t.e0, a00), a1 = MADD(g, t.e1, a01);                                       \
    t.eb = a1 - a0;                                                                           \
    t.value = MADD(b, t.eb, a0);                                                              \
    return t;                                                                                 \
  }                                                                                           \
  EDR_INLINE V NAME##_step(const NAME##Cell *t, V g, V b, V dr, V dg, V db) {                 \
    V r0 = MADD(g, t->d10 - t->d00, t->d00), r1 = MADD(g, t->d11 - t->d01, t->d01);           \
    V pr = MADD(b, r1 - r0, r0), pg = MADD(b, t->e1 - t->e0, t->e0);                          \
    return MADD(db, t->eb, MADD(dg, pg, dr * pr));                                            \
  }

#ifdef EDR_HAVE_FMA

/// a·b + c rounded once.
EDR_INLINE __m128 madd_ps(__m128 a, __m128 b, __m128 c) { return _mm_fmadd_ps(a, b, c); }

#else

/// a·b + c for two lanes of floats held as doubles, rounded to odd (Boldo and Melquiond,
/// "Emulation of FMA and correctly rounded sums", 2008): the product is exact (24 + 24 bits),
/// the sum s is rounded to nearest and its error e recovered (TwoSum); when e ≠ 0 and s is
/// even, s steps one unit toward e. Rounding that to float (29 bits shorter) is then the
/// correctly rounded a·b + c. NaN and ±∞ pass through as the sum gives them.
EDR_INLINE __m128d madd_round_to_odd(__m128d a, __m128d b, __m128d c) {
  __m128d p = _mm_mul_pd(a, b);
  __m128d s = _mm_add_pd(p, c);
  __m128d cs = _mm_sub_pd(s, p);
  __m128d e = _mm_add_pd(_mm_sub_pd(p, _mm_sub_pd(s, cs)), _mm_sub_pd(c, cs));
  __m128d inexact = _mm_andnot_pd(_mm_cmpeq_pd(e, _mm_setzero_pd()), _mm_cmpord_pd(e, e));
  __m128i bits = _mm_castpd_si128(s);
  __m128i low = _mm_cmpeq_epi32(_mm_and_si128(bits, _mm_set_epi32(0, 1, 0, 1)),
                                _mm_setzero_si128());
  __m128i even = _mm_and_si128(low, _mm_shuffle_epi32(low, _MM_SHUFFLE(2, 3, 0, 1)));
  __m128i opposite = _mm_srli_epi64(_mm_castpd_si128(_mm_xor_pd(s, e)), 63);
  __m128i step = _mm_sub_epi64(_mm_set1_epi64x(1), _mm_slli_epi64(opposite, 1));
  __m128i mask = _mm_and_si128(_mm_castpd_si128(inexact), even);
  return _mm_castsi128_pd(_mm_add_epi64(bits, _mm_and_si128(step, mask)));
}

/// Whether rounding the double sums `lo` and `hi` to float may differ from rounding the exact
/// sums: a sum exactly halfway between two floats (low 29 significand bits 1000…0: only there
/// can the rounding to double have decided the float tie) or in float's subnormal range (where
/// float halfway points lie higher).
EDR_INLINE bool ties_or_tiny(__m128d lo, __m128d hi) {
  __m128i low = _mm_castps_si128(
      _mm_shuffle_ps(_mm_castpd_ps(lo), _mm_castpd_ps(hi), _MM_SHUFFLE(2, 0, 2, 0)));
  __m128i high = _mm_castps_si128(
      _mm_shuffle_ps(_mm_castpd_ps(lo), _mm_castpd_ps(hi), _MM_SHUFFLE(3, 1, 3, 1)));
  __m128i tie = _mm_cmpeq_epi32(_mm_and_si128(low, _mm_set1_epi32(0x1FFFFFFF)),
                                _mm_set1_epi32(0x10000000));
  __m128i exponent = _mm_and_si128(high, _mm_set1_epi32(0x7FF00000));
  __m128i tiny = _mm_and_si128(_mm_cmpgt_epi32(exponent, _mm_setzero_si128()),
                               _mm_cmplt_epi32(exponent, _mm_set1_epi32(0x38100000)));
  return _mm_movemask_epi8(_mm_or_si128(tie, tiny)) != 0;
}

/// a·b + c rounded once, on CPUs without an FMA unit. In double the product is exact
/// (24 + 24 bits) and the sum is rounded once, so rounding that to float is correct unless
/// `ties_or_tiny`; then (about one blend in a hundred on image data, mostly exact ties) the
/// sums are rounded to odd first (`madd_round_to_odd`).
EDR_INLINE __m128 madd_ps(__m128 a, __m128 b, __m128 c) {
  __m128d alo = _mm_cvtps_pd(a), blo = _mm_cvtps_pd(b), clo = _mm_cvtps_pd(c);
  __m128d ahi = _mm_cvtps_pd(_mm_movehl_ps(a, a)), bhi = _mm_cvtps_pd(_mm_movehl_ps(b, b));
  __m128d chi = _mm_cvtps_pd(_mm_movehl_ps(c, c));
  __m128d lo = _mm_add_pd(_mm_mul_pd(alo, blo), clo), hi = _mm_add_pd(_mm_mul_pd(ahi, bhi), chi);
  if (__builtin_expect(ties_or_tiny(lo, hi), 0)) {
    lo = madd_round_to_odd(alo, blo, clo);
    hi = madd_round_to_odd(ahi, bhi, chi);
  }
  return _mm_movelh_ps(_mm_cvtpd_ps(lo), _mm_cvtpd_ps(hi));
}

#endif

EDR_DEFINE_TRILINEAR(__m128, trilinear, madd_ps)

/// Float offsets of a cell's 8 corners from its origin, in `trilinear_cell`'s order.
EDR_INLINE void corner_offsets(int64_t green, int64_t blue, int64_t out[8]) {
  out[0] = 0, out[1] = 4, out[2] = green, out[3] = green + 4;
  out[4] = blue, out[5] = blue + 4, out[6] = blue + green, out[7] = blue + green + 4;
}

#endif
