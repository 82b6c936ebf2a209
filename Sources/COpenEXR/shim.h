#pragma once
#include <OpenEXR/openexr.h>
/* libdeflate (a dependency of libtiff-dev) compresses ZIP chunks ~2x faster than OpenEXRCore
   3.1's zlib; RasterIO plugs it in as the encode pipeline's compress_fn. */
#include <libdeflate.h>

/* EXR_DEFAULT_CONTEXT_INITIALIZER is a brace macro, which Swift cannot import. */
static inline exr_context_initializer_t cexr_default_initializer(void) {
  exr_context_initializer_t i = EXR_DEFAULT_CONTEXT_INITIALIZER;
  return i;
}

/* Starts writeback of a file's dirty pages without waiting (Linux sync_file_range with
   SYNC_FILE_RANGE_WRITE), so the fsync after a large write has little left to wait for.
   Glibc declares it only under _GNU_SOURCE, which Swift's Glibc module does not set.
   Returns 0, or -1 where the call does not exist. */
#if defined(__linux__)
#include <sys/types.h>
extern int sync_file_range(int fd, __off64_t offset, __off64_t count, unsigned int flags);
static inline int rasterio_start_writeback(int fd) {
  return sync_file_range(fd, 0, 0, 2 /* SYNC_FILE_RANGE_WRITE */);
}
#else
static inline int rasterio_start_writeback(int fd) { (void)fd; return -1; }
#endif
