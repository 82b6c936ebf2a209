// Replaces the global operator new/delete (the forms OpenEXR uses) with malloc/free, as
// libstdc++'s own do, plus the per-thread cap of allocation_cap.h.
#include "allocation_cap.h"

#include <cstdlib>
#include <new>

namespace {
thread_local size_t cap = 0;
thread_local size_t lastRefused = 0;
}  // namespace

CappedAllocations::CappedAllocations(size_t limit) {
  cap = limit;
  lastRefused = 0;
}

CappedAllocations::~CappedAllocations() { cap = 0; }

size_t CappedAllocations::refused() { return lastRefused; }

void *operator new(std::size_t size) {
  if (cap != 0 && size > cap) {
    lastRefused = size;
    throw std::bad_alloc();
  }
  if (size == 0) size = 1;
  for (;;) {
    if (void *p = std::malloc(size)) return p;
    std::new_handler handler = std::get_new_handler();
    if (!handler) throw std::bad_alloc();
    handler();
  }
}

void *operator new[](std::size_t size) { return ::operator new(size); }
void operator delete(void *p) noexcept { std::free(p); }
void operator delete[](void *p) noexcept { std::free(p); }
void operator delete(void *p, std::size_t) noexcept { std::free(p); }
void operator delete[](void *p, std::size_t) noexcept { std::free(p); }
