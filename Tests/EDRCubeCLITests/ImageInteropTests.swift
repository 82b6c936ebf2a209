import Foundation
import RasterIO
import TestSupport
import Testing

/// What `apply` writes is read back by OpenImageIO (PyPI `OpenImageIO`, when installed) with
/// the values RasterIO reads: a TIFF converted from an EXR, and DWAA/DWAB EXRs.
@Suite(.enabled(if: OpenImageIOModule.isInstalled, "pip install OpenImageIO"))
struct ImageInteropTests {
  static let python = OpenImageIOModule.python

  /// OpenImageIO's reading of `path`: channel names, then each channel's values (float).
  static func openImageIO(_ path: String) throws -> (names: [String], channels: [[Float]]) {
    let script = """
      import json, sys, OpenImageIO as oiio
      i = oiio.ImageInput.open(sys.argv[1]); s = i.spec(); p = i.read_image(oiio.FLOAT)
      print(json.dumps({"names": list(s.channelnames),
        "channels": [p[:, :, c].ravel().tolist() for c in range(s.nchannels)]}))
      """
    let r = try EDRCubeExecutable.run(["python3", "-c", script, path], executable: python)
    try #require(r.status == 0, "\(r.stderr)")
    struct Reading: Decodable {
      var names: [String]
      var channels: [[Float]]
    }
    let reading = try JSONDecoder().decode(Reading.self, from: Data(r.stdout.utf8))
    return (reading.names, reading.channels)
  }

  private func identity(in dir: URL) throws -> String {
    let path = dir.appendingPathComponent("id.cube").path
    let r = try EDRCubeExecutable.run(["generate", "identity", "--size", "2", "-o", path])
    try #require(r.status == 0, "\(r.stderr)")
    return path
  }

  @Test func aTIFFConvertedFromEXRReadsTheSame() throws {
    try withTemporaryDirectory { dir in
      let input = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/dwa/dwab.exr")
      let output = dir.appendingPathComponent("out.tif").path
      let r = try EDRCubeExecutable.run(
        ["apply", input.path, "--lut", try identity(in: dir), "--lut-space", "raw", "-o", output])
      #expect(r.status == 0, "\(r.stderr)")
      let tiff = try TIFFImage.read(path: output)
      let theirs = try Self.openImageIO(output)
      #expect(theirs.names.count == tiff.samplesPerPixel)
      for (lane, values) in theirs.channels.enumerated() {
        let ours = Swift.stride(from: lane, to: tiff.samples.count, by: tiff.samplesPerPixel)
          .map { tiff.rgbaLaneValue(at: $0) }
        #expect(values == ours, "sample \(lane)")
      }
    }
  }

  @Test(arguments: ["dwaa.exr", "dwab.exr"])
  func dwaOutputReadsTheSame(name: String) throws {
    try withTemporaryDirectory { dir in
      let input = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/dwa/\(name)")
      let output = dir.appendingPathComponent("out.exr").path
      let r = try EDRCubeExecutable.run(
        ["apply", input.path, "--lut", try identity(in: dir), "--lut-space", "raw", "-o", output])
      #expect(r.status == 0, "\(r.stderr)")
      let part = try EXRImage.read(path: output).parts[0]
      let theirs = try Self.openImageIO(output)
      for (name, values) in zip(theirs.names, theirs.channels) {
        let ours = try #require(part.channelIndex(named: name).map { part.channels[$0] })
        #expect(values == ours.samples.floatValues, "\(name)")
      }
      #expect(Set(theirs.names) == Set(part.channels.map(\.name)))
    }
  }
}

/// Whether Python's OpenImageIO module can be imported here.
enum OpenImageIOModule {
  static let python = URL(fileURLWithPath: "/usr/bin/env")

  static let isInstalled: Bool =
    (try? EDRCubeExecutable.run(["python3", "-c", "import OpenImageIO"], executable: python))?
    .status == 0
}

extension TIFFImage {
  /// Sample `index` (interleaved) as `Float`, for float TIFFs.
  fileprivate func rgbaLaneValue(at index: Int) -> Float {
    switch samples {
    case .float16(let v): Float(Float16(bitPattern: v[index]))
    case .float32(let v): v[index]
    default: .nan
    }
  }
}
