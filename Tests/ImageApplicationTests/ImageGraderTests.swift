import CubeFormat
import EDRPipeline
import Foundation
import ImageApplication
import LUTEngine
import RasterIO
import TestSupport
import Testing

/// A library user grades files through `ImageGrader` and gets the bytes `edrcube apply` writes
/// with the same options (issue 36), on files written by other tools and on our own.
@Suite struct ImageGraderTests {
  static let look = Fixtures.repositoryRoot.appendingPathComponent("luts/warm_sdr.cube").path
  static let exrCases = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/exr-cases")

  /// Grades `input` with the library and with the CLI; returns both outputs' bytes.
  func bothOutputs(_ input: String, ext: String, in dir: URL) throws -> (Data, Data) {
    let library = dir.appendingPathComponent("library.\(ext)").path
    let cli = dir.appendingPathComponent("cli.\(ext)").path
    let cube = try CubeReader.read(contentsOf: Self.look)
    _ = try ImageGrader(cube: cube, path: Self.look).grade(input, to: library)
    let run = try EDRCubeExecutable.run(["apply", input, "--lut", Self.look, "-o", cli])
    #expect(run.status == 0, "\(run.stderr)")
    return (
      try Data(contentsOf: URL(fileURLWithPath: library)),
      try Data(contentsOf: URL(fileURLWithPath: cli))
    )
  }

  /// OpenEXR files written by the OpenEXR wheel (two layers, a part per view, B44A), by OpenEXR's C++ library (a
  /// mip-mapped tiled file from openexr-images): the library's output is the CLI's, byte for
  /// byte, and differs from the input.
  @Test(arguments: ["layers.exr", "ColorCodedLevels.exr", "multipart.exr", "b44a_float.exr"])
  func exrBytesEqualTheCLIs(_ name: String) throws {
    try withTemporaryDirectory { dir in
      let input = Self.exrCases.appendingPathComponent(name).path
      let (library, cli) = try bothOutputs(input, ext: "exr", in: dir)
      #expect(library == cli)
      #expect(library != (try Data(contentsOf: URL(fileURLWithPath: input))))
    }
  }

  /// A 16-bit straight-alpha TIFF (sRGB-encoded Rec.709 by the rules of semantics §1): the
  /// same bytes as the CLI, alpha untouched, and the colour the cube's own application gives.
  @Test func tiffBytesAndValuesEqualTheCLIs() throws {
    try withTemporaryDirectory { dir in
      let input = dir.appendingPathComponent("in.tif").path
      let codes: [UInt16] = [65535, 32768, 0, 65535, 6554, 45875, 52428, 30000]
      var image = TIFFImage(width: 2, height: 1, samplesPerPixel: 4, samples: .uint16(codes))
      image.extraSamples = [2]
      try image.write(to: input)
      let (library, cli) = try bothOutputs(input, ext: "tif", in: dir)
      #expect(library == cli)
      let graded = try TIFFImage.read(path: dir.appendingPathComponent("library.tif").path)
      let out = graded.rgba.values
      let application = CubeApplication(
        lut: CubeLUT(try CubeReader.read(contentsOf: Self.look)), space: CubeSpace(.srgb),
        working: WorkingSpace(.srgb, named: .rec709))
      var expected = TIFFImage(width: 2, height: 1, samplesPerPixel: 4, samples: .uint16(codes))
        .rgba.values
      expected.withUnsafeMutableBufferPointer {
        application.apply(inPlace: $0, channels: 4, threads: 1)
      }
      for i in out.indices {
        // 16-bit codes: within half a code of the float result; alpha exactly kept.
        let tolerance: Float = i % 4 == 3 ? 0 : 0.5 / 65535 + 1e-6
        #expect(abs(out[i] - min(1, max(0, expected[i]))) <= tolerance, "value \(i)")
      }
    }
  }

  /// A cube that names no space is graded as srgb rec709 and the report says so; a missing
  /// input fails naming it and leaves no output.
  @Test func assumptionIsReportedAndFailureLeavesNothing() throws {
    try withTemporaryDirectory { dir in
      let cubePath = dir.appendingPathComponent("plain.cube").path
      try "LUT_3D_SIZE 2\n0 0 0\n1 0 0\n0 1 0\n1 1 0\n0 0 1\n1 0 1\n0 1 1\n1 1 1\n"
        .write(toFile: cubePath, atomically: true, encoding: .utf8)
      let grader = try ImageGrader(cube: try CubeReader.read(contentsOf: cubePath))
      let input = Self.exrCases.appendingPathComponent("layers.exr").path
      let report = try grader.grade(input, to: dir.appendingPathComponent("o.exr").path)
      #expect(report.notes.contains("assumed srgb rec709: nothing in the file names its space"))
      #expect(report.pixels > 0)
      let missing = dir.appendingPathComponent("missing.exr").path
      let output = dir.appendingPathComponent("never.exr").path
      #expect {
        _ = try grader.grade(missing, to: output)
      } throws: { error in
        "\(error)".hasPrefix("\(missing): error:")
      }
      #expect(!FileManager.default.fileExists(atPath: output))
    }
  }
}
