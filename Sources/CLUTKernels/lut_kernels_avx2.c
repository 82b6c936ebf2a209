// The AVX2 loop: blocks of 8 pixels. Pass 1 works on the block in structure-of-arrays form
// (positions, cells, fractions, the tetrahedron or the trilinear weights, 8 pixels per
// instruction) and leaves per-pixel values in small arrays; pass 2 blends each pixel from its
// table nodes with the shared SSE building blocks, the weights broadcast from those arrays.
// Both passes use ReferenceKernel's operations, so results equal the SSE2 loop's.
#include "edr_lut_kernels.h"

#if defined(__x86_64__)

#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)

#include <immintrin.h>

#include "lut_kernels_sse2.h"

#define BLOCK 8
#define ALIGNED __attribute__((aligned(32)))

/// Eight pixels' red, green and blue.
typedef struct Block {
  __m256 r, g, b;
} Block;

enum Layout { STRIDED, PACKED, PLANAR };

EDR_INLINE Block load_block(EDRPixels px, int64_t p, enum Layout layout) {
  Block x;
  if (layout == PLANAR) {
    x.r = _mm256_loadu_ps(px.red + p);
    x.g = _mm256_loadu_ps(px.green + p);
    x.b = _mm256_loadu_ps(px.blue + p);
  } else if (layout == PACKED) {
    const float *s = px.red + p * px.stride;
    int64_t k = px.stride;
    // Rows (pixel i | pixel i + 4), then a 4×4 transpose in each 128-bit half.
    __m256 m0 = _mm256_loadu2_m128(s + 4 * k, s), m1 = _mm256_loadu2_m128(s + 5 * k, s + k);
    __m256 m2 = _mm256_loadu2_m128(s + 6 * k, s + 2 * k);
    __m256 m3 = _mm256_loadu2_m128(s + 7 * k, s + 3 * k);
    __m256 t0 = _mm256_unpacklo_ps(m0, m1), t1 = _mm256_unpackhi_ps(m0, m1);
    __m256 t2 = _mm256_unpacklo_ps(m2, m3), t3 = _mm256_unpackhi_ps(m2, m3);
    x.r = _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(1, 0, 1, 0));
    x.g = _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(3, 2, 3, 2));
    x.b = _mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(1, 0, 1, 0));
  } else {
    float ALIGNED r[BLOCK], g[BLOCK], b[BLOCK];
    for (int i = 0; i < BLOCK; i++) {
      int64_t o = (p + i) * px.stride;
      r[i] = px.red[o], g[i] = px.green[o], b[i] = px.blue[o];
    }
    x.r = _mm256_load_ps(r), x.g = _mm256_load_ps(g), x.b = _mm256_load_ps(b);
  }
  return x;
}

/// The pixels of the block with a NaN or ±∞ channel, as bits.
EDR_INLINE int non_finite_mask(Block x) {
  __m256 zero = _mm256_setzero_ps();
  __m256 r = _mm256_mul_ps(x.r, zero), g = _mm256_mul_ps(x.g, zero), b = _mm256_mul_ps(x.b, zero);
  __m256 bad = _mm256_or_ps(_mm256_or_ps(_mm256_cmp_ps(r, r, _CMP_UNORD_Q),
                                         _mm256_cmp_ps(g, g, _CMP_UNORD_Q)),
                            _mm256_cmp_ps(b, b, _CMP_UNORD_Q));
  return _mm256_movemask_ps(bad);
}

EDR_INLINE __m256 clamp8(__m256 x, __m256 lower, __m256 upper) {
  return _mm256_min_ps(_mm256_max_ps(x, lower), upper);
}

EDR_INLINE __m256 position8(__m256 x, const EDRAxis *axis, int k, bool linear) {
  __m256 t = _mm256_mul_ps(_mm256_sub_ps(x, _mm256_set1_ps(axis->lo[k])),
                           _mm256_set1_ps(axis->scale[k]));
  return linear ? t : clamp8(t, _mm256_setzero_ps(), _mm256_set1_ps(axis->last));
}

/// Node positions of the block (see `positions` in the shared header).
EDR_INLINE Block positions8(const EDRAxis *axis, Block x, bool linear) {
  Block t = {position8(x.r, axis, 0, linear), position8(x.g, axis, 1, linear),
             position8(x.b, axis, 2, linear)};
  if (__builtin_expect(non_finite_mask(x) != 0, 0)) {
    float ALIGNED xs[3][BLOCK], ts[3][BLOCK];
    __m256 xv[3] = {x.r, x.g, x.b}, tv[3] = {t.r, t.g, t.b};
    for (int k = 0; k < 3; k++) {
      _mm256_store_ps(xs[k], xv[k]);
      _mm256_store_ps(ts[k], tv[k]);
      for (int i = 0; i < BLOCK; i++) ts[k][i] = resolve_position(xs[k][i], ts[k][i], axis->last);
    }
    t.r = _mm256_load_ps(ts[0]), t.g = _mm256_load_ps(ts[1]), t.b = _mm256_load_ps(ts[2]);
  }
  return t;
}

EDR_INLINE __m256i cell8(__m256 t, const EDRAxis *axis, __m256 *fraction) {
  __m256i cell = _mm256_cvttps_epi32(
      clamp8(t, _mm256_setzero_ps(), _mm256_set1_ps(axis->lastCell)));
  *fraction = _mm256_sub_ps(t, _mm256_cvtepi32_ps(cell));
  return cell;
}

/// The cells and fractions of the block on `axis`.
EDR_INLINE void cells8(const EDRAxis *axis, Block x, bool linear, __m256i cell[3], Block *f) {
  Block t = positions8(axis, x, linear);
  cell[0] = cell8(t.r, axis, &f->r);
  cell[1] = cell8(t.g, axis, &f->g);
  cell[2] = cell8(t.b, axis, &f->b);
}

EDR_INLINE __m256 shaper_channel(const float *values, __m256i cell, __m256 f) {
  __m256i row = _mm256_mullo_epi32(cell, _mm256_set1_epi32(3));
  __m256 v0 = _mm256_i32gather_ps(values, row, 4);
  __m256 v1 = _mm256_i32gather_ps(values + 3, row, 4);
  return _mm256_add_ps(v0, _mm256_mul_ps(f, _mm256_sub_ps(v1, v0)));
}

/// The shaper on the block: per channel v0 + f·(v1 − v0).
EDR_INLINE Block shaper_block(const EDRTable1D *table, Block x, bool linear) {
  __m256i cell[3];
  Block f;
  cells8(&table->axis, x, linear, cell, &f);
  Block y = {shaper_channel(table->values, cell[0], f.r),
             shaper_channel(table->values + 1, cell[1], f.g),
             shaper_channel(table->values + 2, cell[2], f.b)};
  return y;
}

/// Float offsets of the cells' origins in the table.
EDR_INLINE __m256i origins(const EDRCube3D *cube, const __m256i cell[3]) {
  __m256i g = _mm256_mullo_epi32(cell[1], _mm256_set1_epi32((int32_t)cube->greenStep));
  __m256i b = _mm256_mullo_epi32(cell[2], _mm256_set1_epi32((int32_t)cube->blueStep));
  return _mm256_add_epi32(_mm256_add_epi32(_mm256_slli_epi32(cell[0], 2), g), b);
}

EDR_INLINE __m256i bit_if(__m256 mask, int bit) {
  return _mm256_and_si256(_mm256_castps_si256(mask), _mm256_set1_epi32(bit));
}

// MARK: - Tetrahedral

EDR_INLINE void tetrahedral_block(const EDRCube3D *cube, Block x, bool linear, EDRPixels dst,
                                  int64_t p, bool packed) {
  __m256i cell[3];
  Block f;
  cells8(&cube->axis, x, linear, cell, &f);
  int32_t ALIGNED origin[BLOCK], code[BLOCK];
  float ALIGNED w[4][BLOCK];
  _mm256_store_si256((__m256i *)origin, origins(cube, cell));
  // The comparison bits of the shared decision table (see edr_cube3d_prepare).
  __m256i bits = _mm256_or_si256(
      _mm256_or_si256(bit_if(_mm256_cmp_ps(f.r, f.g, _CMP_GT_OQ), 1),
                      bit_if(_mm256_cmp_ps(f.g, f.b, _CMP_GT_OQ), 2)),
      _mm256_or_si256(bit_if(_mm256_cmp_ps(f.b, f.r, _CMP_GT_OQ), 4),
                      bit_if(_mm256_cmp_ps(f.g, f.r, _CMP_GT_OQ), 8)));
  bits = _mm256_or_si256(bits, _mm256_or_si256(bit_if(_mm256_cmp_ps(f.b, f.g, _CMP_GT_OQ), 16),
                                               bit_if(_mm256_cmp_ps(f.r, f.b, _CMP_GT_OQ), 32)));
  _mm256_store_si256((__m256i *)code, bits);
  __m256 w1 = _mm256_max_ps(f.r, _mm256_max_ps(f.g, f.b));
  __m256 w2 = _mm256_max_ps(_mm256_min_ps(f.r, f.g),
                            _mm256_min_ps(_mm256_max_ps(f.r, f.g), f.b));
  __m256 w3 = _mm256_min_ps(f.r, _mm256_min_ps(f.g, f.b));
  _mm256_store_ps(w[0], _mm256_sub_ps(_mm256_set1_ps(1), w1));
  _mm256_store_ps(w[1], _mm256_sub_ps(w1, w2));
  _mm256_store_ps(w[2], _mm256_sub_ps(w2, w3));
  _mm256_store_ps(w[3], w3);
  int64_t last = cube->blueStep + cube->greenStep + 4;
  for (int i = 0; i < BLOCK; i++) {
    const int64_t *corner = cube->tetraCorners[code[i]];
    __m128 out = tetrahedral_blend(cube->nodes + origin[i], corner[0], corner[1], last,
                                   _mm_broadcast_ss(&w[0][i]), _mm_broadcast_ss(&w[1][i]),
                                   _mm_broadcast_ss(&w[2][i]), _mm_broadcast_ss(&w[3][i]));
    store_pixel(dst, p + i, out, packed);
  }
}

// MARK: - Trilinear

/// (1 − a)(1 − b), a(1 − b), (1 − a)b, ab for the block, stored.
EDR_INLINE void bilinear_weights8(__m256 a, __m256 ra, __m256 b, __m256 rb, float out[4][BLOCK]) {
  _mm256_store_ps(out[0], _mm256_mul_ps(ra, rb));
  _mm256_store_ps(out[1], _mm256_mul_ps(a, rb));
  _mm256_store_ps(out[2], _mm256_mul_ps(ra, b));
  _mm256_store_ps(out[3], _mm256_mul_ps(a, b));
}

EDR_INLINE void broadcast4(float w[4][BLOCK], int i, __m128 out[4]) {
  for (int k = 0; k < 4; k++) out[k] = _mm_broadcast_ss(&w[k][i]);
}

EDR_INLINE void trilinear_block(const EDRCube3D *cube, Block x, bool linear, EDRPixels dst,
                                int64_t p, bool packed) {
  __m256i cell[3];
  Block f;
  cells8(&cube->axis, x, linear, cell, &f);
  int32_t ALIGNED origin[BLOCK];
  float ALIGNED fc[3][BLOCK], rest[3][BLOCK], delta[3][BLOCK];
  float ALIGNED wr[4][BLOCK], wg[4][BLOCK], wb[4][BLOCK];
  _mm256_store_si256((__m256i *)origin, origins(cube, cell));
  __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1);
  Block c = linear ? (Block){clamp8(f.r, zero, one), clamp8(f.g, zero, one),
                             clamp8(f.b, zero, one)}
                   : f;
  Block r = {_mm256_sub_ps(one, c.r), _mm256_sub_ps(one, c.g), _mm256_sub_ps(one, c.b)};
  _mm256_store_ps(fc[0], c.r), _mm256_store_ps(fc[1], c.g), _mm256_store_ps(fc[2], c.b);
  _mm256_store_ps(rest[0], r.r), _mm256_store_ps(rest[1], r.g), _mm256_store_ps(rest[2], r.b);
  int outside = 0;
  if (linear) {
    Block d = {_mm256_sub_ps(f.r, c.r), _mm256_sub_ps(f.g, c.g), _mm256_sub_ps(f.b, c.b)};
    outside = _mm256_movemask_ps(_mm256_or_ps(
        _mm256_or_ps(_mm256_cmp_ps(d.r, zero, _CMP_NEQ_UQ), _mm256_cmp_ps(d.g, zero, _CMP_NEQ_UQ)),
        _mm256_cmp_ps(d.b, zero, _CMP_NEQ_UQ)));
    if (outside) {
      _mm256_store_ps(delta[0], d.r), _mm256_store_ps(delta[1], d.g);
      _mm256_store_ps(delta[2], d.b);
      bilinear_weights8(c.g, r.g, c.b, r.b, wr);
      bilinear_weights8(c.r, r.r, c.b, r.b, wg);
      bilinear_weights8(c.r, r.r, c.g, r.g, wb);
    }
  }
  for (int i = 0; i < BLOCK; i++) {
    Corners corners = load_corners(cube->nodes + origin[i], cube->greenStep, cube->blueStep);
    __m128 out = trilinear_blend(&corners, _mm_broadcast_ss(&fc[0][i]),
                                 _mm_broadcast_ss(&fc[1][i]), _mm_broadcast_ss(&fc[2][i]),
                                 _mm_broadcast_ss(&rest[0][i]), _mm_broadcast_ss(&rest[1][i]),
                                 _mm_broadcast_ss(&rest[2][i]));
    if (outside & (1 << i)) {
      __m128 vr[4], vg[4], vb[4];
      broadcast4(wr, i, vr), broadcast4(wg, i, vg), broadcast4(wb, i, vb);
      out = _mm_add_ps(out, trilinear_step(&corners, vr, vg, vb, _mm_broadcast_ss(&delta[0][i]),
                                           _mm_broadcast_ss(&delta[1][i]),
                                           _mm_broadcast_ss(&delta[2][i])));
    }
    store_pixel(dst, p + i, out, packed);
  }
}

// MARK: - Loop

EDR_INLINE int64_t block_loop(const EDRTable1D *shaper, const EDRCube3D *cube, bool tetrahedral,
                              bool linear, EDRPixels src, EDRPixels dst, int64_t first,
                              int64_t count, enum Layout layout) {
  int64_t nonFinite = 0, p = first, end = first + count;
  bool packed = edr_is_packed(dst);
  for (; p + BLOCK <= end; p += BLOCK) {
    Block x = load_block(src, p, layout);
    nonFinite += __builtin_popcount(non_finite_mask(x));
    if (shaper) x = shaper_block(shaper, x, linear);
    if (tetrahedral) {
      tetrahedral_block(cube, x, linear, dst, p, packed);
    } else {
      trilinear_block(cube, x, linear, dst, p, packed);
    }
  }
  return nonFinite + edr_sse2_apply(shaper, cube, tetrahedral, linear, src, dst, p, end - p);
}

#define EDR_AVX2_LOOP(name, tetra, lin, layout)                                             \
  static int64_t name(const EDRTable1D *s, const EDRCube3D *c, EDRPixels src, EDRPixels dst, \
                      int64_t first, int64_t count) {                                       \
    return s ? block_loop(s, c, tetra, lin, src, dst, first, count, layout)                 \
             : block_loop(NULL, c, tetra, lin, src, dst, first, count, layout);             \
  }

EDR_AVX2_LOOP(tri_clamp_strided, false, false, STRIDED)
EDR_AVX2_LOOP(tri_linear_strided, false, true, STRIDED)
EDR_AVX2_LOOP(tet_clamp_strided, true, false, STRIDED)
EDR_AVX2_LOOP(tet_linear_strided, true, true, STRIDED)
EDR_AVX2_LOOP(tri_clamp_packed, false, false, PACKED)
EDR_AVX2_LOOP(tri_linear_packed, false, true, PACKED)
EDR_AVX2_LOOP(tet_clamp_packed, true, false, PACKED)
EDR_AVX2_LOOP(tet_linear_packed, true, true, PACKED)
EDR_AVX2_LOOP(tri_clamp_planar, false, false, PLANAR)
EDR_AVX2_LOOP(tri_linear_planar, false, true, PLANAR)
EDR_AVX2_LOOP(tet_clamp_planar, true, false, PLANAR)
EDR_AVX2_LOOP(tet_linear_planar, true, true, PLANAR)

int64_t edr_avx2_apply(const EDRTable1D *shaper, const EDRCube3D *cube, bool tetrahedral,
                       bool linear, EDRPixels src, EDRPixels dst, int64_t first, int64_t count) {
  static const EDRLoop loops[3][2][2] = {
      {{tri_clamp_strided, tri_linear_strided}, {tet_clamp_strided, tet_linear_strided}},
      {{tri_clamp_packed, tri_linear_packed}, {tet_clamp_packed, tet_linear_packed}},
      {{tri_clamp_planar, tri_linear_planar}, {tet_clamp_planar, tet_linear_planar}}};
  enum Layout layout = edr_is_packed(src) ? PACKED : src.stride == 1 ? PLANAR : STRIDED;
  return loops[layout][tetrahedral][linear](shaper, cube, src, dst, first, count);
}

#pragma clang attribute pop

#endif
