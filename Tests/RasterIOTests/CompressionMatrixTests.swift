import Foundation
import RasterIO
import TestSupport
import Testing

/// Every compression × pixel type × line order, written by the OpenEXR Python wheel (an
/// independent implementation with every codec) and decoded by RasterIO: the same bits as the
/// wheel decodes, for the lossy codecs too (both decoders undo the same encoding). Runs where
/// the wheel is installed (`pip install OpenEXR`; CI has it).
@Suite(.enabled(if: OpenEXRWheel.isInstalled, "pip install OpenEXR"))
struct CompressionMatrixTests {
  static let env = OpenEXRWheel.env

  /// The bit patterns of a channel's samples (half 16-bit, float and uint 32-bit).
  static func bits(_ samples: EXRSamples) -> [UInt32] {
    switch samples {
    case .half(let v): v.map(UInt32.init)
    case .float(let v): v.map(\.bitPattern)
    case .uint(let v): v
    }
  }

  @Test func everyCodecTypeAndOrderDecodesAsTheWheelDecodes() throws {
    try withTemporaryDirectory { dir in
      let script = Fixtures.repositoryRoot.appendingPathComponent(
        "Tests/Fixtures/exr-cases/compression_matrix.py")
      let r = try EDRCubeExecutable.run(
        ["python3", script.path, dir.path], executable: Self.env)
      try #require(r.status == 0, "\(r.stderr)")
      let reference = try JSONDecoder().decode(
        [String: [String: [UInt32]]].self, from: Data(r.stdout.utf8))
      #expect(reference.count == 60)
      for (name, channels) in reference.sorted(by: { $0.key < $1.key }) {
        let part = try EXRImage.read(path: dir.appendingPathComponent(name).path).parts[0]
        #expect(Set(part.channels.map(\.name)) == Set(channels.keys), "\(name)")
        for channel in part.channels {
          #expect(Self.bits(channel.samples) == channels[channel.name], "\(name) \(channel.name)")
        }
      }
    }
  }
}

/// Whether Python's OpenEXR module (with numpy) can be imported here.
enum OpenEXRWheel {
  static let env = URL(fileURLWithPath: "/usr/bin/env")

  static let isInstalled: Bool =
    (try? EDRCubeExecutable.run(["python3", "-c", "import OpenEXR, numpy"], executable: env))?
    .status == 0
}
