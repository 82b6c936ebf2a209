#pragma once
#include <tiffio.h>
#include <stdint.h>

/* TIFFSetField / TIFFGetField are variadic, which Swift cannot call: one typed helper per shape. */
static inline int ctiff_set_u16(TIFF *t, uint32_t tag, uint16_t v) { return TIFFSetField(t, tag, (int)v); }
static inline int ctiff_set_u32(TIFF *t, uint32_t tag, uint32_t v) { return TIFFSetField(t, tag, v); }
static inline int ctiff_set_float(TIFF *t, uint32_t tag, float v) { return TIFFSetField(t, tag, (double)v); }
static inline int ctiff_set_string(TIFF *t, uint32_t tag, const char *v) { return TIFFSetField(t, tag, v); }
static inline int ctiff_set_counted_bytes(TIFF *t, uint32_t tag, uint32_t n, const void *v) {
  return TIFFSetField(t, tag, n, v);
}
static inline int ctiff_set_counted_u16(TIFF *t, uint32_t tag, uint16_t n, const uint16_t *v) {
  return TIFFSetField(t, tag, (int)n, v);
}
static inline int ctiff_get_u16(TIFF *t, uint32_t tag, uint16_t *v) { return TIFFGetField(t, tag, v); }
static inline int ctiff_get_u32(TIFF *t, uint32_t tag, uint32_t *v) { return TIFFGetField(t, tag, v); }
static inline int ctiff_get_float(TIFF *t, uint32_t tag, float *v) { return TIFFGetField(t, tag, v); }
static inline int ctiff_get_string(TIFF *t, uint32_t tag, const char **v) { return TIFFGetField(t, tag, v); }
static inline int ctiff_get_counted_bytes(TIFF *t, uint32_t tag, uint32_t *n, const void **v) {
  return TIFFGetField(t, tag, n, v);
}
static inline int ctiff_get_counted_u16(TIFF *t, uint32_t tag, uint16_t *n, const uint16_t **v) {
  return TIFFGetField(t, tag, n, v);
}
static inline int ctiff_get_u16_defaulted(TIFF *t, uint32_t tag, uint16_t *v) {
  return TIFFGetFieldDefaulted(t, tag, v);
}
