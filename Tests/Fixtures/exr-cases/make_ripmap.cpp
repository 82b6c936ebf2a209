// Writes ripmap.exr with OpenEXR's C++ library (Debian 12's 3.1): 10×5 RGBA half, 4×4 tiles,
// rip-map rounding down; level (x, y) holds R = x, G = y, B = pixel index mod 7, A = 1.
//   g++ -std=c++17 -I/usr/include/OpenEXR -I/usr/include/Imath make_ripmap.cpp -o make_ripmap \
//     -lOpenEXR-3_1 -lImath-3_1 -lIex-3_1 && ./make_ripmap ripmap.exr
#include <ImfTiledRgbaFile.h>
#include <ImfRgba.h>
#include <vector>
#include <cstdio>
using namespace Imf;
int main(int argc, char** argv) {
  int w = 10, h = 5;
  TiledRgbaOutputFile out(argv[1], w, h, 4, 4, RIPMAP_LEVELS, ROUND_DOWN, WRITE_RGBA);
  for (int ly = 0; ly < out.numYLevels(); ly++)
    for (int lx = 0; lx < out.numXLevels(); lx++) {
      int lw = out.levelWidth(lx), lh = out.levelHeight(ly);
      std::vector<Rgba> px(lw * lh);
      for (int i = 0; i < lw * lh; i++) px[i] = Rgba(lx, ly, i % 7, 1);
      out.setFrameBuffer(px.data(), 1, lw);
      out.writeTiles(0, out.numXTiles(lx) - 1, 0, out.numYTiles(ly) - 1, lx, ly);
    }
  return 0;
}
