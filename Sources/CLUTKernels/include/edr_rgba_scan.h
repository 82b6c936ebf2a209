// A census of a block of RGBA float pixels, for the counts `edrcube apply` reports: pixels
// with a NaN or ±∞ R, G or B, pixels with an R, G or B above 1, and whether every alpha is
// exactly 1 (bit for bit). AVX2 where the CPU has it, a scalar loop elsewhere; both give the
// same counts.
#ifndef EDR_RGBA_SCAN_H
#define EDR_RGBA_SCAN_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The census of `count` pixels of 4 floats at `rgba`.
typedef struct EDRRGBACensus {
  /// Pixels whose R, G or B has all exponent bits set (NaN or ±∞).
  int64_t nonFinitePixels;
  /// Pixels whose R, G or B is above 1.
  int64_t brightPixels;
  /// Whether every alpha's bits are those of 1.0.
  bool opaque;
} EDRRGBACensus;

EDRRGBACensus edr_rgba_census(const float *rgba, int64_t count);

#ifdef __cplusplus
}
#endif

#endif
