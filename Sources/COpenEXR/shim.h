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
