import Foundation
import RasterIO
import TestSupport
import Testing

/// Hald CLUT images in and out of `generate`.
@Suite struct HaldCommandTests {
  @Test func identityHaldRoundTripsThroughPNGAndTIFF() throws {
    try withTemporaryDirectory { dir in
      for name in ["id.png", "id.tif"] {
        let image = dir.appendingPathComponent(name).path
        let made = try EDRCubeExecutable.run([
          "generate", "identity", "--size", "16", "--hald", image,
        ])
        try #require(made.status == 0, "\(made.stderr)")
        let cube = dir.appendingPathComponent(name + ".cube").path
        let back = try EDRCubeExecutable.run([
          "generate", "resize", image, "--size", "16", "-o", cube,
        ])
        try #require(back.status == 0, "\(back.stderr)")
        let report = try EDRCubeExecutable.run(["inspect", cube, "--json"])
        #expect(report.stdout.contains("\"isIdentity\" : true"), "\(name)")
      }
    }
  }

  @Test func haldLayoutIsRedFastestRowMajor() throws {
    try withTemporaryDirectory { dir in
      let image = dir.appendingPathComponent("id.png").path
      let r = try EDRCubeExecutable.run(["generate", "identity", "--size", "4", "--hald", image])
      try #require(r.status == 0, "\(r.stderr)")
      let (pixels, depth) = try PNGImage.read(path: image)
      #expect(depth == 16 && pixels.width == 8 && pixels.height == 8)
      // Pixel (x 5, y 1) is index 13 = node (1, 3, 0) of a 4³ identity: (1/3, 1, 0).
      let o = 4 * (1 * 8 + 5)
      #expect(abs(pixels.values[o] - 1.0 / 3) < 1e-4)
      #expect(pixels.values[o + 1] == 1 && pixels.values[o + 2] == 0)
    }
  }

  @Test func nonSquareSizeIsRefusedBeforeWritingAnything() throws {
    try withTemporaryDirectory { dir in
      let cube = dir.appendingPathComponent("id.cube").path
      let image = dir.appendingPathComponent("id.png").path
      let r = try EDRCubeExecutable.run([
        "generate", "identity", "--size", "17", "-o", cube, "--hald", image,
      ])
      #expect(r.status != 0)
      #expect(r.stderr.contains("square"))
      #expect(!FileManager.default.fileExists(atPath: cube))
      #expect(!FileManager.default.fileExists(atPath: image))
    }
  }
}
