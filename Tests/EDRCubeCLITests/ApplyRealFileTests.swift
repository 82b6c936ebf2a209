import Foundation
import RasterIO
import TestSupport
import Testing

/// `apply` as a new user meets it on real files (issue 34): transparent pixels stay dark, output
/// folders are created once, an output given as a second input gets a hint, wide images can be
/// allowed, and TIFF refusals name what the file is.
@Suite struct ApplyRealFileTests {
  /// f(x) = 0.1 + 0.8·x, a look that lifts black (raw, so the values are exact).
  static let lift = "# EDRCube space: raw\nLUT_1D_SIZE 2\n0.1 0.1 0.1\n0.9 0.9 0.9\n"

  /// Premultiplied RGBA: nothing (0 0 0 0), light with no coverage (0.2, alpha 0), half
  /// coverage (0.25 at alpha 0.5: straight 0.5), opaque 0.5, and negative and NaN alpha.
  static let pixels: [[Float]] = [
    [0, 0, 0, 0], [0.2, 0.2, 0.2, 0], [0.25, 0.25, 0.25, 0.5], [0.5, 0.5, 0.5, 1],
    [0.3, 0.3, 0.3, -0.25], [0.4, 0.4, 0.4, .nan],
  ]

  func writeRGBA(_ path: String) throws {
    let channels = ["R", "G", "B", "A"].enumerated().map { c, name in
      EXRChannel(name: name, samples: EXRSamples(Self.pixels.map { $0[c] }, as: .float))
    }
    try EXRImage(parts: [EXRPart(dataWindow: EXRBox(width: 6, height: 1), channels: channels)])
      .write(to: path)
  }

  func red(_ path: String, limits: RasterLimits = .standard) throws -> [Float] {
    let part = try EXRImage.read(path: path, limits: limits).parts[0]
    return part.channels[try #require(part.channelIndex(named: "R"))].samples.floatValues
  }

  /// Unpremultiply → grade → premultiply (Nuke's Grade with (un)premult by alpha) gives
  /// 0.1 + 0.8 · 0.5 = 0.5 straight, 0.25 premultiplied, at half coverage; 0 for RGBA 0 0 0 0.
  /// By default every pixel whose alpha is not above 0 keeps its RGB; `--alpha-zero grade`
  /// grades the stored RGB as it is (0.1 + 0.8·v).
  @Test func transparentPixelsKeepTheirColourUnlessAsked() throws {
    try withTemporaryDirectory { dir in
      let cube = dir.appendingPathComponent("lift.cube").path
      try Self.lift.write(toFile: cube, atomically: true, encoding: .utf8)
      let input = dir.appendingPathComponent("in.exr").path
      try writeRGBA(input)
      let kept = dir.appendingPathComponent("kept.exr").path
      let graded = dir.appendingPathComponent("graded.exr").path
      let r1 = try EDRCubeExecutable.run(["apply", input, "--lut", cube, "-o", kept])
      try #require(r1.status == 0, "\(r1.stderr)")
      let r2 = try EDRCubeExecutable.run(
        ["apply", input, "--lut", cube, "--alpha-zero", "grade", "-o", graded])
      try #require(r2.status == 0, "\(r2.stderr)")
      let expectedKept: [Float] = [0, 0.2, 0.25, 0.5, 0.3, 0.4]
      let expectedGraded: [Float] = [0.1, 0.26, 0.25, 0.5, 0.34, 0.42]
      for (got, expected) in [(try red(kept), expectedKept), (try red(graded), expectedGraded)] {
        for i in 0..<6 { #expect(abs(got[i] - expected[i]) <= 1e-6, "pixel \(i): \(got)") }
      }
      #expect(try red(kept)[0].bitPattern == 0)
    }
  }

  func writeSequence(in dir: URL, frames: ClosedRange<Int>) throws -> (
    cube: String, pattern: String
  ) {
    let cube = dir.appendingPathComponent("lift.cube").path
    try Self.lift.write(toFile: cube, atomically: true, encoding: .utf8)
    for f in frames { try writeRGBA(dir.appendingPathComponent("shot.\(f).exr").path) }
    return (cube, dir.appendingPathComponent("shot.%04d.exr").path)
  }

  /// `-o graded/shot.%04d.exr` creates `graded/` (and its parents) once, up front; a folder
  /// that cannot be made is one error, before any frame is read.
  @Test func outputFoldersAreCreatedOnceUpFront() throws {
    try withTemporaryDirectory { dir in
      let (cube, pattern) = try writeSequence(in: dir, frames: 1001...1003)
      let graded = dir.appendingPathComponent("graded/deeper")
      let r = try EDRCubeExecutable.run(
        ["apply", pattern, "--lut", cube, "-o", graded.path + "/shot.%04d.exr"])
      try #require(r.status == 0, "\(r.stderr)")
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: graded.path).sorted() == [
          "shot.1001.exr", "shot.1002.exr", "shot.1003.exr",
        ])
      let blocker = dir.appendingPathComponent("blocker")
      try Data("a file".utf8).write(to: blocker)
      let bad = try EDRCubeExecutable.run(
        ["apply", pattern, "--lut", cube, "-o", blocker.path + "/out/shot.%04d.exr"])
      #expect(bad.status != 0)
      let errors = bad.stderr.split(separator: "\n").filter { $0.contains("error:") }
      #expect(errors.count == 1, "\(bad.stderr)")
      #expect(bad.stderr.contains(blocker.path + ": error: cannot create the output folder"))
    }
  }

  /// `apply in.exr out.exr` (the oiiotool habit) suggests `-o out.exr` instead of saying the
  /// second file does not exist.
  @Test func aSecondImageArgumentGetsAHint() throws {
    try withTemporaryDirectory { dir in
      let (cube, _) = try writeSequence(in: dir, frames: 1...1)
      let input = dir.appendingPathComponent("shot.1.exr").path
      let output = dir.appendingPathComponent("out.exr").path
      let r = try EDRCubeExecutable.run(["apply", input, output, "--lut", cube])
      #expect(r.status != 0)
      #expect(r.stderr.contains("did you mean -o \(output)?"), "\(r.stderr)")
      #expect(!r.stderr.contains("No such file"), "\(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: output))
    }
  }

  /// An image wider than 16384 pixels is refused by default and read with `--max-image-side`;
  /// the option's range is checked.
  @Test func maxImageSideAllowsWideImages() throws {
    try withTemporaryDirectory { dir in
      let cube = dir.appendingPathComponent("lift.cube").path
      try Self.lift.write(toFile: cube, atomically: true, encoding: .utf8)
      let input = dir.appendingPathComponent("wide.exr").path
      let width = 20000
      let channels = ["B", "G", "R"].map { name in
        EXRChannel(
          name: name, samples: EXRSamples([Float](repeating: 0.5, count: width), as: .half))
      }
      try EXRImage(parts: [EXRPart(dataWindow: EXRBox(width: width, height: 1), channels: channels)]
      )
      .write(to: input)
      let output = dir.appendingPathComponent("out.exr").path
      let refused = try EDRCubeExecutable.run(["apply", input, "--lut", cube, "-o", output])
      #expect(refused.status != 0 && refused.stderr.contains("16384"), "\(refused.stderr)")
      let r = try EDRCubeExecutable.run(
        ["apply", input, "--lut", cube, "-o", output, "--max-image-side", "20000"])
      try #require(r.status == 0, "\(r.stderr)")
      // 0.1 + 0.8 · 0.5, exact in half.
      #expect(try red(output, limits: RasterLimits(maxSide: width)).allSatisfy { $0 == 0.5 })
      for bad in ["0", "1048577", "-3"] {
        let v = try EDRCubeExecutable.run(
          ["apply", input, "--lut", cube, "-o", output, "--max-image-side", bad])
        #expect(v.status == 64, "\(bad): \(v.stderr)")
      }
    }
  }

  /// OpenEXR's `exrmakepreview` byte for a linear value at exposure 0 (makePreview.cpp:
  /// `m = 2^2.47393`, knee `1 + ln(1 + 0.184874·(x − 1)) / 0.184874` above 1, `x^0.4545 · 84.66`).
  static func previewByte(_ v: Double) -> UInt8 {
    var x = max(0, v * pow(2, 2.47393))
    if x > 1 { x = 1 + log(1 + 0.184874 * (x - 1)) / 0.184874 }
    return UInt8(min(max(pow(x, 0.4545) * 84.66, 0), 255))
  }

  /// The `preview` attribute is made again from the graded picture (it showed the ungraded
  /// one), through both EXR writers (OpenEXRCore; the C++ library for DWA).
  @Test(arguments: ["zip", "dwaa"])
  func exrPreviewShowsTheGradedPicture(_ compression: String) throws {
    try withTemporaryDirectory { dir in
      let cube = dir.appendingPathComponent("lift.cube").path
      try Self.lift.write(toFile: cube, atomically: true, encoding: .utf8)
      let input = dir.appendingPathComponent("in.exr").path
      let channels = ["A", "B", "G", "R"].map { name in
        EXRChannel(
          name: name,
          samples: EXRSamples([Float](repeating: name == "A" ? 1 : 0.18, count: 32), as: .float))
      }
      var part = EXRPart(dataWindow: EXRBox(width: 8, height: 4), channels: channels)
      let ungraded = Self.previewByte(0.18)
      part.preview = EXRPreview(
        width: 4, height: 2,
        rgba: Array(repeating: [ungraded, ungraded, ungraded, 255], count: 8).flatMap { $0 })
      try EXRImage(parts: [part]).write(to: input)
      let output = dir.appendingPathComponent("out.exr").path
      let r = try EDRCubeExecutable.run(
        ["apply", input, "--lut", cube, "--compression", compression, "-o", output])
      try #require(r.status == 0, "\(r.stderr)")
      let preview = try #require(try EXRImage.read(path: output).parts[0].preview)
      #expect(preview.width == 4 && preview.height == 2)
      // 0.1 + 0.8 · 0.18 = 0.244 → 96 (the ungraded 0.18 was 84).
      let graded = Self.previewByte(0.1 + 0.8 * 0.18)
      #expect(graded != ungraded)
      #expect(
        preview.rgba == Array(repeating: [graded, graded, graded, 255], count: 8).flatMap { $0 })
    }
  }
}
