import Foundation
import RasterIO
import TestSupport
import Testing

/// `apply` on several files, where frame k + 1 is read and transformed while frame k is written
/// (issue 21): the files are the ones a file-by-file run writes, a bad frame is reported with
/// its name while the others are written, messages come in frame order, and a frame that reads
/// what the previous one writes waits for it. (The bound of two frames in flight is counted in
/// `PipelineTests`.)
@Suite struct ApplySequenceTests {
  static let width = 97
  static let height = 53

  /// Frame `n`'s RGB(A): a ramp from 0 to 4 (EDR highlights), different per frame and channel,
  /// with a NaN in one pixel; alpha, when asked, from 0 to 1.
  static func values(frame n: Int, alpha: Bool) -> [[Float]] {
    let count = width * height
    var planes = (0..<3).map { c in
      (0..<count).map { Float(($0 * (3 + c + n)) % 401) / 100 }
    }
    planes[1][17] = .nan
    if alpha { planes.append((0..<count).map { Float($0 % 11) / 10 }) }
    return planes
  }

  /// Five frames in several formats: float EXR; half ZIP EXR with alpha; float TIFF; 16-bit
  /// TIFF with straight alpha (sRGB working space); float PIZ EXR in Rec.2020 (a second
  /// working space).
  static func writeFrames(in folder: URL) throws -> [String] {
    func exr(
      _ name: String, frame: Int, type: EXRPixelType, compression: EXRCompression,
      alpha: Bool = false, rec2020: Bool = false
    ) throws -> String {
      let names = ["R", "G", "B", "A"]
      var part = EXRPart(
        dataWindow: EXRBox(width: width, height: height),
        channels: values(frame: frame, alpha: alpha).enumerated().map {
          EXRChannel(name: names[$0.offset], samples: EXRSamples($0.element, as: type))
        })
      part.compression = compression
      if rec2020 {
        part.chromaticities = EXRChromaticities(
          red: [0.708, 0.292], green: [0.170, 0.797], blue: [0.131, 0.046],
          white: [0.3127, 0.3290])
      }
      let path = folder.appendingPathComponent(name).path
      try EXRImage(parts: [part]).write(to: path)
      return path
    }
    func tiff(_ name: String, frame: Int, integer: Bool) throws -> String {
      let planes = values(frame: frame, alpha: integer)
      let interleaved = (0..<(width * height)).flatMap { p in planes.map { $0[p] } }
      let samples: TIFFSamples =
        integer
        ? .uint16(interleaved.map { UInt16(($0.isNaN ? 0 : min($0, 1)) * 65535) })
        : .float32(interleaved)
      var image = TIFFImage(
        width: width, height: height, samplesPerPixel: planes.count, samples: samples)
      if integer { image.extraSamples = [2] }
      let path = folder.appendingPathComponent(name).path
      try image.write(to: path)
      return path
    }
    return [
      try exr("f1.exr", frame: 1, type: .float, compression: .none),
      try exr("f2.exr", frame: 2, type: .half, compression: .zip, alpha: true),
      try tiff("f3.tif", frame: 3, integer: false),
      try tiff("f4.tif", frame: 4, integer: true),
      try exr("f5.exr", frame: 5, type: .float, compression: .piz, rec2020: true),
    ]
  }

  static var look: String { Fixtures.luts.appendingPathComponent("warm_sdr.cube").path }

  /// The outputs of a folder run have the bytes of one run per file (which transforms each
  /// strip just before writing it), for every format, and the second working space's line
  /// comes between the frames that need it.
  @Test func aFolderGivesTheBytesOfOneRunPerFile() throws {
    try withTemporaryDirectory { dir in
      let plates = dir.appendingPathComponent("plates")
      try FileManager.default.createDirectory(at: plates, withIntermediateDirectories: true)
      let inputs = try Self.writeFrames(in: plates)
      let graded = dir.appendingPathComponent("graded").path
      let all = try EDRCubeExecutable.run(
        ["apply", plates.path, "--lut", Self.look, "--output-dir", graded, "--timing"])
      try #require(all.status == 0, "\(all.stderr)")
      #expect(all.stdout.contains("apply: 5 of 5 file(s)"))
      for input in inputs {
        let name = (input as NSString).lastPathComponent
        let single = dir.appendingPathComponent("single-" + name).path
        let one = try EDRCubeExecutable.run(["apply", input, "--lut", Self.look, "-o", single])
        try #require(one.status == 0, "\(one.stderr)")
        let sequenced = try Data(contentsOf: URL(fileURLWithPath: graded + "/" + name))
        #expect(sequenced == (try Data(contentsOf: URL(fileURLWithPath: single))), "\(name)")
      }
      // Frame order: f1's timing, the sRGB working space's line (met first in f4), f4's
      // timing; the Rec.2020 line after f4's timing and before f5's.
      let lines = all.stderr.split(separator: "\n").map(String.init)
      func first(_ text: String) throws -> Int {
        try #require(lines.firstIndex { $0.contains(text) }, "\(text) in \(all.stderr)")
      }
      /// The `--timing` line of one phase of one frame (`timing: PHASE … (PATH)`).
      func timing(_ phase: String, _ file: String) throws -> Int {
        try #require(
          lines.firstIndex { $0.hasPrefix("timing: \(phase) ") && $0.hasSuffix("/\(file))") },
          "\(phase) of \(file) in \(all.stderr)")
      }
      #expect(try timing("read", "f1.exr") < timing("read", "f2.exr"))
      #expect(try timing("write", "f3.tif") < first("working srgb rec709"))
      #expect(try first("working srgb rec709") < timing("read", "f4.tif"))
      #expect(try timing("write", "f4.tif") < first("working linear rec2020"))
      #expect(try first("working linear rec2020") < timing("read", "f5.exr"))
    }
  }

  /// A frame that cannot be read, in the middle of a folder, is reported with its name and the
  /// problem; the frames before and after it are written; the run exits with status 1 and
  /// leaves no temporary file.
  @Test func aBadFrameInTheMiddleIsReportedWhileTheOthersAreWritten() throws {
    try withTemporaryDirectory { dir in
      let plates = dir.appendingPathComponent("plates")
      try FileManager.default.createDirectory(at: plates, withIntermediateDirectories: true)
      let inputs = try Self.writeFrames(in: plates)
      // f3.tif keeps its name but loses everything after its first 100 bytes.
      let bad = try Data(contentsOf: URL(fileURLWithPath: inputs[2])).prefix(100)
      try bad.write(to: URL(fileURLWithPath: inputs[2]))
      let graded = dir.appendingPathComponent("graded").path
      let r = try EDRCubeExecutable.run(
        ["apply", plates.path, "--lut", Self.look, "--output-dir", graded])
      #expect(r.status == 1)
      #expect(r.stderr.contains(inputs[2] + ": error:"), "\(r.stderr)")
      #expect(r.stderr.contains("edrcube: error: 1 file(s) failed"))
      #expect(r.stdout.contains("apply: 4 of 5 file(s)"))
      let written = try FileManager.default.contentsOfDirectory(atPath: graded).sorted()
      #expect(written == ["f1.exr", "f2.exr", "f4.tif", "f5.exr"])
      let f5 = try EXRImage.read(path: graded + "/f5.exr").parts[0]
      #expect(f5.width == Self.width && f5.height == Self.height)
    }
  }

  /// `--in-place` given the same file twice applies the cube twice, as a file-by-file loop
  /// does: the second job reads what the first wrote, so it is not read ahead.
  @Test func aFrameThatReadsThePreviousOutputWaitsForIt() throws {
    try withTemporaryDirectory { dir in
      let cube = dir.appendingPathComponent("double.cube").path
      try ApplyCommandTests.doubling.write(toFile: cube, atomically: true, encoding: .utf8)
      let plate = dir.appendingPathComponent("plate.exr").path
      let channels = ["B", "G", "R"].map {
        EXRChannel(name: $0, samples: EXRSamples([0.25, 0.5], as: .float))
      }
      try EXRImage(parts: [EXRPart(dataWindow: EXRBox(width: 2, height: 1), channels: channels)])
        .write(to: plate)
      let r = try EDRCubeExecutable.run(["apply", plate, plate, "--lut", cube, "--in-place"])
      try #require(r.status == 0, "\(r.stderr)")
      let out = try EXRImage.read(path: plate).parts[0]
      #expect(
        out.channels[try #require(out.channelIndex(named: "R"))].samples.floatValues == [1, 2])
    }
  }
}
