import Foundation
import RasterIO
import TestSupport
import Testing

/// `apply` on mip- and rip-mapped and luminance/chroma OpenEXR files, which earlier versions
/// refused:
/// every level graded with the same look, and Y/RY/BY graded as the RGB OpenEXR's RGBA
/// interface reads from it.
@Suite struct EXRLevelsAndChromaApplyTests {
  /// openexr-images' `MultiResolution/ColorCodedLevels.exr` (a mip-map: 10 levels, 64×64
  /// tiles, rounding down) and `ripmap.exr` (written by OpenEXR's C++ library: 12 levels, 4×4
  /// tiles) from Tests/Fixtures/exr-cases: every level doubles in R, G and B, alpha stays, and
  /// the tiling is kept.
  @Test(arguments: [("ColorCodedLevels.exr", EXRLevelMode.mipmap, 9), ("ripmap.exr", .ripmap, 11)])
  func everyLevelIsGraded(name: String, mode: EXRLevelMode, levels: Int) throws {
    try withTemporaryDirectory { dir in
      let (before, after, _) = try ForeignEXRApplyTests.double(name, in: dir)
      let (a, b) = (before.parts[0], after.parts[0])
      #expect(b.tiling == a.tiling && b.tiling?.levelMode == mode)
      try #require(b.levels.count == levels && a.levels.count == levels)
      let full = { (p: EXRPart) in
        EXRLevel(x: 0, y: 0, width: p.width, height: p.height, channels: p.channels)
      }
      for (x, y) in zip([full(a)] + a.levels, [full(b)] + b.levels) {
        #expect((x.x, x.y, x.width, x.height) == (y.x, y.y, y.width, y.height))
        for (u, v) in zip(x.channels, y.channels) {
          let factor: Float = u.name == "A" ? 1 : 2
          #expect(
            u.samples.floatValues.map { $0 * factor } == v.samples.floatValues,
            "level \(x.x), \(x.y) \(u.name)")
        }
      }
    }
  }

  /// A flat Rec.709 colour (0.5, 0.25, 0.125) stored as OpenEXR's RgbaOutputFile stores
  /// luminance/chroma (Y = 0.2126 R + 0.7152 G + 0.0722 B; RY = (R − Y) / Y and
  /// BY = (B − Y) / Y, subsampled 2×2; all half) is graded as that RGB: doubling gives
  /// (1, 0.5, 0.25), within half precision, written as half R, G, B.
  @Test func luminanceChromaIsGradedAsItsRGB() throws {
    let y = 0.2126 * 0.5 + 0.7152 * 0.25 + 0.0722 * 0.125
    func flat(_ name: String, _ value: Double, count: Int, sampling: Int) -> EXRChannel {
      EXRChannel(
        name: name, samples: EXRSamples([Float](repeating: Float(value), count: count), as: .half),
        xSampling: sampling, ySampling: sampling)
    }
    var part = EXRPart(dataWindow: EXRBox(width: 8, height: 4), compression: .piz)
    part.channels = [
      flat("BY", (0.125 - y) / y, count: 8, sampling: 2),
      flat("RY", (0.5 - y) / y, count: 8, sampling: 2), flat("Y", y, count: 32, sampling: 1),
    ]
    try withTemporaryDirectory { dir in
      let input = dir.appendingPathComponent("yc.exr").path
      try EXRImage(parts: [part]).write(to: input)
      let cube = dir.appendingPathComponent("double.cube").path
      try ForeignEXRApplyTests.doubling.write(toFile: cube, atomically: true, encoding: .utf8)
      let output = dir.appendingPathComponent("out.exr").path
      let r = try EDRCubeExecutable.run([
        "apply", input, "--lut", cube, "--lut-space", "raw", "--alpha", "straight", "-o", output,
      ])
      try #require(r.status == 0, "\(r.stderr)")
      #expect(
        r.stderr.contains("converted from luminance/chroma (Y, RY, BY) to RGB"), "\(r.stderr)")
      let out = try EXRImage.read(path: output).parts[0]
      #expect(out.channels.map(\.name) == ["B", "G", "R"])
      for (name, expected) in [("R", 1.0), ("G", 0.5), ("B", 0.25)] {
        let channel = try #require(out.channels.first { $0.name == name })
        #expect(channel.pixelType == .half)
        for value in channel.samples.floatValues {
          #expect(abs(Double(value) - expected) <= 3e-3 * expected, "\(name): \(value)")
        }
      }
    }
  }
}
