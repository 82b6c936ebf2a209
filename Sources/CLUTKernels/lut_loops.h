// Internal (x86-64 only): the pixel layouts the loops are specialised for, and the loop tables
// of the SSE2 and AVX2 variants that `edr_lookup_prepare` chooses from.
#ifndef EDR_LUT_LOOPS_H
#define EDR_LUT_LOOPS_H

#include "lut_kernels_shared.h"

/// Whether a pixel's R, G, B are adjacent and a pixel holds at least 4 floats (the float
/// after blue is then in the buffer for every pixel but, perhaps, a run's last).
static inline bool edr_is_packed(EDRPixels px) {
  return px.stride >= 4 && px.green == px.red + 1 && px.blue == px.red + 2;
}

/// How a loop reads its pixels (the index into `EDRLookup.loops`): any stride, R G B adjacent
/// in the source (`edr_is_packed`), one plane per channel, or RGBA in and out (stride 4 on
/// both sides).
enum Layout { STRIDED, PACKED, PLANAR, RGBA };

/// The layout of a run read from `src` and written to `dst`.
static inline enum Layout edr_layout(EDRPixels src, EDRPixels dst) {
  if (edr_is_packed(src) && src.stride == 4 && edr_is_packed(dst) && dst.stride == 4) {
    return RGBA;
  }
  if (edr_is_packed(src)) return PACKED;
  return src.stride == 1 ? PLANAR : STRIDED;
}

/// The SSE2 loops of one interpolation × extrapolation, per layout.
void edr_sse2_loops(EDRLookupLoop loops[4], bool tetrahedral, bool linear);

/// The AVX2 + FMA loops (blocks of 8 pixels) of one interpolation × extrapolation, per layout.
void edr_avx2_loops(EDRLookupLoop loops[4], bool tetrahedral, bool linear);

#endif
