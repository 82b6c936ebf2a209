import Foundation
import RasterIO
import TestSupport
import Testing

/// `apply` on batches: `--recursive` folders, `--part NAME`, TIFF strip sizes, `--preview` of
/// a sequence; and `pattern --headroom` (issue 26).
@Suite struct ApplyBatchTests {
  func writeCube(in dir: URL) throws -> String {
    let cube = dir.appendingPathComponent("double.cube").path
    try ApplyCommandTests.doubling.write(toFile: cube, atomically: true, encoding: .utf8)
    return cube
  }

  /// A 2×1 float EXR of grey `value`.
  func writeGrey(_ path: String, _ value: Float) throws {
    let channels = ["B", "G", "R"].map {
      EXRChannel(name: $0, samples: EXRSamples([value, value], as: .float))
    }
    try EXRImage(parts: [EXRPart(dataWindow: EXRBox(width: 2, height: 1), channels: channels)])
      .write(to: path)
  }

  func red(_ path: String, part: Int = 0) throws -> Float {
    let p = try EXRImage.read(path: path).parts[part]
    return p.channels[try #require(p.channelIndex(named: "R"))].samples.floatValues[0]
  }

  @Test func recursiveKeepsTheFolderStructure() throws {
    try withTemporaryDirectory { dir in
      let cube = try writeCube(in: dir)
      let plates = dir.appendingPathComponent("plates")
      let deeper = plates.appendingPathComponent("a/b")
      try FileManager.default.createDirectory(at: deeper, withIntermediateDirectories: true)
      try writeGrey(plates.appendingPathComponent("top.exr").path, 0.25)
      try writeGrey(plates.appendingPathComponent("a/mid.exr").path, 0.5)
      try writeGrey(deeper.appendingPathComponent("low.exr").path, 1.5)
      let flat = dir.appendingPathComponent("flat").path
      let f = try EDRCubeExecutable.run(
        ["apply", plates.path, "--lut", cube, "--output-dir", flat])
      try #require(f.status == 0, "\(f.stderr)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: flat) == ["top.exr"])
      let graded = dir.appendingPathComponent("graded").path
      let r = try EDRCubeExecutable.run(
        ["apply", plates.path, "--recursive", "--lut", cube, "--output-dir", graded])
      try #require(r.status == 0, "\(r.stderr)")
      #expect(r.stdout.contains("apply: 3 of 3 file(s)"))
      #expect(try red(graded + "/top.exr") == 0.5)
      #expect(try red(graded + "/a/mid.exr") == 1)
      #expect(try red(graded + "/a/b/low.exr") == 3)
    }
  }

  @Test func partIsChosenByNameOrIndex() throws {
    try withTemporaryDirectory { dir in
      let cube = try writeCube(in: dir)
      let input = dir.appendingPathComponent("parts.exr").path
      let parts = [("beauty", Float(0.25)), ("fx", Float(0.75))].map { name, value in
        var part = EXRPart(
          dataWindow: EXRBox(width: 2, height: 1),
          channels: ["B", "G", "R"].map {
            EXRChannel(name: $0, samples: EXRSamples([value, value], as: .float))
          })
        part.name = name
        return part
      }
      try EXRImage(parts: parts).write(to: input)
      let byName = dir.appendingPathComponent("by-name.exr").path
      let n = try EDRCubeExecutable.run(
        ["apply", input, "--part", "fx", "--lut", cube, "-o", byName])
      try #require(n.status == 0, "\(n.stderr)")
      #expect(try red(byName, part: 0) == 0.25)
      #expect(try red(byName, part: 1) == 1.5)
      let byIndex = dir.appendingPathComponent("by-index.exr").path
      let i = try EDRCubeExecutable.run(
        ["apply", input, "--part", "1", "--lut", cube, "-o", byIndex])
      try #require(i.status == 0, "\(i.stderr)")
      #expect(try red(byIndex, part: 1) == 1.5)
      let missing = try EDRCubeExecutable.run(
        ["apply", input, "--part", "mask", "--lut", cube, "-o", byIndex])
      #expect(missing.status == 1)
      #expect(
        missing.stderr.contains(
          "error: no part named 'mask': the file has 2 part(s) (indices from 0), named 'beauty', 'fx'"
        ))
    }
  }

  /// One-row strips of a 64-pixel RGBA half TIFF (512 bytes a row) are written back as
  /// 64 KiB strips (128 rows); strips of 36 KiB (48 rows of 768 bytes) are kept.
  @Test(arguments: [(TIFFSampleType.float16, 4, 1, 128), (.float32, 3, 48, 48)])
  func tiffStripsKeepASensibleSize(
    type: TIFFSampleType, samplesPerPixel: Int, rows: Int, expected: Int
  ) throws {
    try withTemporaryDirectory { dir in
      let cube = try writeCube(in: dir)
      let count = 64 * 300 * samplesPerPixel
      let samples: TIFFSamples =
        type == .float16
        ? .float16(Array(repeating: Float16(0.5).bitPattern, count: count))
        : .float32(Array(repeating: 0.5, count: count))
      var image = TIFFImage(
        width: 64, height: 300, samplesPerPixel: samplesPerPixel, samples: samples)
      image.rowsPerStrip = rows
      let input = dir.appendingPathComponent("in.tif").path
      try image.write(to: input)
      #expect(try TIFFImage.read(path: input).rowsPerStrip == rows)
      let output = dir.appendingPathComponent("out.tif").path
      let r = try EDRCubeExecutable.run(["apply", input, "--lut", cube, "-o", output])
      try #require(r.status == 0, "\(r.stderr)")
      let written = try TIFFImage.read(path: output)
      #expect(written.rowsPerStrip == expected)
      #expect(written.rgba.values[0] == 1)
    }
  }

  /// `pattern --headroom 4`: no value above 4 (the wide-gamut patches at 4× white reached 75),
  /// and 4 itself is written (the grey patches at 4, 8 and 16×).
  @Test func patternIsCappedAtTheHeadroom() throws {
    try withTemporaryDirectory { dir in
      let output = dir.appendingPathComponent("chart.exr").path
      let r = try EDRCubeExecutable.run([
        "pattern", output, "--headroom", "4", "--width", "64", "--height", "36", "--pixel-type",
        "float",
      ])
      try #require(r.status == 0, "\(r.stderr)")
      let part = try EXRImage.read(path: output).parts[0]
      let values = ["R", "G", "B"].flatMap { name in
        part.channels.first { $0.name == name }?.samples.floatValues ?? []
      }
      #expect(values.count == 3 * 64 * 36)
      #expect(values.max() == 4)
    }
  }

  /// `--preview` on a sequence: the first, middle and last frame, one row each (before |
  /// after | false colour), then a legend of the false-colour bands.
  @Test func previewOfASequenceIsAContactSheetWithALegend() throws {
    try withTemporaryDirectory { dir in
      let cube = try writeCube(in: dir)
      // Doubled: 0.5 (SDR), 0.8, 1.5 (above 1: blue), 2.5, 6 (above 4: red).
      for (i, grey) in [Float(0.25), 0.4, 0.75, 1.25, 3].enumerated() {
        try writeGrey(dir.appendingPathComponent("shot.\(1001 + i).exr").path, grey)
      }
      let png = dir.appendingPathComponent("sheet.png").path
      let r = try EDRCubeExecutable.run([
        "apply", dir.appendingPathComponent("shot.%04d.exr").path, "--lut", cube, "-o",
        dir.appendingPathComponent("out.%04d.exr").path, "--preview", png,
      ])
      try #require(r.status == 0, "\(r.stderr)")
      let (pixels, _) = try PNGImage.read(path: png)
      // Three rows of 1-pixel-high pictures 8 rows apart, then the 7-row legend.
      #expect(pixels.width == 334 && pixels.height == 3 * (1 + 8) + 7)
      func code(_ x: Int, _ y: Int) -> [Int] {
        let o = 4 * (y * pixels.width + x)
        return (0..<3).map { Int((pixels.values[o + $0] * 255).rounded()) }
      }
      let map = 2 * (2 + 8)
      // SDR 0.5: grey 0.6 · (0.15 + 0.85 · 0.5) = 0.345.
      #expect(code(map, 0) == [88, 88, 88])
      #expect(code(map, 9) == [26, 89, 255])
      #expect(code(map, 18) == [255, 26, 26])
      // The legend's swatches: SDR grey, then blue, yellow, red after each label.
      let legend = 27
      #expect(code(0, legend) == [153, 153, 153])
      #expect(code(10 + 4 + 173 + 12, legend) == [26, 89, 255])
      #expect(code(199 + 49, legend) == [255, 217, 26])
      #expect(code(199 + 98, legend) == [255, 26, 26])
    }
  }
}
