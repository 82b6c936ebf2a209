// OpenEXR's C++ library behind RasterIO's C-only view: Imf::MultiPartInputFile and
// Imf::MultiPartOutputFile (scanline and tiled parts, every level) with frame buffers over
// RasterIO's sample arrays, and Imf::RgbaInputFile for luminance/chroma.
#include "edr_exr_dwa.h"
#include "allocation_cap.h"

// Built where OpenEXR's C++ headers are on the include path (Package.swift: Debian's paths on
// Linux); elsewhere the functions only report that the library is unavailable.
#if __has_include(<ImfMultiPartInputFile.h>)
#include <ImfChannelList.h>
#include <ImfChromaticitiesAttribute.h>
#include <ImfFrameBuffer.h>
#include <ImfHeader.h>
#include <ImfIO.h>
#include <ImfInputPart.h>
#include <ImfMultiPartInputFile.h>
#include <ImfMultiPartOutputFile.h>
#include <ImfOutputPart.h>
#include <ImfPartType.h>
#include <ImfPreviewImage.h>
#include <ImfRgbaFile.h>
#include <ImfStringAttribute.h>
#include <ImfTileDescription.h>
#include <ImfTiledInputPart.h>
#include <ImfTiledOutputPart.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

// Writes with pwrite at a position of its own; errors become Iex exceptions (caught below).
class DescriptorStream final : public Imf::OStream {
 public:
  explicit DescriptorStream(int fd) : Imf::OStream("output"), fd_(fd) {}
  void write(const char c[], int n) override {
    size_t done = 0;
    while (done < size_t(n)) {
      ssize_t count = pwrite(fd_, c + done, size_t(n) - done, off_t(position_ + done));
      if (count < 0 && errno == EINTR) continue;
      if (count <= 0) throw std::runtime_error(std::string("write failed: ") + strerror(errno));
      done += size_t(count);
    }
    position_ += uint64_t(n);
  }
  uint64_t tellp() override { return position_; }
  void seekp(uint64_t position) override { position_ = position; }

 private:
  int fd_;
  uint64_t position_ = 0;
};

int fail(char *message, size_t size, const char *text) {
  if (message && size > 0) snprintf(message, size, "%s", text);
  return -1;
}

// floor(a / b) for b > 0, also for negative a.
long long floorDiv(long long a, long long b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

size_t sampleBytes(int type) { return type == Imf::HALF ? 2 : 4; }

// A slice over a channel's sampled grid: OpenEXR finds pixel (x, y) at
// base + (x / xs) · xStride + (y / ys) · yStride, so base is moved back by the grid's first
// column and row (the first multiples of the sampling inside the data window).
Imf::Slice slice(const edr_exr_channel &c, const Imath::Box2i &window) {
  const long long xs = c.x_sampling, ys = c.y_sampling;
  const long long firstColumn = floorDiv(window.min.x + xs - 1, xs);
  const long long firstRow = floorDiv(window.min.y + ys - 1, ys);
  const long long columns = floorDiv(window.max.x, xs) - firstColumn + 1;
  const size_t xStride = sampleBytes(c.pixel_type);
  const size_t yStride = size_t(columns) * xStride;
  char *base = static_cast<char *>(c.samples) - firstColumn * (long long)xStride -
               firstRow * (long long)yStride;
  return Imf::Slice(Imf::PixelType(c.pixel_type), base, xStride, yStride, c.x_sampling,
                    c.y_sampling);
}

Imf::FrameBuffer frameBuffer(const edr_exr_channel *channels, int count,
                             const Imath::Box2i &window) {
  Imf::FrameBuffer buffer;
  for (int i = 0; i < count; i++) buffer.insert(channels[i].name, slice(channels[i], window));
  return buffer;
}

Imath::Box2i box(const int b[4]) { return Imath::Box2i(Imath::V2i(b[0], b[1]), Imath::V2i(b[2], b[3])); }

// The source's attributes that describe its own layout, rewritten below for the output.
bool isStale(const char *name) {
  for (const char *stale : {"tiles", "chunkCount", "name", "type"})
    if (std::strcmp(name, stale) == 0) return true;
  return false;
}

Imf::Header header(const edr_exr_part &p) {
  Imf::Header h;
  if (p.source_path) {
    // Copied attribute by attribute, leaving the stale ones out: OpenEXR 3.1's `Header::erase`
    // drops an attribute from its map without deleting it (a leak LeakSanitizer reports).
    Imf::MultiPartInputFile source(p.source_path);
    const Imf::Header &s = source.header(p.source_part);
    for (Imf::Header::ConstIterator a = s.begin(); a != s.end(); ++a)
      if (!isStale(a.name())) h.insert(a.name(), a.attribute());
  }
  h.dataWindow() = box(p.data_window);
  h.displayWindow() = box(p.display_window);
  h.compression() = Imf::Compression(p.compression);
  h.lineOrder() = Imf::LineOrder(p.line_order);
  h.pixelAspectRatio() = p.pixel_aspect_ratio;
  h.screenWindowCenter() = Imath::V2f(p.screen_window_center[0], p.screen_window_center[1]);
  h.screenWindowWidth() = p.screen_window_width;
  h.channels() = Imf::ChannelList();
  for (int i = 0; i < p.channel_count; i++) {
    const edr_exr_channel &c = p.channels[i];
    h.channels().insert(c.name, Imf::Channel(Imf::PixelType(c.pixel_type), c.x_sampling,
                                             c.y_sampling, c.perceptually_linear != 0));
  }
  if (p.tile_size[0] > 0) {
    h.setTileDescription(Imf::TileDescription(
        unsigned(p.tile_size[0]), unsigned(p.tile_size[1]), Imf::LevelMode(p.level_mode),
        Imf::LevelRoundingMode(p.level_rounding)));
    h.setType(Imf::TILEDIMAGE);
  } else {
    h.setType(Imf::SCANLINEIMAGE);
  }
  if (p.name) h.setName(p.name);
  for (int i = 0; i < p.string_count; i++)
    h.insert(p.string_names[i], Imf::StringAttribute(p.string_values[i]));
  if (const float *c = p.chromaticities) {
    h.insert("chromaticities",
             Imf::ChromaticitiesAttribute(Imf::Chromaticities(
                 Imath::V2f(c[0], c[1]), Imath::V2f(c[2], c[3]), Imath::V2f(c[4], c[5]),
                 Imath::V2f(c[6], c[7]))));
  }
  if (p.preview_rgba)
    h.setPreviewImage(Imf::PreviewImage(
        p.preview_size[0], p.preview_size[1],
        reinterpret_cast<const Imf::PreviewRgba *>(p.preview_rgba)));
  return h;
}

// Writes every level of tiled part `index`: (0, 0) from the part's channels, the others from
// its levels, each over the level's data window.
void writeTiles(Imf::MultiPartOutputFile &file, int index, const edr_exr_part &p) {
  Imf::TiledOutputPart output(file, index);
  auto write = [&](int x, int y, const edr_exr_channel *channels) {
    output.setFrameBuffer(frameBuffer(channels, p.channel_count, output.dataWindowForLevel(x, y)));
    output.writeTiles(0, output.numXTiles(x) - 1, 0, output.numYTiles(y) - 1, x, y);
  };
  write(0, 0, p.channels);
  for (int l = 0; l < p.level_count; l++) write(p.levels[l].x, p.levels[l].y, p.levels[l].channels);
}

// Runs one read of the C++ library with no single request on this thread above 256 MiB (its
// buffers are a chunk or a table; the pixels are RasterIO's, already bounded by RasterLimits),
// turning its exceptions into the message; `body` returns 0 or a `fail` of its own.
template <typename Body>
int cappedRead(char *message, size_t message_size, Body body) {
  CappedAllocations capped(size_t(256) << 20);
  try {
    return body();
  } catch (const std::bad_alloc &) {
    const std::string text = "the file asked OpenEXR's C++ library for " +
                             std::to_string(CappedAllocations::refused()) +
                             " bytes at once (more than 256 MiB): a corrupt header or table";
    return fail(message, message_size, text.c_str());
  } catch (const std::exception &e) {
    return fail(message, message_size, e.what());
  } catch (...) {
    return fail(message, message_size, "unknown OpenEXR error");
  }
}

}  // namespace

extern "C" int edr_exr_read_part(const char *path, int part, const edr_exr_channel *channels,
                                 int count, int threads, char *message, size_t message_size) {
  return cappedRead(message, message_size, [&] {
    Imf::MultiPartInputFile file(path, threads);
    Imf::InputPart input(file, part);
    const Imath::Box2i window = input.header().dataWindow();
    input.setFrameBuffer(frameBuffer(channels, count, window));
    input.readPixels(window.min.y, window.max.y);
    return 0;
  });
}

extern "C" int edr_exr_read_level(const char *path, int part, int level_x, int level_y,
                                  const edr_exr_channel *channels, int count, int threads,
                                  char *message, size_t message_size) {
  return cappedRead(message, message_size, [&] {
    Imf::MultiPartInputFile file(path, threads);
    Imf::TiledInputPart input(file, part);
    const Imath::Box2i window = input.dataWindowForLevel(level_x, level_y);
    input.setFrameBuffer(frameBuffer(channels, count, window));
    input.readTiles(0, input.numXTiles(level_x) - 1, 0, input.numYTiles(level_y) - 1, level_x,
                    level_y);
    return 0;
  });
}

extern "C" int edr_exr_read_yca(const char *path, const char *layer, unsigned short *rgba,
                                int width, int height, int threads, char *message,
                                size_t message_size) {
  return cappedRead(message, message_size, [&] {
    Imf::RgbaInputFile file(path, std::string(layer), threads);
    const Imath::Box2i window = file.dataWindow();
    if (window.max.x - window.min.x + 1 != width || window.max.y - window.min.y + 1 != height)
      return fail(message, message_size, "the data window is not the size asked for");
    // Pixel (x, y) is at base + x + y · width, so base is moved back by the window's corner.
    Imf::Rgba *pixels = reinterpret_cast<Imf::Rgba *>(rgba);
    file.setFrameBuffer(pixels - window.min.x - (long long)window.min.y * width, 1, size_t(width));
    file.readPixels(window.min.y, window.max.y);
    return 0;
  });
}

extern "C" int edr_exr_write_parts(int fd, const edr_exr_part *parts, int count, int threads,
                                   char *message, size_t message_size) {
  try {
    std::vector<Imf::Header> headers;
    for (int i = 0; i < count; i++) headers.push_back(header(parts[i]));
    DescriptorStream stream(fd);
    Imf::MultiPartOutputFile file(stream, headers.data(), count, false, threads);
    for (int i = 0; i < count; i++) {
      const edr_exr_part &p = parts[i];
      if (p.tile_size[0] > 0) {
        writeTiles(file, i, p);
        continue;
      }
      Imf::OutputPart output(file, i);
      const Imath::Box2i window = headers[size_t(i)].dataWindow();
      output.setFrameBuffer(frameBuffer(p.channels, p.channel_count, window));
      output.writePixels(window.max.y - window.min.y + 1);
    }
    return 0;
  } catch (const std::exception &e) {
    return fail(message, message_size, e.what());
  } catch (...) {
    return fail(message, message_size, "unknown OpenEXR error");
  }
}

#else

#include <cstdio>

static int unavailable(char *message, size_t message_size) {
  std::snprintf(message, message_size,
                "DWAA/DWAB, B44/B44A float and luminance/chroma need OpenEXR's C++ library, "
                "whose headers this build did not find");
  return -1;
}

extern "C" int edr_exr_read_part(const char *, int, const edr_exr_channel *, int, int,
                                 char *message, size_t message_size) {
  return unavailable(message, message_size);
}

extern "C" int edr_exr_write_parts(int, const edr_exr_part *, int, int, char *message,
                                   size_t message_size) {
  return unavailable(message, message_size);
}

extern "C" int edr_exr_read_yca(const char *, const char *, unsigned short *, int, int, int,
                                char *message, size_t message_size) {
  return unavailable(message, message_size);
}

extern "C" int edr_exr_read_level(const char *, int, int, int, const edr_exr_channel *, int, int,
                                  char *message, size_t message_size) {
  return unavailable(message, message_size);
}

#endif
