// Internal: the two pixel loops and what they share (x86-64 only).
#ifndef EDR_LUT_KERNELS_SSE2_H
#define EDR_LUT_KERNELS_SSE2_H

#include "lut_kernels_shared.h"

/// A specialised pixel loop (one interpolation × extrapolation × layout).
typedef int64_t (*EDRLoop)(const EDRTable1D *, const EDRCube3D *, EDRPixels, EDRPixels, int64_t,
                           int64_t);

/// Whether a pixel's R, G, B are adjacent and a pixel holds at least 4 floats.
static inline bool edr_is_packed(EDRPixels px) {
  return px.stride >= 4 && px.green == px.red + 1 && px.blue == px.red + 2;
}

/// `edr_apply` with the SSE2 loop.
int64_t edr_sse2_apply(const EDRTable1D *shaper, const EDRCube3D *cube, bool tetrahedral,
                       bool linear, EDRPixels src, EDRPixels dst, int64_t first, int64_t count);

/// `edr_apply` with the AVX2 + FMA loop (blocks of 8 pixels).
int64_t edr_avx2_apply(const EDRTable1D *shaper, const EDRCube3D *cube, bool tetrahedral,
                       bool linear, EDRPixels src, EDRPixels dst, int64_t first, int64_t count);

#endif
