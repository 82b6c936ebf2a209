import Foundation
import RasterIO
import TestSupport
import Testing

/// `apply` on DPX: the codes it writes are `eval`'s result at the input codes (sRGB-encoded
/// Rec.709 for a DPX whose transfer code is not linear), rounded to the file's depth; the
/// header's depth, byte order, alpha and transfer code are kept; a DPX cannot become
/// another format.
@Suite struct ApplyDPXTests {
  static let lut = Fixtures.luts.appendingPathComponent("warm_sdr.cube").path

  @Test func aTenBitDPXIsGradedAsEvalGradesItsCodes() throws {
    try withTemporaryDirectory { dir in
      let width = 5
      let height = 3
      let samples = (0..<(width * height * 4)).map { UInt16(($0 * 71) % 1024) }
      let image = DPXImage(
        width: width, height: height, bitDepth: 10, hasAlpha: true, samples: samples,
        byteOrder: .littleEndian, transfer: 6, colorimetric: 6)
      let input = dir.appendingPathComponent("in.dpx").path
      let output = dir.appendingPathComponent("out.dpx").path
      try image.write(to: input)
      let r = try EDRCubeExecutable.run(["apply", input, "--lut", Self.lut, "-o", output])
      try #require(r.status == 0, "\(r.stderr)")
      let out = try DPXImage.read(path: output)
      #expect(out.bitDepth == 10 && out.byteOrder == .littleEndian && out.hasAlpha)
      #expect(out.transfer == 6 && out.colorimetric == 6)
      let codes = (0..<(width * height)).map { p in
        (0..<3).map { "\(Double(samples[4 * p + $0]) / 1023)" }.joined(separator: " ")
      }
      let e = try EDRCubeExecutable.run(
        ["eval", "--lut", Self.lut, "--working-space", "srgb"],
        stdin: codes.joined(separator: "\n") + "\n")
      try #require(e.status == 0, "\(e.stderr)")
      let expected = e.stdout.split(separator: "\n").map {
        $0.split(separator: " ").compactMap { Double($0) }
      }
      for p in 0..<(width * height) {
        for k in 0..<3 {
          let want = (min(max(expected[p][k], 0), 1) * 1023).rounded()
          #expect(abs(Double(out.samples[4 * p + k]) - want) <= 1, "pixel \(p) channel \(k)")
        }
        #expect(out.samples[4 * p + 3] == samples[4 * p + 3], "alpha of pixel \(p)")
      }
    }
  }

  @Test func aDPXIsNotWrittenAsAnotherFormat() throws {
    try withTemporaryDirectory { dir in
      let input = dir.appendingPathComponent("in.dpx").path
      try DPXImage(
        width: 2, height: 1, bitDepth: 16, hasAlpha: false, samples: [0, 1, 2, 3, 4, 5]
      ).write(to: input)
      let output = dir.appendingPathComponent("out.exr").path
      let r = try EDRCubeExecutable.run(["apply", input, "--lut", Self.lut, "-o", output])
      #expect(r.status != 0 && r.stderr.contains("DPX from DPX input only"), "\(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: output))
    }
  }

  /// `--depth` writes a DPX at another depth: the 16-bit grade of a 10-bit file is the
  /// 10-bit grade's codes within a 10-bit code.
  @Test func depthSetsTheDPXOutputsBitsPerComponent() throws {
    try withTemporaryDirectory { dir in
      let input = dir.appendingPathComponent("in.dpx").path
      let samples = (0..<(4 * 2 * 3)).map { UInt16(($0 * 97) % 1024) }
      try DPXImage(width: 4, height: 2, bitDepth: 10, hasAlpha: false, samples: samples)
        .write(to: input)
      let ten = dir.appendingPathComponent("ten.dpx").path
      let sixteen = dir.appendingPathComponent("sixteen.dpx").path
      for (path, extra) in [(ten, [String]()), (sixteen, ["--depth", "16"])] {
        let r = try EDRCubeExecutable.run(["apply", input, "--lut", Self.lut, "-o", path] + extra)
        try #require(r.status == 0, "\(r.stderr)")
      }
      let a = try DPXImage.read(path: ten)
      let b = try DPXImage.read(path: sixteen)
      #expect(a.bitDepth == 10 && b.bitDepth == 16)
      for (x, y) in zip(a.samples, b.samples) {
        let difference: Double = abs(Double(x) / 1023 - Double(y) / 65535)
        #expect(difference <= 1.0 / 1023, "\(x) vs \(y)")
      }
      let refused = try EDRCubeExecutable.run(
        [
          "apply", ten, "--lut", Self.lut, "-o", dir.appendingPathComponent("x.dpx").path,
          "--depth", "11",
        ])
      #expect(refused.status != 0 && refused.stderr.contains("--depth must be 8, 10, 12 or 16"))
    }
  }
}
