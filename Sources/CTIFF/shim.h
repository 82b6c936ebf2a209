#pragma once
#include <tiffio.h>
#include <stdint.h>
#include <string.h>

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
static inline int ctiff_get_u64(TIFF *t, uint32_t tag, uint64_t *v) { return TIFFGetField(t, tag, v); }
static inline int ctiff_set_u64(TIFF *t, uint32_t tag, uint64_t v) { return TIFFSetField(t, tag, v); }

/* Any tag of the current directory as libtiff holds it in memory: `*data` points at `*count`
   values of `*size` bytes each (host order; an ASCII tag is its text with the final NUL).
   Scalars are copied into `scalar` (8 bytes). Returns 0 when the tag is absent or has a shape
   these helpers do not handle (variable count without a count argument). */
static inline int ctiff_get_any(TIFF *t, uint32_t tag, uint32_t *count, int *size,
                                const void **data, void *scalar) {
  const TIFFField *f = TIFFFindField(t, tag, TIFF_ANY);
  if (!f) return 0;
  *size = TIFFFieldSetGetSize(f);
  if (TIFFFieldDataType(f) == TIFF_ASCII && !TIFFFieldPassCount(f)) {
    const char *s = NULL;
    if (TIFFGetField(t, tag, &s) != 1 || !s) return 0;
    *data = s;
    *count = (uint32_t)strlen(s) + 1;
    *size = 1;
    return 1;
  }
  if (TIFFFieldPassCount(f)) {
    if (TIFFFieldSetGetCountSize(f) == 4) {
      uint32_t n = 0;
      if (TIFFGetField(t, tag, &n, data) != 1) return 0;
      *count = n;
    } else {
      uint16_t n = 0;
      if (TIFFGetField(t, tag, &n, data) != 1) return 0;
      *count = n;
    }
    return 1;
  }
  int fixed = TIFFFieldReadCount(f);
  if (fixed == 1) {
    if (*size < 1 || *size > 8 || TIFFGetField(t, tag, scalar) != 1) return 0;
    *data = scalar;
    *count = 1;
    return 1;
  }
  if (fixed > 1) {
    if (TIFFGetField(t, tag, data) != 1) return 0;
    *count = (uint32_t)fixed;
    return 1;
  }
  return 0;
}

/* Sets a tag from values in the form ctiff_get_any gives. A tag this handle does not know (a
   private one, read as anonymous) is first registered with `type`, as libtiff registers
   unknown tags it reads. */
static inline int ctiff_set_any(TIFF *t, uint32_t tag, uint16_t type, uint32_t count,
                                const void *data) {
  const TIFFField *f = TIFFFindField(t, tag, TIFF_ANY);
  if (!f) {
    TIFFFieldInfo info = {tag, TIFF_VARIABLE2, TIFF_VARIABLE2, (TIFFDataType)type,
                          FIELD_CUSTOM, 1, 1, (char *)"Unknown"};
    if (TIFFMergeFieldInfo(t, &info, 1) != 0) return 0;
    f = TIFFFindField(t, tag, TIFF_ANY);
    if (!f) return 0;
  }
  if (TIFFFieldDataType(f) == TIFF_ASCII && !TIFFFieldPassCount(f)) {
    return TIFFSetField(t, tag, (const char *)data);
  }
  if (TIFFFieldPassCount(f)) {
    if (TIFFFieldSetGetCountSize(f) == 4) return TIFFSetField(t, tag, count, data);
    return TIFFSetField(t, tag, (int)count, data);
  }
  if (TIFFFieldReadCount(f) != 1) return TIFFSetField(t, tag, data);
  int size = TIFFFieldSetGetSize(f);
  switch (TIFFFieldDataType(f)) {
  case TIFF_RATIONAL: case TIFF_SRATIONAL: case TIFF_FLOAT: case TIFF_DOUBLE:
    return size == 8 ? TIFFSetField(t, tag, *(const double *)data)
                     : TIFFSetField(t, tag, (double)*(const float *)data);
  default:
    switch (size) {
    case 1: return TIFFSetField(t, tag, (int)*(const uint8_t *)data);
    case 2: return TIFFSetField(t, tag, (int)*(const uint16_t *)data);
    case 4: return TIFFSetField(t, tag, *(const uint32_t *)data);
    case 8: return TIFFSetField(t, tag, *(const uint64_t *)data);
    default: return 0;
    }
  }
}
