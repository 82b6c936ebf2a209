// A check of an OpenEXR file's headers before OpenEXR's C++ library parses them.
#ifndef EDR_EXR_HEADER_BOUNDS_H
#define EDR_EXR_HEADER_BOUNDS_H

#include <string>

/// Whether every attribute in the headers of the OpenEXR file at `path` declares no more bytes
/// than the file holds after it (and a preview attribute exactly the bytes of its width ×
/// height), so that the C++ library's header parser, which allocates what an attribute
/// declares before reading it, cannot be made to allocate gigabytes by a small file. On
/// `false`, `problem` says which attribute and why. A file this check cannot read is left to
/// the library's own errors (`true`).
bool edr_exr_headers_fit(const char *path, std::string &problem);

#endif
