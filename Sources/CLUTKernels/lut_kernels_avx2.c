// The AVX2 loop (CPUs with AVX2 and FMA): blocks of 8 pixels, the last few through a scratch
// block. Pass 1 ("plan") works on the block in structure-of-arrays form (positions, cells,
// fractions, the tetrahedron's corners and weights, 8 pixels per instruction); pass 2 ("read")
// reads the table and blends two pixels per 256-bit vector, one per 128-bit half, each table
// node one 16-byte load. The loop plans block k + 1 before it reads for block k. Both passes
// use ReferenceKernel's operations (the trilinear blends as FMA instructions), so results
// equal the SSE2 loop's.
#include "edr_lut_kernels.h"

#if defined(__x86_64__)

#pragma clang attribute push(__attribute__((target("avx2,fma"))), apply_to = function)

#include <immintrin.h>

#define EDR_HAVE_FMA 1
#include "lut_kernels_sse2.h"

#define BLOCK 8
#define ALIGNED __attribute__((aligned(32)))

/// Eight pixels' red, green and blue.
typedef struct Block {
  __m256 r, g, b;
} Block;

enum Layout { STRIDED, PACKED, PLANAR };

/// The first three floats at each of eight addresses as a block: rows (i | i + 4) loaded as
/// 256-bit pairs, then a 4×4 transpose in each 128-bit half.
EDR_INLINE Block rows_to_block(const float *a0, const float *a1, const float *a2,
                               const float *a3, const float *a4, const float *a5,
                               const float *a6, const float *a7) {
  __m256 m0 = _mm256_loadu2_m128(a4, a0), m1 = _mm256_loadu2_m128(a5, a1);
  __m256 m2 = _mm256_loadu2_m128(a6, a2), m3 = _mm256_loadu2_m128(a7, a3);
  __m256 t0 = _mm256_unpacklo_ps(m0, m1), t1 = _mm256_unpackhi_ps(m0, m1);
  __m256 t2 = _mm256_unpacklo_ps(m2, m3), t3 = _mm256_unpackhi_ps(m2, m3);
  Block x = {_mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(1, 0, 1, 0)),
             _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(3, 2, 3, 2)),
             _mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(1, 0, 1, 0))};
  return x;
}

/// Writes two adjacent RGBA pixels: lanes 0–2 and 4–6 of `v` over the R, G, B of pixels p and
/// p + 1 (stride 4); the 4th float of each keeps its bits (it is read and written back).
EDR_INLINE void store_rgba_pair(EDRPixels px, int64_t p, __m256 v) {
  float *d = px.red + 4 * p;
  _mm256_storeu_ps(d, _mm256_blend_ps(v, _mm256_loadu_ps(d), 0x88));
}

/// Writes a pair of pixels: lanes 0–2 of `v` to pixel p, lanes 4–6 to pixel p + 1.
EDR_INLINE void store_pair(EDRPixels dst, int64_t p, __m256 v, bool packed) {
  if (packed && dst.stride == 4) {
    store_rgba_pair(dst, p, v);
  } else {
    store_pixel(dst, p, _mm256_castps256_ps128(v), packed);
    store_pixel(dst, p + 1, _mm256_extractf128_ps(v, 1), packed);
  }
}

/// Pixels p…p + 7 of `px` as a block.
EDR_INLINE Block load_block(EDRPixels px, int64_t p, enum Layout layout) {
  Block x;
  if (layout == PLANAR) {
    x.r = _mm256_loadu_ps(px.red + p);
    x.g = _mm256_loadu_ps(px.green + p);
    x.b = _mm256_loadu_ps(px.blue + p);
  } else if (layout == PACKED) {
    const float *s = px.red + p * px.stride;
    int64_t k = px.stride;
    x = rows_to_block(s, s + k, s + 2 * k, s + 3 * k, s + 4 * k, s + 5 * k, s + 6 * k, s + 7 * k);
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

/// The pixels of the block with a NaN or ±∞ channel, as bits (x·0 is NaN exactly for those).
EDR_INLINE int non_finite_mask(Block x) {
  __m256 zero = _mm256_setzero_ps();
  __m256 sum = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(x.r, zero), _mm256_mul_ps(x.g, zero)),
                             _mm256_mul_ps(x.b, zero));
  return _mm256_movemask_ps(_mm256_cmp_ps(sum, sum, _CMP_UNORD_Q));
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

/// Permutation indices of `pair_of`, per pair.
static const int32_t ALIGNED pairLanes[4][8] = {
    {0, 0, 0, 0, 1, 1, 1, 1}, {2, 2, 2, 2, 3, 3, 3, 3},
    {4, 4, 4, 4, 5, 5, 5, 5}, {6, 6, 6, 6, 7, 7, 7, 7}};

/// Lane i of `v` in the low half and lane i + 1 in the high half, each broadcast (i even).
EDR_INLINE __m256 pair_of(__m256 v, int i) {
  return _mm256_permutevar8x32_ps(v, _mm256_load_si256((const __m256i *)pairLanes[i / 2]));
}

// MARK: - Tetrahedral

EDR_INLINE __m256 select8(__m256 mask, __m256i whenSet, __m256i otherwise) {
  return _mm256_blendv_ps(_mm256_castsi256_ps(otherwise), _mm256_castsi256_ps(whenSet), mask);
}

/// A block's tetrahedral lookup up to the table reads: the float offsets of each pixel's four
/// corners (C000, the two middle ones, C111) and their weights.
typedef struct TetrahedralPlan {
  int32_t ALIGNED offsets[4][BLOCK];
  __m256 weights[4];
} TetrahedralPlan;

EDR_INLINE void tetrahedral_plan(const EDRCube3D *cube, Block x, bool linear,
                                 TetrahedralPlan *plan) {
  __m256i cell[3];
  Block f;
  cells8(&cube->axis, x, linear, cell, &f);
  // ReferenceKernel's tree: r>g: (g>b: r>g>b | r>b: r>b≥g | b≥r>g);
  //                         else (b>g: b>g≥r | b>r: g≥b>r | g≥r≥b).
  __m256 rg = _mm256_cmp_ps(f.r, f.g, _CMP_GT_OQ), gb = _mm256_cmp_ps(f.g, f.b, _CMP_GT_OQ);
  __m256 rb = _mm256_cmp_ps(f.r, f.b, _CMP_GT_OQ), bg = _mm256_cmp_ps(f.b, f.g, _CMP_GT_OQ);
  __m256 br = _mm256_cmp_ps(f.b, f.r, _CMP_GT_OQ);
  __m256i red = _mm256_set1_epi32(4), green = _mm256_set1_epi32((int32_t)cube->greenStep);
  __m256i blue = _mm256_set1_epi32((int32_t)cube->blueStep);
  __m256i redGreen = _mm256_add_epi32(red, green), redBlue = _mm256_add_epi32(red, blue);
  __m256i greenBlue = _mm256_add_epi32(green, blue);
  __m256 second = _mm256_blendv_ps(select8(bg, blue, green),
                                   select8(_mm256_or_ps(gb, rb), red, blue), rg);
  __m256 third = _mm256_blendv_ps(select8(_mm256_or_ps(bg, br), greenBlue, redGreen),
                                  select8(gb, redGreen, redBlue), rg);
  __m256i origin = origins(cube, cell);
  int32_t(*o)[BLOCK] = plan->offsets;
  _mm256_store_si256((__m256i *)o[0], origin);
  _mm256_store_si256((__m256i *)o[1], _mm256_add_epi32(origin, _mm256_castps_si256(second)));
  _mm256_store_si256((__m256i *)o[2], _mm256_add_epi32(origin, _mm256_castps_si256(third)));
  _mm256_store_si256((__m256i *)o[3],
                     _mm256_add_epi32(origin, _mm256_add_epi32(redGreen, blue)));
  __m256 w1 = _mm256_max_ps(f.r, _mm256_max_ps(f.g, f.b));
  __m256 w2 = _mm256_max_ps(_mm256_min_ps(f.r, f.g),
                            _mm256_min_ps(_mm256_max_ps(f.r, f.g), f.b));
  __m256 w3 = _mm256_min_ps(f.r, _mm256_min_ps(f.g, f.b));
  plan->weights[0] = _mm256_sub_ps(_mm256_set1_ps(1), w1);
  plan->weights[1] = _mm256_sub_ps(w1, w2);
  plan->weights[2] = _mm256_sub_ps(w2, w3);
  plan->weights[3] = w3;
}

EDR_INLINE void tetrahedral_read(const EDRCube3D *cube, const TetrahedralPlan *plan,
                                  EDRPixels dst, int64_t p, bool packed) {
  _Pragma("clang loop unroll(full)")  // measured: 4% faster for tetrahedral only
  for (int i = 0; i < BLOCK; i += 2) {
    __m256 sum = _mm256_setzero_ps();
    for (int k = 0; k < 4; k++) {
      const int32_t *o = plan->offsets[k];
      __m256 c = _mm256_loadu2_m128(cube->nodes + o[i + 1], cube->nodes + o[i]);
      __m256 t = _mm256_mul_ps(c, pair_of(plan->weights[k], i));
      sum = k == 0 ? t : _mm256_add_ps(sum, t);
    }
    store_pair(dst, p + i, sum, packed);
  }
}

// MARK: - Trilinear

EDR_DEFINE_TRILINEAR(__m256, pair, _mm256_fmadd_ps)

/// A block's trilinear lookup up to the table reads: the cells' origins, the fractions
/// clamped to the cell, what lies beyond it (linear extrapolation) and which pixels do.
typedef struct TrilinearPlan {
  int32_t ALIGNED origins[BLOCK];
  Block inside, beyond;
  __m256 moved;
  bool outside;
} TrilinearPlan;

EDR_INLINE void trilinear_plan(const EDRCube3D *cube, Block x, bool linear,
                               TrilinearPlan *plan) {
  __m256i cell[3];
  Block f;
  cells8(&cube->axis, x, linear, cell, &f);
  _mm256_store_si256((__m256i *)plan->origins, origins(cube, cell));
  __m256 zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1);
  Block c = linear ? (Block){clamp8(f.r, zero, one), clamp8(f.g, zero, one),
                             clamp8(f.b, zero, one)}
                   : f;
  Block d = {_mm256_sub_ps(f.r, c.r), _mm256_sub_ps(f.g, c.g), _mm256_sub_ps(f.b, c.b)};
  plan->inside = c;
  plan->beyond = d;
  plan->moved = _mm256_or_ps(_mm256_or_ps(_mm256_cmp_ps(d.r, zero, _CMP_NEQ_UQ),
                                          _mm256_cmp_ps(d.g, zero, _CMP_NEQ_UQ)),
                             _mm256_cmp_ps(d.b, zero, _CMP_NEQ_UQ));
  plan->outside = linear && _mm256_movemask_ps(plan->moved);
}

EDR_INLINE void trilinear_read(const EDRCube3D *cube, const TrilinearPlan *plan, EDRPixels dst,
                                int64_t p, bool packed) {
  int64_t o[8];
  corner_offsets(cube->greenStep, cube->blueStep, o);
  const Block *c = &plan->inside, *d = &plan->beyond;
  // Two pixels per step, one per 128-bit half. In a block with a pixel outside the domain the
  // first-order term is computed for every pixel and kept only for those outside (as in
  // ReferenceKernel: the others could turn an infinite derivative into NaN).
  for (int i = 0; i < BLOCK; i += 2) {
    const float *p0 = cube->nodes + plan->origins[i], *p1 = cube->nodes + plan->origins[i + 1];
    __m256 corners[8];
    for (int k = 0; k < 8; k++) corners[k] = _mm256_loadu2_m128(p1 + o[k], p0 + o[k]);
    __m256 g = pair_of(c->g, i), b = pair_of(c->b, i);
    pairCell tc = pair_cell(corners, pair_of(c->r, i), g, b);
    __m256 out = tc.value;
    if (plan->outside) {
      __m256 step = pair_step(&tc, g, b, pair_of(d->r, i), pair_of(d->g, i), pair_of(d->b, i));
      out = _mm256_add_ps(out, _mm256_and_ps(step, pair_of(plan->moved, i)));
    }
    store_pair(dst, p + i, out, packed);
  }
}

// MARK: - Loop

/// One block's lookup up to the table reads (either interpolation).
typedef union Plan {
  TetrahedralPlan tetrahedral;
  TrilinearPlan trilinear;
} Plan;

/// Reads pixels p…p + 7 and plans their lookup; returns how many had a non-finite channel.
EDR_INLINE int plan_block(const EDRTable1D *shaper, const EDRCube3D *cube, bool tetrahedral,
                          bool linear, EDRPixels src, int64_t p, enum Layout layout,
                          Plan *plan) {
  Block x = load_block(src, p, layout);
  int nonFinite = __builtin_popcount(non_finite_mask(x));
  if (shaper) x = shaper_block(shaper, x, linear);
  if (tetrahedral) {
    tetrahedral_plan(cube, x, linear, &plan->tetrahedral);
  } else {
    trilinear_plan(cube, x, linear, &plan->trilinear);
  }
  return nonFinite;
}

/// Reads the table and writes pixels p…p + 7.
EDR_INLINE void read_block(const EDRCube3D *cube, bool tetrahedral, const Plan *plan,
                            EDRPixels dst, int64_t p, bool packed) {
  if (tetrahedral) {
    tetrahedral_read(cube, &plan->tetrahedral, dst, p, packed);
  } else {
    trilinear_read(cube, &plan->trilinear, dst, p, packed);
  }
}

/// The pixels first ..< first + count, software-pipelined: block k + 1 is read and planned
/// before block k reads the table, so that a block's table reads do not wait for the offsets
/// it has just stored (measured: tetrahedral 16–20 %, trilinear 5–10 % faster). The last
/// 1–7 pixels are copied into a block of RGBA (the rest black), transformed there with the
/// same code and copied back, so that every pixel's result is the same wherever it lies.
EDR_INLINE int64_t block_loop(const EDRTable1D *shaper, const EDRCube3D *cube, bool tetrahedral,
                              bool linear, EDRPixels src, EDRPixels dst, int64_t first,
                              int64_t count, enum Layout layout) {
  int64_t nonFinite = 0, p = first, end = first + count;
  bool packed = edr_is_packed(dst);
  Plan plans[2];
  int current = 0;
  if (p + BLOCK <= end) {
    nonFinite += plan_block(shaper, cube, tetrahedral, linear, src, p, layout, &plans[0]);
    for (; p + 2 * BLOCK <= end; p += BLOCK, current ^= 1) {
      nonFinite += plan_block(shaper, cube, tetrahedral, linear, src, p + BLOCK, layout,
                              &plans[current ^ 1]);
      read_block(cube, tetrahedral, &plans[current], dst, p, packed);
    }
    read_block(cube, tetrahedral, &plans[current], dst, p, packed);
    p += BLOCK;
  }
  if (p == end) return nonFinite;
  float ALIGNED scratch[4 * BLOCK] = {0};
  for (int64_t i = 0; p + i < end; i++) {
    int64_t o = (p + i) * src.stride;
    scratch[4 * i] = src.red[o], scratch[4 * i + 1] = src.green[o];
    scratch[4 * i + 2] = src.blue[o];
  }
  EDRPixels block = {scratch, scratch + 1, scratch + 2, 4};
  nonFinite += plan_block(shaper, cube, tetrahedral, linear, block, 0, PACKED, &plans[0]);
  read_block(cube, tetrahedral, &plans[0], block, 0, true);
  for (int64_t i = 0; p + i < end; i++) {
    int64_t o = (p + i) * dst.stride;
    dst.red[o] = scratch[4 * i], dst.green[o] = scratch[4 * i + 1];
    dst.blue[o] = scratch[4 * i + 2];
  }
  return nonFinite;
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
