import Foundation
import RasterIO
import TestSupport
import Testing

/// `edrcube apply` end to end on real files written and read with OpenEXR and libtiff.
@Suite struct ApplyCommandTests {
  /// A size-2 cube of `x → 2x` (exact under linear extrapolation, so EDR values double too).
  static let doubling = """
    # EDRCube space: raw
    LUT_3D_SIZE 2
    0 0 0
    2 0 0
    0 2 0
    2 2 0
    0 0 2
    2 0 2
    0 2 2
    2 2 2

    """

  /// Writes ``doubling`` to `dir/double.cube`.
  func writeDoublingCube(in dir: URL) throws -> URL {
    let cube = dir.appendingPathComponent("double.cube")
    try Self.doubling.write(to: cube, atomically: true, encoding: .utf8)
    return cube
  }

  /// A 4×2 RGBA float EXR with an extra `Z` channel and a custom attribute.
  func writeInput(_ path: String, alpha: [Float] = [1, 1, 0.5, 0, 1, 1, 1, 1]) throws -> [Float] {
    let rgb: [Float] = [
      0.25, 0.5, 0.75, 1, 2, 4, 8, 16, 0.25, 0.125, 0.5, 0.75, 100, 1e3, 0, -0.5, 0.1, 0.2, 0.3,
      0.4, 0.5, 0.6, 0.7, 0.8,
    ]
    let plane = { (c: Int) in stride(from: c, to: rgb.count, by: 3).map { rgb[$0] } }
    var part = EXRPart(
      dataWindow: EXRBox(width: 4, height: 2), compression: .zip,
      channels: [
        EXRChannel(name: "R", samples: EXRSamples(plane(0), as: .float)),
        EXRChannel(name: "G", samples: EXRSamples(plane(1), as: .float)),
        EXRChannel(name: "B", samples: EXRSamples(plane(2), as: .float)),
        EXRChannel(name: "A", samples: EXRSamples(alpha, as: .float)),
        EXRChannel(name: "Z", samples: EXRSamples([1, 2, 3, 4, 5, 6, 7, 8], as: .float)),
      ])
    part.stringAttributes["owner"] = "edrcube tests"
    try EXRImage(parts: [part]).write(to: path)
    return rgb
  }

  func channel(_ image: EXRImage, _ name: String) throws -> [Float] {
    let part = image.parts[0]
    let index = try #require(part.channelIndex(named: name))
    return part.channels[index].samples.floatValues
  }

  @Test func doublingCubeExtrapolatesAndKeepsEverythingElse() throws {
    try withTemporaryDirectory { dir in
      let cube = try writeDoublingCube(in: dir)
      let input = dir.appendingPathComponent("in.exr").path
      let output = dir.appendingPathComponent("out.exr").path
      let rgb = try writeInput(input)
      let r = try EDRCubeExecutable.run(["apply", input, "--lut", cube.path, "-o", output])
      try #require(r.status == 0, "\(r.stderr)")
      #expect(r.stdout.contains("1 of 1 file(s)"))
      let out = try EXRImage.read(path: output)
      let alpha: [Float] = [1, 1, 0.5, 0, 1, 1, 1, 1]
      for (c, name) in ["R", "G", "B"].enumerated() {
        let got = try channel(out, name)
        for i in 0..<8 {
          // Premultiplied: straight = v / a, doubled, times a again = 2v; where a = 0 the
          // colour is kept (--alpha-zero keep).
          let expected = alpha[i] == 0 ? rgb[3 * i + c] : 2 * rgb[3 * i + c]
          #expect(abs(got[i] - expected) <= 1e-6 * max(1, abs(expected)), "\(name)[\(i)]")
        }
      }
      #expect(try channel(out, "A").map(\.bitPattern) == alpha.map(\.bitPattern))
      #expect(try channel(out, "Z") == [1, 2, 3, 4, 5, 6, 7, 8])
      #expect(out.parts[0].stringAttributes["owner"] == "edrcube tests")
      #expect(out.parts[0].compression == .zip)
    }
  }

  /// A curved cube shows the division by alpha: 0.25 at alpha 0.5 is looked up as 0.5.
  @Test func premultipliedColourIsLookedUpStraight() throws {
    try withTemporaryDirectory { dir in
      let cube = dir.appendingPathComponent("curve.cube")
      // f(x) = 0.2 + 0.2·x below 0.5, 0.3 + 1.4·(x − 0.5) above.
      try "LUT_1D_SIZE 3\n0.2 0.2 0.2\n0.3 0.3 0.3\n1 1 1\n".write(
        to: cube, atomically: true, encoding: .utf8)
      let input = dir.appendingPathComponent("in.exr").path
      let output = dir.appendingPathComponent("out.exr").path
      _ = try writeInput(input)
      let r = try EDRCubeExecutable.run(
        ["apply", input, "--lut", cube.path, "--lut-space", "raw", "-o", output])
      try #require(r.status == 0, "\(r.stderr)")
      let image = try EXRImage.read(path: output)
      let (red, blue) = (try channel(image, "R"), try channel(image, "B"))
      #expect(abs(red[0] - 0.25) <= 1e-6)  // alpha 1: f(0.25)
      #expect(abs(blue[2] - 0.15) <= 1e-6)  // alpha 0.5: 0.5 · f(0.25 / 0.5)
      #expect(red[3] == 0.125)  // alpha 0: kept as stored (--alpha-zero keep)
    }
  }

  @Test func halfOutputCountsValuesBeyondHalfRange() throws {
    try withTemporaryDirectory { dir in
      let cube = try writeDoublingCube(in: dir)
      let input = dir.appendingPathComponent("in.exr").path
      _ = try writeInput(input)
      let output = dir.appendingPathComponent("out.exr").path
      let r = try EDRCubeExecutable.run(
        ["apply", input, "--lut", cube.path, "-o", output, "--pixel-type", "half", "--timing"])
      try #require(r.status == 0, "\(r.stderr)")
      // 100·2 and 1000·2 fit in half; none exceed 65504.
      #expect(r.stdout.contains("0 value(s) clipped"))
      #expect(
        r.stderr.split(separator: "\n").filter {
          $0.wholeMatch(
            of:
              /timing: (read|apply|write) \d+\.\d{4} s \d+\.\d Mpix\/s( on \d+ thread\(s\))? \((.+)\)/
          )?.output.3 == Substring(input)
        }.count == 3)
      let out = try EXRImage.read(path: output)
      #expect(out.parts[0].channels.first { $0.name == "R" }?.pixelType == .half)
      #expect(out.parts[0].channels.first { $0.name == "A" }?.pixelType == .float)
    }
  }

  @Test func sequencesWithFramesAndShards() throws {
    try withTemporaryDirectory { dir in
      let cube = try writeDoublingCube(in: dir)
      for f in 1001...1005 { _ = try writeInput(dir.appendingPathComponent("shot.\(f).exr").path) }
      let outDir = dir.appendingPathComponent("out")
      try FileManager.default.createDirectory(at: outDir, withIntermediateDirectories: true)
      let r = try EDRCubeExecutable.run([
        "apply", dir.path + "/shot.####.exr", "--frames", "1001-1005", "--shard", "2/2",
        "--lut", cube.path, "-o", outDir.path + "/graded.%04d.exr",
      ])
      try #require(r.status == 0, "\(r.stderr)")
      let names = try FileManager.default.contentsOfDirectory(atPath: outDir.path).sorted()
      #expect(names == ["graded.1002.exr", "graded.1004.exr"])
    }
  }

  @Test func corruptInputFailsAndLeavesNothing() throws {
    try withTemporaryDirectory { dir in
      let cube = try writeDoublingCube(in: dir)
      let input = dir.appendingPathComponent("in.exr").path
      _ = try writeInput(input)
      let bytes = try Data(contentsOf: URL(fileURLWithPath: input))
      try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: input))
      let outDir = dir.appendingPathComponent("out")
      try FileManager.default.createDirectory(at: outDir, withIntermediateDirectories: true)
      let r = try EDRCubeExecutable.run([
        "apply", input, "--lut", cube.path, "--output-dir", outDir.path,
      ])
      #expect(r.status != 0)
      #expect(r.stderr.contains(input))
      #expect(try FileManager.default.contentsOfDirectory(atPath: outDir.path).isEmpty)
    }
  }

  @Test func outputNeverReplacesTheInputWithoutInPlace() throws {
    try withTemporaryDirectory { dir in
      let cube = try writeDoublingCube(in: dir)
      let input = dir.appendingPathComponent("in.exr").path
      _ = try writeInput(input)
      let before = try Data(contentsOf: URL(fileURLWithPath: input))
      let refused = try EDRCubeExecutable.run(["apply", input, "--lut", cube.path, "-o", input])
      #expect(refused.status != 0)
      #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
      let inPlace = try EDRCubeExecutable.run(["apply", input, "--lut", cube.path, "--in-place"])
      #expect(inPlace.status == 0)
      #expect(try channel(EXRImage.read(path: input), "G")[1] == 4)
    }
  }

  @Test func manyInputsNeedAnOutputFolder() throws {
    try withTemporaryDirectory { dir in
      let cube = try writeDoublingCube(in: dir)
      let a = dir.appendingPathComponent("a.exr").path
      let b = dir.appendingPathComponent("b.exr").path
      _ = try writeInput(a)
      _ = try writeInput(b)
      let r = try EDRCubeExecutable.run([
        "apply", a, b, "--lut", cube.path, "-o", dir.path + "/x.exr",
      ])
      #expect(r.status != 0)
      #expect(r.stderr.contains("--output-dir"))
    }
  }

  @Test func integerTIFFIsTreatedAsSRGB() throws {
    try withTemporaryDirectory { dir in
      // An sRGB-space doubling of *linear* light: 8-bit code 128 (sRGB 0.50196 → linear 0.2158)
      // doubles to linear 0.4317 → sRGB 0.6892 → code 176.
      let cube = dir.appendingPathComponent("double.cube")
      try Self.doubling.replacingOccurrences(of: "raw", with: "linear rec709")
        .write(to: cube, atomically: true, encoding: .utf8)
      let input = dir.appendingPathComponent("in.tif").path
      let output = dir.appendingPathComponent("out.tif").path
      let image = TIFFImage(
        width: 2, height: 1, samplesPerPixel: 3, samples: .uint8([128, 128, 128, 0, 64, 255]))
      try image.write(to: input)
      let r = try EDRCubeExecutable.run(["apply", input, "--lut", cube.path, "-o", output])
      try #require(r.status == 0, "\(r.stderr)")
      let out = try TIFFImage.read(path: output)
      guard case .uint8(let codes) = out.samples else {
        Issue.record("expected 8-bit samples")
        return
      }
      #expect(Array(codes[0..<3]) == [176, 176, 176])
      #expect(codes[3] == 0)
      #expect(codes[5] == 255)  // 2× white clips at the integer format's maximum
      #expect(r.stdout.contains("1 value(s) clipped"))
    }
  }

  @Test func previewShowsBeforeAfterAndWhereOutputExceedsWhite() throws {
    try withTemporaryDirectory { dir in
      let cube = try writeDoublingCube(in: dir)
      let input = dir.appendingPathComponent("in.exr").path
      _ = try writeInput(input)
      let png = dir.appendingPathComponent("preview.png").path
      let r = try EDRCubeExecutable.run([
        "apply", input, "--lut", cube.path, "-o", dir.appendingPathComponent("out.exr").path,
        "--preview", png,
      ])
      try #require(r.status == 0, "\(r.stderr)")
      let (pixels, depth) = try PNGImage.read(path: png)
      #expect(depth == 8)
      // Three 4×2 panels with 8-pixel gaps: before | after | false colour; 8 rows below, the
      // legend (7 rows, 334 pixels wide).
      #expect(pixels.width == 334 && pixels.height == 2 + 8 + 7)
      func code(_ x: Int, _ y: Int) -> [Int] {
        let o = 4 * (y * pixels.width + x)
        return (0..<3).map { Int((pixels.values[o + $0] * 255).rounded()) }
      }
      let map = 2 * (4 + 8)
      #expect(code(map + 0, 0) == [26, 89, 255])  // (0.5, 1, 1.5): above 1 → blue
      #expect(code(map + 1, 0) == [255, 26, 26])  // (2, 4, 8): above 4 → red
      #expect(code(map + 2, 0) == [255, 26, 26])  // (16, 32, 0.5) premultiplied: red
      #expect(code(map + 1, 1) == [23, 23, 23])  // (−1, 0.2, 0.4): SDR, luminance < 0 → dim grey
      #expect(code(map + 2, 1) == [123, 123, 123])  // (0.6, 0.8, 1): SDR grey of its luminance
      #expect(code(map + 3, 1) == [26, 89, 255])  // (1.2, 1.4, 1.6): blue
      // The "after" panel is the tone-mapped output; the "before" panel the input.
      #expect(code(0, 0) != code(4 + 8, 0))
    }
  }

  /// `apply` prints the cube space, policy and extrapolation it used, and warns once when a
  /// look that clips at white meets EDR pixels under a policy that flattens them.
  @Test func reportsTheSpaceAndWarnsAboutFlattenedHighlights() throws {
    try withTemporaryDirectory { dir in
      let look = dir.appendingPathComponent("clip.cube").path
      let made = try EDRCubeExecutable.run([
        "generate", "look", "--contrast", "1.2", "--clip", "-o", look,
      ])
      try #require(made.status == 0, "\(made.stderr)")
      let inputs = ["a.exr", "b.exr"].map { dir.appendingPathComponent($0).path }
      for input in inputs { _ = try writeInput(input) }
      let out = dir.appendingPathComponent("out").path
      try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
      let flat = try EDRCubeExecutable.run(
        ["apply"] + inputs + [
          "--lut", look, "--output-dir", out, "--edr-policy", "tone-scaled-maxrgb",
        ])
      try #require(flat.status == 0, "\(flat.stderr)")
      let lines = flat.stderr.split(separator: "\n").map(String.init)
      #expect(
        lines == [
          "lut: \(look): space srgb rec709 (cube comment), working linear rec709, trilinear, extrapolation bounded, "
            + "policy tone-scaled-maxrgb",
          "\(look): warning: this look clips at white; under --edr-policy tone-scaled-maxrgb "
            + "EDR highlights above white come out flat (rising-maxrgb, the default, keeps them "
            + "rising)",
        ])
      let rising = try EDRCubeExecutable.run(
        ["apply"] + inputs + ["--lut", look, "--output-dir", out, "--headroom", "4"])
      try #require(rising.status == 0, "\(rising.stderr)")
      #expect(
        rising.stderr
          == "lut: \(look): space srgb rec709 (cube comment), working linear rec709, trilinear, extrapolation bounded, "
          + "policy rising-maxrgb, tone map knee\n")
    }
  }
}
