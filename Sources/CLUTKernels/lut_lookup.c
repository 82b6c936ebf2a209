// Table preparation, and the lookup's loops chosen once per prepared table (the SSE2 or
// AVX2 variant of one interpolation × extrapolation, per pixel layout).
#include "edr_lut_kernels.h"

#if defined(__x86_64__)

#include "lut_loops.h"

#include <float.h>
#include <string.h>

static void prepare_axis(EDRAxis *axis, int32_t size, const float lo[3], const float hi[3]) {
  axis->last = (float)(size - 1);
  axis->lastCell = (float)(size - 2);
  for (int k = 0; k < 3; k++) {
    axis->lo[k] = lo[k];
    // ReferenceKernel.positionScale: within the normal finite floats, so that a finite input
    // never gives a NaN position.
    axis->scale[k] = fminf(fmaxf(axis->last / (hi[k] - lo[k]), FLT_MIN), FLT_MAX);
  }
  axis->lo[3] = 0;
  axis->scale[3] = 1;
}

/// The six-tetrahedra decision tree of ReferenceKernel.tetrahedral for comparison bits
/// (r>g, g>b, b>r) in bits 0–2 and (g>r, b>g, r>b) in bits 3–5: the two middle corners.
static void tetrahedral_corners(int code, int64_t red, int64_t green, int64_t blue,
                                int64_t out[2]) {
  bool rg = code & 1, gb = code & 2, br = code & 4, bg = code & 16, rb = code & 32;
  if (rg) {
    out[0] = (gb || rb) ? red : blue;
    out[1] = gb ? red + green : red + blue;
  } else {
    out[0] = bg ? blue : green;
    out[1] = (bg || br) ? green + blue : red + green;
  }
}

void edr_cube3d_prepare(EDRCube3D *cube, const float *nodes, int32_t size, const float lo[3],
                        const float hi[3]) {
  memset(cube, 0, sizeof *cube);
  cube->nodes = nodes;
  cube->size = size;
  cube->greenStep = 4 * (int64_t)size;
  cube->blueStep = 4 * (int64_t)size * size;
  prepare_axis(&cube->axis, size, lo, hi);
  for (int code = 0; code < 64; code++) {
    tetrahedral_corners(code, 4, cube->greenStep, cube->blueStep, cube->tetraCorners[code]);
  }
}

void edr_table1d_prepare(EDRTable1D *table, const float *values, int32_t size, const float lo[3],
                         const float hi[3]) {
  memset(table, 0, sizeof *table);
  table->values = values;
  table->size = size;
  prepare_axis(&table->axis, size, lo, hi);
}

// MARK: - The lookup

bool edr_kernels_available(void) { return true; }

bool edr_kernels_avx2_supported(void) {
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
}

void edr_lookup_prepare(EDRLookup *lookup, const EDRTable1D *shaper, const EDRCube3D *cube,
                        bool tetrahedral, bool linear, bool avx2) {
  memset(lookup, 0, sizeof *lookup);
  lookup->shaper = shaper;
  lookup->cube = cube;
  if (avx2) {
    edr_avx2_loops(lookup->loops, tetrahedral, linear);
  } else {
    edr_sse2_loops(lookup->loops, tetrahedral, linear);
  }
}

int64_t edr_lookup_apply(const EDRLookup *lookup, EDRPixels source, EDRPixels destination,
                         int64_t first, int64_t count) {
  EDRLookupLoop loop = lookup->loops[edr_layout(source, destination)];
  return loop(lookup->shaper, lookup->cube, source, destination, first, count);
}

#else

bool edr_kernels_available(void) { return false; }
bool edr_kernels_avx2_supported(void) { return false; }
void edr_cube3d_prepare(EDRCube3D *cube, const float *nodes, int32_t size, const float lo[3],
                        const float hi[3]) {
  (void)cube, (void)nodes, (void)size, (void)lo, (void)hi;
}
void edr_table1d_prepare(EDRTable1D *table, const float *values, int32_t size, const float lo[3],
                         const float hi[3]) {
  (void)table, (void)values, (void)size, (void)lo, (void)hi;
}
void edr_lookup_prepare(EDRLookup *lookup, const EDRTable1D *shaper, const EDRCube3D *cube,
                        bool tetrahedral, bool linear, bool avx2) {
  (void)lookup, (void)shaper, (void)cube, (void)tetrahedral, (void)linear, (void)avx2;
}
int64_t edr_lookup_apply(const EDRLookup *lookup, EDRPixels source, EDRPixels destination,
                         int64_t first, int64_t count) {
  (void)lookup, (void)source, (void)destination, (void)first, (void)count;
  return -1;
}

#endif
