import Foundation
import RasterIO
import TestSupport
import Testing

/// `inspect --plot` and `convert --plot`: the PNGs are decoded and checked pixel by pixel at
/// places computed from the documented layout.
@Suite struct PlotCommandTests {
  /// A 5³ identity cube in sRGB: node (r, g, b) holds (r, g, b) / 4.
  static let identity: String = {
    var lines = ["# EDRCube space: srgb rec709", "LUT_3D_SIZE 5"]
    for b in 0..<5 {
      for g in 0..<5 {
        for r in 0..<5 { lines.append("\(Double(r) / 4) \(Double(g) / 4) \(Double(b) / 4)") }
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }()

  /// The 8-bit code the PNG writer stores for a display value.
  static func code(_ v: Float) -> Int { Int((v * 255).rounded()) }

  static func codes(_ pixels: RGBAPixels, _ x: Int, _ y: Int) -> [Int] {
    let o = 4 * (y * pixels.width + x)
    return (0..<3).map { Int((pixels.values[o + $0] * 255).rounded()) }
  }

  @Test func inspectPlotDrawsCurvesAndSlices() throws {
    try withTemporaryDirectory { dir in
      let cube = dir.appendingPathComponent("id.cube")
      try Self.identity.write(to: cube, atomically: true, encoding: .utf8)
      let png = dir.appendingPathComponent("plot.png").path
      let r = try EDRCubeExecutable.run(["inspect", cube.path, "--plot", png])
      try #require(r.status == 0, "\(r.stderr)")
      let (pixels, depth) = try PNGImage.read(path: png)
      #expect(depth == 8)
      // Headroom 8: axes 2⁻⁶…2³, 48 px per octave across, 32 up → 433 × 289 plot areas at
      // (56, 64) and (56 + 433 + 80, 64); slices 120 px square at y = 64 + 289 + 60.
      #expect(pixels.width == 569 + 433 + 24 && pixels.height == 413 + 120 + 24)
      let x1 = 56 + 6 * 48
      let x4 = 56 + 8 * 48
      let y1 = 64 + 3 * 32
      let y4 = 64 + 1 * 32
      let rising = [Self.code(0.85), Self.code(0.55), Self.code(1)]
      let clamp = [Self.code(0.95), Self.code(0.4), Self.code(0.35)]
      #expect(Self.codes(pixels, x1, y1) == rising)  // every policy passes (1, 1)
      #expect(Self.codes(pixels, x4, y4) == rising)  // the default keeps the identity
      #expect(Self.codes(pixels, x4, y1) == clamp)  // clamp stays at white
      // Slice 0 (blue node 0), pixel (60, 84): node r = 60·5/120 = 2, g = 4 − 84·5/120 = 1,
      // i.e. (0.5, 0.25, 0), already display-encoded.
      #expect(Self.codes(pixels, 56 + 60, 413 + 84) == [128, 64, 0])
      // Slice 4 (blue node 4) at 4 · (120 + 24) to the right: node (2, 1, 4).
      #expect(Self.codes(pixels, 56 + 4 * 144 + 60, 413 + 84) == [128, 64, 255])
    }
  }

  @Test func convertPlotDrawsTheHeatMap() throws {
    try withTemporaryDirectory { dir in
      let cube = dir.appendingPathComponent("id.cube")
      try Self.identity.write(to: cube, atomically: true, encoding: .utf8)
      let png = dir.appendingPathComponent("quality.png").path
      let r = try EDRCubeExecutable.run([
        "convert", cube.path, dir.appendingPathComponent("pq.cube").path, "--to", "pq",
        "--size", "17", "--report", "--plot", png,
      ])
      try #require(r.status == 0, "\(r.stderr)")
      #expect(r.stdout.contains("ΔE_ITP"))
      let (pixels, _) = try PNGImage.read(path: png)
      // The report's own sample at scale 1 from (16, 40): 53 levels per channel for PQ, one
      // 53 × 53 tile (red across, green down) per gamut and blue level, 8 tiles to a row (2 · 53
      // tiles: 14 rows); the histogram's 21 bars of 16 px 70 px to the right.
      let (mapWidth, mapHeight) = (8 * 53, 14 * 53)
      #expect(pixels.width == 16 + mapWidth + 70 + 21 * 16 + 24)
      #expect(pixels.height == 40 + mapHeight + 60)
      // The first tile's first cell is Rec.709 black: black in both paths, ΔE ≈ 0, the
      // scale's first colour (0.1, 0.15, 0.45).
      let got = Self.codes(pixels, 16, 40)
      let expected = [Self.code(0.1), Self.code(0.15), Self.code(0.45)]
      #expect(zip(got, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(got)")
      #expect(
        Self.codes(pixels, 16 + mapWidth + 70 - 1, 40 + 100) == Array(repeating: 153, count: 3))
    }
  }
}
