// The SSE2 pixel loop (the x86-64 baseline): one pixel at a time, the same operations as
// ReferenceKernel, fused multiply-adds emulated exactly.
#include "edr_lut_kernels.h"

#if defined(__x86_64__)

#include "lut_loops.h"

// MARK: - One pixel

EDR_INLINE __m128 trilinear_pixel(const EDRCube3D *cube, __m128 x, bool linear) {
  __m128 f;
  __m128i cell = cells(&cube->axis, positions(&cube->axis, x, linear), &f);
  const float *p = cube->nodes + 4 * LANE_INT(cell, 0) + cube->greenStep * LANE_INT(cell, 1) +
                   cube->blueStep * LANE_INT(cell, 2);
  __m128 fc = linear ? clamp_ps(f, _mm_setzero_ps(), _mm_set1_ps(1)) : f;
  __m128 g = LANE(fc, 1), b = LANE(fc, 2);
  int64_t o[8];
  corner_offsets(cube->greenStep, cube->blueStep, o);
  __m128 corners[8];
  for (int k = 0; k < 8; k++) corners[k] = _mm_loadu_ps(p + o[k]);
  trilinearCell c = trilinear_cell(corners, LANE(fc, 0), g, b);
  if (!linear) return c.value;
  __m128 delta = _mm_sub_ps(f, fc);
  if ((_mm_movemask_ps(_mm_cmpneq_ps(delta, _mm_setzero_ps())) & 7) == 0) return c.value;
  return _mm_add_ps(c.value,
                    trilinear_step(&c, g, b, LANE(delta, 0), LANE(delta, 1), LANE(delta, 2)));
}

/// The blend at cell origin `p` for the sorted fractions k1 ≥ k2 ≥ k3 (lane 0): weights
/// (1 − k1, k1 − k2, k2 − k3, k3).
EDR_INLINE __m128 sorted_blend(const float *p, const int64_t corner[2], int64_t last, __m128 k1,
                               __m128 k2, __m128 k3) {
  __m128 one = _mm_set1_ps(1);
  __m128 low = _mm_movelh_ps(_mm_unpacklo_ps(one, k1), _mm_unpacklo_ps(k2, k3));
  __m128 high = _mm_movelh_ps(_mm_unpacklo_ps(k1, k2), _mm_unpacklo_ps(k3, _mm_setzero_ps()));
  __m128 w = _mm_sub_ps(low, high);
  return tetrahedral_blend(p, corner[0], corner[1], last, LANE(w, 0), LANE(w, 1), LANE(w, 2),
                           LANE(w, 3));
}

EDR_INLINE __m128 tetrahedral_pixel(const EDRCube3D *cube, __m128 x, bool linear) {
  __m128 f;
  __m128i cell = cells(&cube->axis, positions(&cube->axis, x, linear), &f);
  const float *p = cube->nodes + 4 * LANE_INT(cell, 0) + cube->greenStep * LANE_INT(cell, 1) +
                   cube->blueStep * LANE_INT(cell, 2);
  // next = (g, b, r): f > next gives r>g, g>b, b>r; next > f gives g>r, b>g, r>b.
  __m128 next = _mm_shuffle_ps(f, f, _MM_SHUFFLE(3, 0, 2, 1));
  __m128 after = _mm_shuffle_ps(f, f, _MM_SHUFFLE(3, 1, 0, 2));
  int code = (_mm_movemask_ps(_mm_cmpgt_ps(f, next)) & 7) |
             ((_mm_movemask_ps(_mm_cmpgt_ps(next, f)) & 7) << 3);
  // Lane 0: w1 = max, w2 = middle, w3 = min of (r, g, b).
  __m128 w1 = _mm_max_ps(f, _mm_max_ps(next, after));
  __m128 w2 = _mm_max_ps(_mm_min_ps(f, next), _mm_min_ps(_mm_max_ps(f, next), after));
  __m128 w3 = _mm_min_ps(f, _mm_min_ps(next, after));
  const int64_t *corner = cube->tetraCorners[code];
  int64_t last = cube->blueStep + cube->greenStep + 4;
  // A pixel inside the domain (its largest fraction at most 1, its smallest at least 0) has
  // every fraction in [0, 1]: the blend alone, as under clamp.
  __m128 zero = _mm_setzero_ps(), one = _mm_set1_ps(1);
  if (!linear ||
      (_mm_movemask_ps(_mm_or_ps(_mm_cmpgt_ps(w1, one), _mm_cmplt_ps(w3, zero))) & 1) == 0) {
    return sorted_blend(p, corner, last, w1, w2, w3);
  }
  // Outside, linear extrapolation: the blend at the clamped fractions k, plus
  // (ReferenceKernel's tetrahedral) the first-order step e1·(A − C000) + e2·(B − A) +
  // e3·(C111 − B), e = w − k.
  __m128 k1 = clamp_ps(w1, zero, one), k2 = clamp_ps(w2, zero, one);
  __m128 k3 = clamp_ps(w3, zero, one);
  __m128 value = sorted_blend(p, corner, last, k1, k2, k3);
  __m128 e1 = _mm_sub_ps(w1, k1), e2 = _mm_sub_ps(w2, k2), e3 = _mm_sub_ps(w3, k3);
  __m128 c000 = _mm_loadu_ps(p), a = _mm_loadu_ps(p + corner[0]);
  __m128 b = _mm_loadu_ps(p + corner[1]), c111 = _mm_loadu_ps(p + last);
  __m128 step = _mm_add_ps(_mm_mul_ps(_mm_sub_ps(a, c000), LANE(e1, 0)),
                           _mm_mul_ps(_mm_sub_ps(b, a), LANE(e2, 0)));
  step = _mm_add_ps(step, _mm_mul_ps(_mm_sub_ps(c111, b), LANE(e3, 0)));
  return _mm_add_ps(value, step);
}

/// The pixels first ..< first + count, one at a time; `packed`: the source's layout
/// (`edr_is_packed`), for which the loop is specialised (the destination's is tested once).
EDR_INLINE int64_t pixel_loop(const EDRTable1D *shaper, const EDRCube3D *cube, bool tetrahedral,
                              bool linear, EDRPixels src, EDRPixels dst, int64_t first,
                              int64_t count, bool packed) {
  int64_t nonFinite = 0, end = first + count;
  bool packedDestination = edr_is_packed(dst);
  for (int64_t p = first; p < end; p++) {
    // The run's last pixel is read per channel: a packed load's fourth float may lie past the
    // caller's buffer there (R, G, B the last floats of a pixel).
    __m128 x = load_pixel(src, p, packed && p + 1 < end);
    nonFinite += non_finite_bits(x) != 0;
    if (shaper) x = shaper_pixel(shaper, x, linear);
    x = tetrahedral ? tetrahedral_pixel(cube, x, linear) : trilinear_pixel(cube, x, linear);
    store_pixel(dst, p, x, packedDestination);
  }
  return nonFinite;
}

#define EDR_SSE2_LOOP(name, tetra, lin, pack)                                               \
  static int64_t name(const EDRTable1D *s, const EDRCube3D *c, EDRPixels src, EDRPixels dst, \
                      int64_t first, int64_t count) {                                       \
    return s ? pixel_loop(s, c, tetra, lin, src, dst, first, count, pack)                   \
             : pixel_loop(NULL, c, tetra, lin, src, dst, first, count, pack);               \
  }

EDR_SSE2_LOOP(tri_clamp_strided, false, false, false)
EDR_SSE2_LOOP(tri_linear_strided, false, true, false)
EDR_SSE2_LOOP(tet_clamp_strided, true, false, false)
EDR_SSE2_LOOP(tet_linear_strided, true, true, false)
EDR_SSE2_LOOP(tri_clamp_packed, false, false, true)
EDR_SSE2_LOOP(tri_linear_packed, false, true, true)
EDR_SSE2_LOOP(tet_clamp_packed, true, false, true)
EDR_SSE2_LOOP(tet_linear_packed, true, true, true)

void edr_sse2_loops(EDRLookupLoop loops[4], bool tetrahedral, bool linear) {
  static const EDRLookupLoop strided[2][2] = {{tri_clamp_strided, tri_linear_strided},
                                              {tet_clamp_strided, tet_linear_strided}};
  static const EDRLookupLoop packed[2][2] = {{tri_clamp_packed, tri_linear_packed},
                                             {tet_clamp_packed, tet_linear_packed}};
  loops[STRIDED] = loops[PLANAR] = strided[tetrahedral][linear];
  loops[PACKED] = loops[RGBA] = packed[tetrahedral][linear];
}

void edr_sse2_fused_multiply_add(const float *a, const float *b, const float *c, float *out,
                                 int64_t count) {
  for (int64_t i = 0; i < count; i++) {
    __m128 r = madd_ps(_mm_set1_ps(a[i]), _mm_set1_ps(b[i]), _mm_set1_ps(c[i]));
    out[i] = _mm_cvtss_f32(r);
  }
}

#else

void edr_sse2_fused_multiply_add(const float *a, const float *b, const float *c, float *out,
                                 int64_t count) {
  (void)a, (void)b, (void)c, (void)out, (void)count;
}

#endif
