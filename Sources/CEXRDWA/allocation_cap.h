// A cap on single C++ allocations while OpenEXR's C++ library reads a file.
#ifndef EDR_ALLOCATION_CAP_H
#define EDR_ALLOCATION_CAP_H

#include <cstddef>

/// While one is alive on a thread, an `operator new` on that thread asking for more than
/// `limit` bytes at once throws `std::bad_alloc` instead of reaching malloc. OpenEXR's C++
/// header parser allocates what a header declares before reading it (an attribute's value,
/// a channel or offset table), so a small hostile file could otherwise make it ask for
/// gigabytes (docs/reliability.md, pitfall 12).
class CappedAllocations {
 public:
  explicit CappedAllocations(size_t limit);
  ~CappedAllocations();
  CappedAllocations(const CappedAllocations &) = delete;
  CappedAllocations &operator=(const CappedAllocations &) = delete;

  /// The size of the last request refused on this thread (0: none).
  static size_t refused();
};

#endif
