// The probes and the combining of the `bounded` extrapolation for the pixels `edr_list_below`
// listed (LUTEngine's `BoundedBatch`), with LUTEngine's `BoundedExtension` arithmetic (its
// `forEachProbe` and `combine`, the definition) in the same order, so the same bits.
#ifndef EDR_BOUNDED_COMBINE_H
#define EDR_BOUNDED_COMBINE_H

#include <stdint.h>

#include "edr_lut_kernels.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The domain of a transform's first stage, per channel (`BoundedExtension.low`/`high`).
typedef struct EDRBoundedDomain {
  float low[3];
  float high[3];
} EDRBoundedDomain;

/// Writes the probes of listed pixels 0 ..< count (`channels` and `inputs` as
/// `edr_list_below` wrote them) to `probes` as R, G, B, 0, pixel after pixel, in
/// `BoundedExtension.forEachProbe`'s order, less the probe that is the input itself
/// (`BoundedExtension.probeIsInput`: the step's end when one channel is below). `probes`
/// holds 7 · count pixels. Returns how many probes were written.
int64_t edr_bounded_probes(const EDRBoundedDomain *domain, int64_t count,
                           const uint8_t *channels, const float *inputs, float *probes);

/// Combines the listed pixels' steps from `values`, the probes of `edr_bounded_probes` after
/// the lookup (RGBA, alpha unused), and `pixels`, which holds f(x) for every pixel of the
/// tile (so for the probe left out); writes the bounded value of each pixel with a step over
/// its cap to `pixels[listed[i]]` and leaves the others' f(x).
void edr_bounded_combine(const EDRBoundedDomain *domain, int64_t count, const int32_t *listed,
                         const uint8_t *channels, const float *inputs, const float *values,
                         EDRPixels pixels);

#ifdef __cplusplus
}
#endif

#endif
