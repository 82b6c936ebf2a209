// OpenEXR's header layout (openexr.com, "OpenEXR File Layout"): magic 20000630, a version
// field whose bit 12 marks a multi-part file, then per part a list of attributes — name\0,
// type\0, a little-endian int32 size, the value — ended by an empty name; a multi-part
// file's list of headers ends with one more empty name.
#include "exr_header_bounds.h"

#include <cstdint>
#include <cstdio>
#include <memory>

namespace {

constexpr uint32_t multiPartBit = 0x1000;
constexpr int maximumName = 256;

struct Reader {
  FILE *file;
  long size;

  long position() const { return std::ftell(file); }

  /// A NUL-terminated name of at most `maximumName` bytes; false at the end of the file.
  bool name(std::string &out) {
    out.clear();
    for (int i = 0; i <= maximumName; i++) {
      int c = std::fgetc(file);
      if (c == EOF) return false;
      if (c == 0) return true;
      out.push_back(char(c));
    }
    return false;
  }

  bool u32(uint32_t &out) {
    unsigned char b[4];
    if (std::fread(b, 1, 4, file) != 4) return false;
    out = uint32_t(b[0]) | uint32_t(b[1]) << 8 | uint32_t(b[2]) << 16 | uint32_t(b[3]) << 24;
    return true;
  }
};

}  // namespace

bool edr_exr_headers_fit(const char *path, std::string &problem) {
  std::unique_ptr<FILE, int (*)(FILE *)> handle(std::fopen(path, "rb"), std::fclose);
  if (!handle) return true;
  Reader in{handle.get(), 0};
  if (std::fseek(in.file, 0, SEEK_END) != 0 || (in.size = std::ftell(in.file)) < 0 ||
      std::fseek(in.file, 0, SEEK_SET) != 0)
    return true;
  uint32_t magic, version;
  if (!in.u32(magic) || !in.u32(version) || magic != 20000630) return true;
  const bool multiPart = (version & multiPartBit) != 0;
  std::string name, type;
  for (;;) {
    // One header: attributes up to an empty name.
    for (;;) {
      if (!in.name(name)) return true;
      if (name.empty()) break;
      uint32_t declared;
      if (!in.name(type) || !in.u32(declared)) return true;
      const long start = in.position();
      const long left = in.size - start;
      if (int32_t(declared) < 0 || long(declared) > left) {
        problem = "the header attribute '" + name + "' (" + type + ") declares " +
                  std::to_string(int32_t(declared)) + " bytes, but only " +
                  std::to_string(left) + " follow it in the file";
        return false;
      }
      if (type == "preview") {
        uint32_t width, height;
        if (declared < 8 || !in.u32(width) || !in.u32(height)) return true;
        const uint64_t expected = 8 + 4 * uint64_t(width) * uint64_t(height);
        if (expected != declared) {
          problem = "the preview attribute '" + name + "' declares a " + std::to_string(width) +
                    "x" + std::to_string(height) + " image in " + std::to_string(declared) +
                    " bytes (" + std::to_string(expected) + " needed)";
          return false;
        }
      }
      if (std::fseek(in.file, start + long(declared), SEEK_SET) != 0) return true;
    }
    if (!multiPart) return true;
    // A multi-part file's headers end with one more empty name.
    int next = std::fgetc(in.file);
    if (next == EOF || next == 0) return true;
    std::ungetc(next, in.file);
  }
}
