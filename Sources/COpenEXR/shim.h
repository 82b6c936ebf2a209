#pragma once
#include <OpenEXR/openexr.h>

/* EXR_DEFAULT_CONTEXT_INITIALIZER is a brace macro, which Swift cannot import. */
static inline exr_context_initializer_t cexr_default_initializer(void) {
  exr_context_initializer_t i = EXR_DEFAULT_CONTEXT_INITIALIZER;
  return i;
}
