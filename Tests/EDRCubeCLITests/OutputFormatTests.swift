import Foundation
import RasterIO
import TestSupport
import Testing

/// The output's format follows its name: `apply in.exr -o out.tif` writes a TIFF, `in.tif -o
/// out.exr` an EXR, converting the pixels; an unknown extension is refused before anything is
/// written (never EXR bytes in `x.tif`).
@Suite struct OutputFormatTests {
  private func chart(in dir: URL) throws -> String {
    let path = dir.appendingPathComponent("chart.exr").path
    let r = try EDRCubeExecutable.run(["pattern", path, "--width", "64", "--height", "36"])
    try #require(r.status == 0, "\(r.stderr)")
    return path
  }

  /// An identity cube in raw space: apply changes no value (linear extrapolation keeps
  /// identity cubes exact), so only the format conversion acts.
  private func identity(in dir: URL) throws -> String {
    let path = dir.appendingPathComponent("id.cube").path
    let r = try EDRCubeExecutable.run(["generate", "identity", "--size", "2", "-o", path])
    try #require(r.status == 0, "\(r.stderr)")
    return path
  }

  private func apply(_ input: String, _ lut: String, _ output: String, _ extra: [String] = [])
    throws -> CommandResult
  {
    try EDRCubeExecutable.run(
      ["apply", input, "--lut", lut, "--lut-space", "raw", "-o", output] + extra)
  }

  @Test(arguments: [
    ("out.png", "unsupported output format '.png'"),
    ("out", "unsupported output format (no extension)"),
    ("out.exr.bak", "unsupported output format '.bak'"),
  ])
  func unknownOutputsAreRefusedWithNothingWritten(_ name: String, _ message: String) throws {
    try withTemporaryDirectory { dir in
      let input = try chart(in: dir)
      let output = dir.appendingPathComponent(name).path
      let r = try EDRCubeExecutable.run(
        [
          "apply", input, "--lut", Fixtures.luts.appendingPathComponent("warm_sdr.cube").path,
          "-o", output,
        ])
      #expect(r.status != 0)
      #expect(r.stderr.contains(message), "\(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: output))
      let left = try FileManager.default.contentsOfDirectory(atPath: dir.path)
      #expect(left == ["chart.exr"])
    }
  }

  /// EXR → TIFF → EXR through an identity cube: a TIFF is written (by content), half stays
  /// half, alpha is associated, and the EXR that comes back holds the chart's values.
  @Test(arguments: ["out.tif", "out.TIFF"])
  func exrToTIFFAndBackKeepsTheValues(_ name: String) throws {
    try withTemporaryDirectory { dir in
      let input = try chart(in: dir)
      let lut = try identity(in: dir)
      let tiffPath = dir.appendingPathComponent(name).path
      let a = try apply(input, lut, tiffPath)
      #expect(a.status == 0, "\(a.stderr)")
      #expect(try ImageFileFormat.detect(path: tiffPath) == .tiff)
      let original = try EXRImage.read(path: input)
      let set = try original.channelSet(path: input)
      let tiff = try TIFFImage.read(path: tiffPath)
      let type = original.parts[0].channels[set.red].pixelType
      #expect(tiff.sampleType == (type == .half ? .float16 : .float32))
      #expect(tiff.alpha == (set.alpha == nil ? .none : .premultiplied))
      let backPath = dir.appendingPathComponent("back.exr").path
      let b = try apply(tiffPath, lut, backPath)
      #expect(b.status == 0, "\(b.stderr)")
      let back = try EXRImage.read(path: backPath)
      let want = try original.rgba(set).values
      let got = try back.rgba(try back.channelSet(path: backPath)).values
      #expect(got.count == want.count)
      let worst = zip(got, want).map { abs($0 - $1) / max(abs($1), 1e-3) }.max() ?? 0
      #expect(worst <= 1e-3, "largest relative difference \(worst)")
    }
  }

  /// An 8-bit sRGB TIFF becomes a linear, premultiplied half EXR: 128/255 sRGB is 0.2158605
  /// linear (IEC 61966-2-1), times alpha 0.5.
  @Test func integerTIFFBecomesLinearPremultipliedEXR() throws {
    try withTemporaryDirectory { dir in
      let tiffPath = dir.appendingPathComponent("in.tif").path
      var tiff = TIFFImage(
        width: 2, height: 1, samplesPerPixel: 4,
        samples: .uint8([128, 128, 128, 255, 128, 0, 255, 128]))
      tiff.extraSamples = [2]
      try tiff.write(to: tiffPath)
      let exrPath = dir.appendingPathComponent("out.exr").path
      let r = try apply(tiffPath, try identity(in: dir), exrPath)
      #expect(r.status == 0, "\(r.stderr)")
      let exr = try EXRImage.read(path: exrPath)
      let rgba = try exr.rgba(try exr.channelSet(path: exrPath)).values
      let grey: Float = 0.2158605
      let alpha: Float = 128.0 / 255
      let expected: [Float] = [grey, grey, grey, 1, grey * alpha, 0, alpha, alpha]
      for (g, e) in zip(rgba, expected) { #expect(abs(g - e) <= 1e-3 * max(e, 0.01), "\(rgba)") }
      #expect(exr.parts[0].channels[0].pixelType == .half)
    }
  }

  /// What the TIFF cannot hold is said on stderr, and not with --quiet.
  @Test func droppedPartsAreNamedUnlessQuiet() throws {
    try withTemporaryDirectory { dir in
      let input = dir.appendingPathComponent("two.exr").path
      let box = EXRBox(width: 4, height: 2)
      func part(_ name: String, _ channels: [String]) -> EXRPart {
        var p = EXRPart(
          name: name, dataWindow: box,
          channels: channels.map {
            EXRChannel(name: $0, samples: .float([Float](repeating: 0.5, count: 8)))
          })
        p.stringAttributes["owner"] = "tests"
        return p
      }
      try EXRImage(parts: [part("beauty", ["B", "G", "R"]), part("depth", ["Z"])]).write(to: input)
      let lut = try identity(in: dir)
      let out = dir.appendingPathComponent("out.tif").path
      let r = try apply(input, lut, out)
      #expect(r.status == 0, "\(r.stderr)")
      #expect(r.stderr.contains("not kept in TIFF: part 1 'depth'"), "\(r.stderr)")
      let tiff = try TIFFImage.read(path: out)
      #expect(tiff.metadata.strings[33432] == "tests")
      let quiet = try apply(input, lut, dir.appendingPathComponent("q.tif").path, ["--quiet"])
      #expect(quiet.status == 0 && !quiet.stderr.contains("not kept"), "\(quiet.stderr)")
    }
  }
}
