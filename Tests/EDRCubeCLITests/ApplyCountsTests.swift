import Foundation
import RasterIO
import TestSupport
import Testing

/// The counts `apply` prints, over an image of several blocks (the apply pass works on
/// blocks of 4096 pixels, on all cores).
@Suite struct ApplyCountsTests {
  @Test func nonFiniteInputAndValuesBeyondHalfAreCounted() throws {
    try withTemporaryDirectory { dir in
      let cube = try ApplyCommandTests().writeDoublingCube(in: dir)
      let (width, height) = (100, 90)
      var red = [Float](repeating: 0.5, count: width * height)
      var green = red
      let blue = red
      // Non-finite input: 3 pixels (one with two non-finite channels).
      red[10] = .nan
      green[10] = .infinity
      red[5000] = -.infinity
      green[8999] = .nan
      // Doubled beyond ±65504: 4 values, in 3 pixels of different blocks.
      red[1] = 40000
      green[1] = -33000
      red[4097] = 65504
      green[8000] = 32768
      let part = EXRPart(
        dataWindow: EXRBox(width: width, height: height), compression: .zip,
        channels: [
          EXRChannel(name: "R", samples: .float(red)),
          EXRChannel(name: "G", samples: .float(green)),
          EXRChannel(name: "B", samples: .float(blue)),
        ])
      let input = dir.appendingPathComponent("in.exr").path
      try EXRImage(parts: [part]).write(to: input)
      let output = dir.appendingPathComponent("out.exr").path
      let r = try EDRCubeExecutable.run(
        ["apply", input, "--lut", cube.path, "-o", output, "--pixel-type", "half"])
      try #require(r.status == 0, "\(r.stderr)")
      #expect(r.stdout.contains("3 non-finite pixel(s) in the input"))
      #expect(r.stdout.contains("4 value(s) clipped"))
      let out = try EXRImage.read(path: output)
      let set = try out.channelSet(path: output)
      let rgba = try out.rgba(set).values
      #expect(rgba[4 * 1] == .infinity && rgba[4 * 1 + 1] == -.infinity)
      #expect(rgba[4 * 2] == 1)
    }
  }
}
