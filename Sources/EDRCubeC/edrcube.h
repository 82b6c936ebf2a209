/* EDRCube's C API: the library behind the Python wheel (python/, docs/python.md).
 *
 * Handles are opaque; every handle and string the library returns is freed with the matching
 * edrcube_*_free function. Options, metadata, reports and errors travel as UTF-8 JSON strings,
 * so the ABI stays fixed as options grow. An error is a JSON object
 * {"kind": "...", "message": "...", "file": str|null, "line": int|null, "column": int|null}
 * written to *error (when error is not NULL) and a NULL / non-zero return. */
#ifndef EDRCUBE_H
#define EDRCUBE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The C API's version; it changes when a signature changes. */
int edrcube_api_version(void);

/** Reads a .cube, .clf or .ctf file. */
void *edrcube_lut_read(const char *path, char **error);
/** A cube from a size³·3 table (red fastest), its domain and title (may be NULL). */
void *edrcube_lut_from_table(const float *values, long size, const float *domain_min,
                             const float *domain_max, const char *title, char **error);
/** Metadata as JSON: kind, size, domain, title, space, shaper_size, comments, warnings. */
char *edrcube_lut_info(const void *lut);
/** Copies the 3D table (size³·3 floats, red fastest) to out; returns the floats copied. */
long edrcube_lut_table(const void *lut, float *out, long capacity);
/** Writes a cube as .cube (profile: adobe, resolve or ocio) or, by extension, as CLF. */
int edrcube_lut_write(const void *lut, const char *path, const char *profile, char **error);
void edrcube_lut_free(void *lut);

/** An application of lut under options JSON (interpolation, extrapolation, policy, lut_space,
 * lut_primaries, lut_output_space, lut_output_primaries, reference_white, working_space,
 * working_primaries), resolved as the CLI's eval and apply resolve their flags. */
void *edrcube_transform_new(const void *lut, const char *options, char **error);
/** The summary line the CLI prints for this transform (lut: ...: space ...). */
char *edrcube_transform_summary(const void *transform);
/** Applies in place to pixels·channels contiguous floats (channels ≥ 3; channels past the
 * third are untouched) on `threads` workers (≤ 0: every core). */
void edrcube_transform_apply(const void *transform, float *buffer, long pixels, int channels,
                             int threads);
void edrcube_transform_free(void *transform);

/** Converts an SDR cube to PQ or HLG (options JSON: to, shaper, size, reference_white,
 * policy, interpolation, peak, placement, fit, report); *report gets the ΔE_ITP report as
 * JSON (or "null" without "report": true). */
void *edrcube_convert(const void *lut, const char *options, char **report, char **error);

/** Bakes the cube `edrcube generate KIND` makes (kind: identity, transfer, gamut, look;
 * options JSON: the command's flags in snake_case, e.g. {"from": "srgb", "to": "pq"} or
 * {"exposure": 1, "white_balance": [1, 0.9, 0.8]}); a LUT handle for edrcube_lut_free. */
void *edrcube_generate(const char *kind, const char *options, char **error);

/** Lints kernel source (options JSON: path, dialect); returns the findings as a JSON array. */
char *edrcube_lint(const char *source, const char *options, char **error);

void edrcube_string_free(char *string);

#ifdef __cplusplus
}
#endif

#endif
