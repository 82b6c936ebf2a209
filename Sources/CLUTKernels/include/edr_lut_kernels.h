// EDRCube's hand-written x86-64 LUT kernels (SSE2, the x86-64 baseline; AVX2 with FMA where
// the CPU has both). They evaluate docs/semantics.md §3 with the operations, in the order, of
// LUTEngine's ReferenceKernel (whose trilinear blends are fused multiply-adds: FMA
// instructions in the AVX2 variant, an exact emulation in the SSE2 one), so their results
// equal the reference's (as values: the sign of a zero may differ) and do not depend on the
// instruction set chosen or on the thread count.
//
// LUTEngine prepares one `EDRLookup` per table and mode (`NativeTables`) and applies it; on
// other architectures `edr_kernels_available()` is false and LUTEngine's portable Swift kernels
// run instead.
#ifndef EDR_LUT_KERNELS_H
#define EDR_LUT_KERNELS_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The input side of one table stage: t = (x − lo) · scale with scale = last / (hi − lo),
/// cell = clamp(floor(t), 0, lastCell). Lane 3 is padding (lo 0, scale 1).
typedef struct EDRAxis {
  float lo[4];
  float scale[4];
  float last;
  float lastCell;
} EDRAxis;

/// A 3D table prepared by `edr_cube3d_prepare`.
typedef struct EDRCube3D {
  /// size³ nodes of 4 floats (r, g, b, 0), red fastest, then green, then blue.
  const float *nodes;
  /// Nodes per axis (2…).
  int32_t size;
  /// Floats from a node to its neighbour in green (4·size) and in blue (4·size²).
  int64_t greenStep;
  int64_t blueStep;
  EDRAxis axis;
  /// Per tetrahedral case (6 comparison bits), the float offsets of the two middle corners.
  int64_t tetraCorners[64][2];
} EDRCube3D;

/// A 1D table (the shaper in front of a 3D table).
typedef struct EDRTable1D {
  /// size rows of interleaved r, g, b (file order).
  const float *values;
  int32_t size;
  EDRAxis axis;
} EDRTable1D;

/// The red, green and blue floats of a run of pixels: pixel p's red is red[p · stride].
typedef struct EDRPixels {
  float *red;
  float *green;
  float *blue;
  int64_t stride;
} EDRPixels;

/// Whether the kernels can run on this machine (x86-64 builds only).
bool edr_kernels_available(void);

/// Whether this CPU can run the AVX2 variant (it has AVX2 and FMA); otherwise SSE2 runs.
bool edr_kernels_avx2_supported(void);

/// a[i]·b[i] + c[i] rounded once, i < count, as the SSE2 variant computes it (for tests).
void edr_sse2_fused_multiply_add(const float *a, const float *b, const float *c, float *out,
                                 int64_t count);

/// Fills `cube` for a table of `size`³ padded nodes at `nodes` over [lo, hi].
void edr_cube3d_prepare(EDRCube3D *cube, const float *nodes, int32_t size, const float lo[3],
                        const float hi[3]);

/// Fills `table` for a 1D table of `size` RGB rows at `values` over [lo, hi].
void edr_table1d_prepare(EDRTable1D *table, const float *values, int32_t size, const float lo[3],
                         const float hi[3]);

/// One specialised pixel loop: an optional shaper then a 3D table on pixels first ..< first +
/// count of `source`, written to the same pixels of `destination` (which may be `source`); only
/// R, G and B are read and written. Returns the number of pixels whose input R, G or B was NaN
/// or ±∞.
typedef int64_t (*EDRLookupLoop)(const EDRTable1D *shaper, const EDRCube3D *cube,
                                 EDRPixels source, EDRPixels destination, int64_t first,
                                 int64_t count);

/// A lookup prepared once (as OpenColorIO's CPU ops store their apply function): its stages
/// and the loops `edr_lookup_prepare` chose for them, one per pixel layout, so that applying it
/// decides nothing but how the pixels lie in memory.
typedef struct EDRLookup {
  /// The shaper in front of the table, or NULL.
  const EDRTable1D *shaper;
  const EDRCube3D *cube;
  /// The loop per layout: strided, packed (R, G, B adjacent, a pixel at least 4 floats),
  /// planar (stride 1), RGBA in and out.
  EDRLookupLoop loops[4];
} EDRLookup;

/// Fills `lookup` for `shaper` (or NULL) then `cube`, choosing its loops once: `tetrahedral`
/// the interpolation (else trilinear), `linear` the extrapolation (else clamp), `avx2` the AVX2
/// loops (only where `edr_kernels_avx2_supported()`), else the SSE2 ones; all give the same
/// bits. The tables must outlive the lookup.
void edr_lookup_prepare(EDRLookup *lookup, const EDRTable1D *shaper, const EDRCube3D *cube,
                        bool tetrahedral, bool linear, bool avx2);

/// Applies `lookup` to pixels first ..< first + count of `source`, writing the same pixels of
/// `destination` (which may be `source`) with the loop for their layout (see `EDRLookupLoop`).
///
/// Returns the number of pixels whose input R, G or B was NaN or ±∞.
int64_t edr_lookup_apply(const EDRLookup *lookup, EDRPixels source, EDRPixels destination,
                         int64_t first, int64_t count);

#ifdef __cplusplus
}
#endif

#endif
