import Foundation
import RasterIO
import TestSupport
import Testing

/// OpenEXR's `fuzzFile` recipe on our readers, one small file per codec: sliding-window
/// mutations over the whole file and header-window mutations over its first bytes, each
/// changing up to 10 % of the window's bytes with a seeded generator (so failures reproduce).
/// Every read ends in a `RasterIOError` naming the file or in an image whose channels hold
/// exactly the declared number of samples. 150 + 75 mutations per file by default, OpenEXR's
/// 5000 + 3000 with `EDRCUBE_HEAVY=1`.
@Suite struct CodecMutationTests {
  static let heavy = HeavyTests.enabled
  static let counts = heavy ? (sliding: 5000, header: 3000) : (sliding: 150, header: 75)

  /// The mutated copies of `bytes`: windows sliding from start to end, then windows inside
  /// the first `headerSize` bytes.
  static func mutations(of bytes: [UInt8], headerSize: Int, seed: UInt64) -> [[UInt8]] {
    var generator = SeededGenerator(seed: seed)
    var result: [[UInt8]] = []
    func mutate(start: Int, length: Int) {
      var copy = bytes
      let changes = 1 + Int(generator.next() % UInt64(max(1, length / 10)))
      for _ in 0..<changes {
        let at = start + Int(generator.next() % UInt64(max(1, length)))
        if at < copy.count { copy[at] = UInt8(truncatingIfNeeded: generator.next()) }
      }
      result.append(copy)
    }
    let window = max(1, bytes.count / 10)
    for i in 0..<counts.sliding {
      mutate(start: i * max(1, bytes.count - window) / counts.sliding, length: window)
    }
    for _ in 0..<counts.header { mutate(start: 0, length: min(headerSize, bytes.count)) }
    return result
  }

  func writeAndMutate(
    name: String, headerSize: Int, write: (String) throws -> Void,
    check: (String) throws -> Bool
  ) throws {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent(name).path
      try write(path)
      let original = try Fixtures.bytes(URL(fileURLWithPath: path))
      var inconsistent = 0
      for (i, bytes) in Self.mutations(of: original, headerSize: headerSize, seed: 7).enumerated() {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        do {
          if try !check(path) { inconsistent += 1 }
        } catch let error as RasterIOError {
          #expect(error.path == path, "\(name) mutation \(i)")
        }
      }
      #expect(inconsistent == 0, "\(name): \(inconsistent) reads with wrong sample counts")
    }
  }

  @Test(arguments: [EXRCompression.none, .rle, .zips, .zip, .piz, .pxr24, .b44])
  func mutatedEXRReadsFailCleanly(_ compression: EXRCompression) throws {
    let image = EXRImage(parts: [
      TestImages.part(
        ["R", "G", "B"], type: .half, width: 24, height: 20, compression: compression)
    ])
    try writeAndMutate(
      name: "m.exr", headerSize: 340, write: { try image.write(to: $0, using: .fast) },
      check: { path in
        let part = try EXRImage.read(path: path).parts[0]
        return part.channels.allSatisfy {
          let grid = part.sampleCount(xSampling: $0.xSampling, ySampling: $0.ySampling)
          return $0.samples.count == grid.columns * grid.rows
        }
      })
  }

  @Test(arguments: [TIFFCompression.none, .lzw, .deflate, .packBits])
  func mutatedTIFFReadsFailCleanly(_ compression: TIFFCompression) throws {
    var image = TIFFImage(
      width: 24, height: 20, samplesPerPixel: 3, samples: .uint16(TestImages.halves(1440)))
    image.compression = compression
    try writeAndMutate(
      name: "m.tif", headerSize: 200, write: { try image.write(to: $0, using: .fast) },
      check: { path in
        let back = try TIFFImage.read(path: path)
        return back.samples.count == back.width * back.height * back.samplesPerPixel
      })
  }
}
