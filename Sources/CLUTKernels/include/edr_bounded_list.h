// The pixels of a run that the `bounded` extrapolation corrects (LUTEngine's `BoundedBatch`):
// those with a finite R, G or B below the domain. AVX2 on RGBA runs where the CPU has it, a
// scalar loop elsewhere; both give the same list.
#ifndef EDR_BOUNDED_LIST_H
#define EDR_BOUNDED_LIST_H

#include <stdint.h>

#include "edr_lut_kernels.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Lists pixels 0 ..< count of `pixels` with a channel k where low[k] > x_k > −∞ (NaN never
/// counts), in order: entry n gets the pixel's index in `listed[n]`, those channels as bits
/// (red 1, green 2, blue 4) in `channels[n]`, and its R, G, B, 0 in `inputs[4n ..< 4n + 4]`.
/// Each array holds `count` entries. Returns how many pixels are listed.
int64_t edr_list_below(EDRPixels pixels, int64_t count, const float low[3], int32_t *listed,
                       uint8_t *channels, float *inputs);

#ifdef __cplusplus
}
#endif

#endif
