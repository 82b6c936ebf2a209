// Building blocks shared by the SSE2 and AVX2 kernels: one pixel's R, G, B in the first three
// lanes of an SSE vector, every table node one 16-byte load (nodes are padded to 4 floats).
// Every formula mirrors LUTEngine's ReferenceKernel operation for operation (same products,
// same summation order, no fused multiply-add), which is what makes the results equal.
#ifndef EDR_LUT_KERNELS_SHARED_H
#define EDR_LUT_KERNELS_SHARED_H

#include "edr_lut_kernels.h"

#include <emmintrin.h>
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
/// floats, so one unaligned load reads it; lane 3 is then read and ignored (it never reaches a
/// store, an index or a test).
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

/// The eight corners of one cell.
typedef struct Corners {
  __m128 c000, c100, c010, c110, c001, c101, c011, c111;
} Corners;

EDR_INLINE Corners load_corners(const float *p, int64_t green, int64_t blue) {
  Corners c;
  c.c000 = _mm_loadu_ps(p), c.c100 = _mm_loadu_ps(p + 4);
  c.c010 = _mm_loadu_ps(p + green), c.c110 = _mm_loadu_ps(p + green + 4);
  c.c001 = _mm_loadu_ps(p + blue), c.c101 = _mm_loadu_ps(p + blue + 4);
  c.c011 = _mm_loadu_ps(p + blue + green), c.c111 = _mm_loadu_ps(p + blue + green + 4);
  return c;
}

/// a·(1 − f) + b·f, with `rest` = 1 − f.
EDR_INLINE __m128 lerp(__m128 a, __m128 b, __m128 rest, __m128 f) {
  return _mm_add_ps(_mm_mul_ps(a, rest), _mm_mul_ps(b, f));
}

/// The trilinear blend at fractions (r, g, b) (each broadcast; rr = 1 − r and so on): red,
/// then green, then blue.
EDR_INLINE __m128 trilinear_blend(const Corners *c, __m128 r, __m128 g, __m128 b, __m128 rr,
                                  __m128 rg, __m128 rb) {
  __m128 c00 = lerp(c->c000, c->c100, rr, r), c10 = lerp(c->c010, c->c110, rr, r);
  __m128 c01 = lerp(c->c001, c->c101, rr, r), c11 = lerp(c->c011, c->c111, rr, r);
  return lerp(lerp(c00, c10, rg, g), lerp(c01, c11, rg, g), rb, b);
}

/// One partial derivative: four corner differences weighted by the bilinear weights of the
/// other two axes, summed left to right.
EDR_INLINE __m128 partial(__m128 d0, __m128 d1, __m128 d2, __m128 d3, const __m128 w[4]) {
  __m128 sum = _mm_add_ps(_mm_mul_ps(d0, w[0]), _mm_mul_ps(d1, w[1]));
  return _mm_add_ps(_mm_add_ps(sum, _mm_mul_ps(d2, w[2])), _mm_mul_ps(d3, w[3]));
}

/// δr·∂r + δg·∂g + δb·∂b of the cell's trilinear function (δ broadcast). `wr` are the weights
/// ((1 − g)(1 − b), g(1 − b), (1 − g)b, gb) of ∂r, `wg` and `wb` likewise.
EDR_INLINE __m128 trilinear_step(const Corners *c, const __m128 wr[4], const __m128 wg[4],
                                 const __m128 wb[4], __m128 dr, __m128 dg, __m128 db) {
  __m128 pr = partial(_mm_sub_ps(c->c100, c->c000), _mm_sub_ps(c->c110, c->c010),
                      _mm_sub_ps(c->c101, c->c001), _mm_sub_ps(c->c111, c->c011), wr);
  __m128 pg = partial(_mm_sub_ps(c->c010, c->c000), _mm_sub_ps(c->c110, c->c100),
                      _mm_sub_ps(c->c011, c->c001), _mm_sub_ps(c->c111, c->c101), wg);
  __m128 pb = partial(_mm_sub_ps(c->c001, c->c000), _mm_sub_ps(c->c101, c->c100),
                      _mm_sub_ps(c->c011, c->c010), _mm_sub_ps(c->c111, c->c110), wb);
  return _mm_add_ps(_mm_add_ps(_mm_mul_ps(dr, pr), _mm_mul_ps(dg, pg)), _mm_mul_ps(db, pb));
}

#endif
