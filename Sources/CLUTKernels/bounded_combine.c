// edr_bounded_probes and edr_bounded_combine (edr_bounded_combine.h): BoundedExtension's
// forEachProbe and combine over a tile's listed pixels, operation for operation (the same
// subtractions, divisions, comparisons and sums in the same order, never contracted), so the
// bits are the definition's.
#include "edr_bounded_combine.h"

#include <math.h>
#include <string.h>

#pragma clang fp contract(off)

/// Swift's max(x, y): y when y >= x, else x (so x when either is NaN).
static inline float swift_max(float x, float y) { return y >= x ? y : x; }

/// BoundedExtension.largest: max(|v0|, |v1|, |v2|) as Swift's three-argument max folds it.
static inline float largest(const float v[3]) {
  return swift_max(swift_max(fabsf(v[0]), fabsf(v[1])), fabsf(v[2]));
}

/// Whether one channel alone is below: then the step's end is x itself.
static inline int single(int below) { return (below & (below - 1)) == 0; }

int64_t edr_bounded_probes(const EDRBoundedDomain *domain, int64_t count,
                           const uint8_t *channels, const float *inputs, float *probes) {
  int64_t n = 0;
  for (int64_t i = 0; i < count; i++) {
    int below = channels[i];
    const float *x = inputs + 4 * i;
    float c[4] = {x[0], x[1], x[2], 0};
    for (int k = 0; k < 3; k++) {
      if (below & (1 << k)) c[k] = domain->low[k];
    }
    memcpy(probes + 4 * n++, c, sizeof c);
    int skips = single(below);
    for (int k = 0; k < 3; k++) {
      if (!(below & (1 << k))) continue;
      float probe[4] = {c[0], c[1], c[2], 0};
      if (!skips) {
        probe[k] = x[k];
        memcpy(probes + 4 * n++, probe, sizeof probe);
      }
      probe[k] = domain->high[k];
      memcpy(probes + 4 * n++, probe, sizeof probe);
    }
  }
  return n;
}

void edr_bounded_combine(const EDRBoundedDomain *domain, int64_t count, const int32_t *listed,
                         const uint8_t *channels, const float *inputs, const float *values,
                         EDRPixels pixels) {
  const float *probe = values;
  for (int64_t i = 0; i < count; i++) {
    int below = channels[i];
    const float *x = inputs + 4 * i;
    int skips = single(below);
    float *red = pixels.red + (int64_t)listed[i] * pixels.stride;
    int64_t greenOffset = pixels.green - pixels.red, blueOffset = pixels.blue - pixels.red;
    const float fx[3] = {red[0], red[greenOffset], red[blueOffset]};
    const float *base = probe;
    probe += 4;
    float out[3] = {base[0], base[1], base[2]};
    int capped = 0;
    for (int k = 0; k < 3; k++) {
      if (!(below & (1 << k))) continue;
      float remainder = domain->low[k] - x[k];
      float span = domain->high[k] - domain->low[k];
      const float *end = skips ? fx : probe;
      if (!skips) probe += 4;
      const float *across = probe;
      probe += 4;
      float step[3] = {end[0] - base[0], end[1] - base[1], end[2] - base[2]};
      const float gain[3] = {across[0] - base[0], across[1] - base[1], across[2] - base[2]};
      float cap = swift_max(1, largest(gain) / span);
      float slope = largest(step) / remainder;
      if (!isfinite(slope)) {
        // The extension overflowed: carry the remainder down this channel at the cap.
        step[0] = step[1] = step[2] = 0;
        step[k] = -cap * remainder;
        capped = 1;
      } else if (slope > cap) {
        float scale = cap / slope;
        step[0] *= scale, step[1] *= scale, step[2] *= scale;
        capped = 1;
      }
      out[0] += step[0], out[1] += step[1], out[2] += step[2];
    }
    if (capped) red[0] = out[0], red[greenOffset] = out[1], red[blueOffset] = out[2];
  }
}
