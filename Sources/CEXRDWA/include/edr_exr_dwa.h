/* RasterIO's bridge to OpenEXR's C++ library, for the DWAA/DWAB codecs that OpenEXRCore 3.1
   (Debian 12) lacks, the B44/B44A float chunks it decodes wrongly, and the RGBA interface's
   luminance/chroma reconstruction, which OpenEXRCore does not have. Plain C: no exception crosses it; every failure is a return value of -1
   and a message. */
#pragma once
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One channel's samples: row-major over its sampled grid (the data window's columns and rows
   whose coordinates are multiples of the sampling). pixel_type: 0 uint, 1 half, 2 float. */
typedef struct edr_exr_channel {
  const char *name;
  int pixel_type;
  int x_sampling, y_sampling;
  int perceptually_linear;
  void *samples;
} edr_exr_channel;

/* One resolution level of a tiled part below full resolution: its channels, in the part's
   order, over the level's own data window (the part's corner, the level's size). */
typedef struct edr_exr_level {
  int x, y;
  const edr_exr_channel *channels;
} edr_exr_level;

/* One part to write: scanline, or tiled when tile_size[0] > 0. Header attributes not set here are copied from part
   source_part of source_path (when source_path is not NULL). */
typedef struct edr_exr_part {
  const char *source_path;
  int source_part;
  const char *name; /* NULL: none */
  int data_window[4];    /* min x, min y, max x, max y */
  int display_window[4];
  int compression;       /* OpenEXR's numbering: 8 DWAA, 9 DWAB… */
  int line_order;
  float pixel_aspect_ratio;
  float screen_window_center[2];
  float screen_window_width;
  const char *const *string_names;
  const char *const *string_values;
  int string_count;
  const float *chromaticities; /* red x y, green x y, blue x y, white x y; or NULL */
  int preview_size[2];          /* width, height of preview_rgba */
  const unsigned char *preview_rgba; /* the preview attribute's RGBA bytes; or NULL */
  const edr_exr_channel *channels;
  int channel_count;
  int tile_size[2];  /* 0, 0: scanlines */
  int level_mode;    /* OpenEXR's numbering: 0 one level, 1 mip-map, 2 rip-map */
  int level_rounding; /* 0 down, 1 up */
  const edr_exr_level *levels; /* every level but (0, 0), in file order */
  int level_count;
} edr_exr_part;

/* Decodes every channel of part `part` of `path` into the given buffers (one per channel,
   named as in the file). Returns 0, or -1 with a message in `message`. */
int edr_exr_read_part(const char *path, int part, const edr_exr_channel *channels, int count,
                      int threads, char *message, size_t message_size);

/* Decodes every channel of level (level_x, level_y) of tiled part `part` of `path` into the
   given buffers (over the level's data window). Returns 0, or -1 with a message. */
int edr_exr_read_level(const char *path, int part, int level_x, int level_y,
                       const edr_exr_channel *channels, int count, int threads, char *message,
                       size_t message_size);

/* Reads the luminance/chroma layer `layer` ("" for the unnamed one: Y, RY, BY and A) of a
   single-part file through Imf::RgbaInputFile, which reconstructs full-resolution chroma and
   converts to RGB with the file's chromaticities, as OpenEXR's RGBA interface does; `rgba`
   receives width × height pixels of 4 halfs (R, G, B, A), row-major over the data window.
   Returns 0, or -1 with a message in `message`. */
int edr_exr_read_yca(const char *path, const char *layer, unsigned short *rgba, int width,
                     int height, int threads, char *message, size_t message_size);

/* Writes scanline and tiled parts (every level) through file descriptor `fd` (from offset 0),
   encoding on `threads` threads. Returns 0, or -1 with a message in `message`. */
int edr_exr_write_parts(int fd, const edr_exr_part *parts, int count, int threads,
                        char *message, size_t message_size);

#ifdef __cplusplus
}
#endif
