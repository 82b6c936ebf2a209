#pragma once
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <unistd.h>

/*
 * libpng reports errors by longjmp, which Swift cannot catch. These helpers own the setjmp and
 * turn every libpng error into a return value of 0 plus a message in `err` (never printed).
 * Samples are RGB or RGBA, 8-bit, or 16-bit in host (little-endian) order.
 */

typedef struct { char *buffer; size_t length; } cpng_message_t;

static inline void cpng_error_fn(png_structp png, png_const_charp msg) {
  cpng_message_t *m = (cpng_message_t *)png_get_error_ptr(png);
  if (m && m->buffer && m->length) snprintf(m->buffer, m->length, "%s", msg);
  png_longjmp(png, 1);
}

static inline void cpng_warning_fn(png_structp png, png_const_charp msg) { (void)png; (void)msg; }

/* Reads the header: size, bit depth (8 or 16 after the transforms below), 4 channels out. */
static inline int cpng_read_header(
    const char *path, uint32_t *width, uint32_t *height, int *bit_depth, int *has_alpha,
    char *err, size_t err_len) {
  cpng_message_t msg = {err, err_len};
  FILE *f = fopen(path, "rb");
  if (!f) { snprintf(err, err_len, "cannot open file"); return 0; }
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &msg, cpng_error_fn, cpng_warning_fn);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (!png || !info) { png_destroy_read_struct(&png, &info, NULL); fclose(f); snprintf(err, err_len, "out of memory"); return 0; }
  if (setjmp(png_jmpbuf(png))) { png_destroy_read_struct(&png, &info, NULL); fclose(f); return 0; }
  png_init_io(png, f);
  png_read_info(png, info);
  *width = png_get_image_width(png, info);
  *height = png_get_image_height(png, info);
  *bit_depth = png_get_bit_depth(png, info) == 16 ? 16 : 8;
  int ct = png_get_color_type(png, info);
  *has_alpha = (ct & PNG_COLOR_MASK_ALPHA) || png_get_valid(png, info, PNG_INFO_tRNS);
  png_destroy_read_struct(&png, &info, NULL);
  fclose(f);
  return 1;
}

/* Reads all pixels as RGBA (opaque alpha added) into `pixels`, `row_bytes` per row. */
static inline int cpng_read_rgba(
    const char *path, void *pixels, size_t row_bytes, uint32_t height, char *err, size_t err_len) {
  cpng_message_t msg = {err, err_len};
  FILE *f = fopen(path, "rb");
  if (!f) { snprintf(err, err_len, "cannot open file"); return 0; }
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &msg, cpng_error_fn, cpng_warning_fn);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  png_bytep *volatile rows = NULL;
  if (!png || !info) { png_destroy_read_struct(&png, &info, NULL); fclose(f); snprintf(err, err_len, "out of memory"); return 0; }
  if (setjmp(png_jmpbuf(png))) { free(rows); png_destroy_read_struct(&png, &info, NULL); fclose(f); return 0; }
  png_init_io(png, f);
  png_read_info(png, info);
  if (png_get_image_height(png, info) != height) png_error(png, "image changed while reading");
  png_set_expand(png);
  png_set_gray_to_rgb(png);
  if (png_get_bit_depth(png, info) == 16) png_set_swap(png);
  png_set_add_alpha(png, 0xFFFF, PNG_FILLER_AFTER);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != row_bytes) png_error(png, "unexpected row size");
  rows = (png_bytep *)malloc(sizeof(png_bytep) * height);
  if (!rows) png_error(png, "out of memory");
  for (uint32_t y = 0; y < height; ++y) rows[y] = (png_bytep)pixels + (size_t)y * row_bytes;
  png_read_image(png, rows);
  png_read_end(png, NULL);
  free(rows);
  png_destroy_read_struct(&png, &info, NULL);
  fclose(f);
  return 1;
}

/* Writes RGB (channels 3) or RGBA (channels 4) samples, 8- or 16-bit, to `path`. */
static inline int cpng_write(
    int fd, const void *pixels, uint32_t width, uint32_t height, int channels,
    int bit_depth, char *err, size_t err_len) {
  cpng_message_t msg = {err, err_len};
  /* A duplicate of the caller's descriptor: fclose closes only the duplicate. */
  int own = dup(fd);
  FILE *f = own >= 0 ? fdopen(own, "wb") : NULL;
  if (!f) { if (own >= 0) close(own); snprintf(err, err_len, "cannot open the file for writing: %s", strerror(errno)); return 0; }
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &msg, cpng_error_fn, cpng_warning_fn);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (!png || !info) { png_destroy_write_struct(&png, &info); fclose(f); snprintf(err, err_len, "out of memory"); return 0; }
  if (setjmp(png_jmpbuf(png))) { png_destroy_write_struct(&png, &info); fclose(f); return 0; }
  png_init_io(png, f);
  png_set_IHDR(png, info, width, height, bit_depth,
               channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  if (bit_depth == 16) png_set_swap(png);
  size_t row_bytes = (size_t)width * (size_t)channels * (size_t)(bit_depth / 8);
  for (uint32_t y = 0; y < height; ++y) png_write_row(png, (png_const_bytep)pixels + (size_t)y * row_bytes);
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  if (fflush(f) != 0) { fclose(f); snprintf(err, err_len, "write failed"); return 0; }
  if (fclose(f) != 0) { snprintf(err, err_len, "write failed"); return 0; }
  return 1;
}
