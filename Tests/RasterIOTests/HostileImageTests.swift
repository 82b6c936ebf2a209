import Foundation
import RasterIO
import TestSupport
import Testing

/// Issue 27's image reproducers (docs/reliability.md §4): bytes are bounded as well as pixels,
/// EXR tiles obey the tile limit, and a multipage TIFF is refused rather than losing pages.
@Suite struct HostileImageTests {
  func hostile(_ name: String) -> String { Fixtures.hostile.appendingPathComponent(name).path }

  /// 32 float samples per pixel at 4096² is 2 GiB of samples, refused before allocation under
  /// a 1 GiB cap.
  @Test func aTIFFWithManySamplesPerPixelIsBoundedByBytes() throws {
    let limits = RasterLimits(maxDecodedBytes: 1 << 30)
    let error = try #require(throws: RasterIOError.self) {
      try TIFFImage.read(path: hostile("tiff_bomb_4096sq_32spp.tif"), limits: limits)
    }
    #expect(error.kind == .tooLarge)
    #expect(error.message.contains("2147483648 bytes"), "\(error)")
  }

  @Test func anEXRWithManyChannelsIsBoundedByBytes() throws {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("channels.exr").path
      let names = (0..<40).map { String(format: "c%02d", $0) }
      try EXRImage(parts: [TestImages.part(names, type: .float, width: 64, height: 64)])
        .write(to: path, using: .fast)
      let limits = RasterLimits(maxDecodedBytes: 40 * 64 * 64 * 4 - 1)
      let error = try #require(throws: RasterIOError.self) {
        try EXRImage.read(path: path, limits: limits)
      }
      #expect(error.kind == .tooLarge && error.message.contains("40 channel(s)"), "\(error)")
      #expect(try EXRImage.read(path: path).parts[0].channels.count == 40)
    }
  }

  @Test func exrTilesAboveTheLimitAreRefused() throws {
    let error = try #require(throws: RasterIOError.self) {
      try EXRImage.read(path: hostile("exr_tile4097.exr"))
    }
    #expect(error.kind == .tooLarge && error.message.contains("4097"), "\(error)")
  }

  @Test func aMultipageTIFFIsRefusedNamingThePageCount() throws {
    let error = try #require(throws: RasterIOError.self) {
      try TIFFImage.read(path: hostile("tiff_multipage_2pages.tif"))
    }
    #expect(error.kind == .unsupported && error.message.contains("2 pages"), "\(error)")
    #expect(error.libraryMessage == nil)
  }
}

extension HostileImageTests {
  /// OpenEXRCore 3.1 cannot decode DWAA; where it cannot, the error says so instead of
  /// reading like corruption (a library that can decode it reads the file).
  @Test func dwaaIsReadOrUnsupportedNeverCorrupt() throws {
    do {
      let image = try EXRImage.read(path: hostile("exr_dwaa_valid.exr"))
      #expect(image.parts[0].compression == .dwaa)
    } catch let error as RasterIOError {
      #expect(error.kind == .unsupported, "\(error)")
      #expect(error.description.contains("unsupported"), "\(error)")
    }
  }
}

extension HostileImageTests {
  /// Damage in several chunks gives the same error on every read (the lowest chunk's), not
  /// whichever decoding thread failed first.
  @Test func damagedChunksGiveTheSameErrorEveryTime() throws {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("damaged.exr").path
      try EXRImage(parts: [TestImages.part(["B", "G", "R"], type: .float, width: 64, height: 256)])
        .write(to: path, using: .fast)
      var bytes = try Fixtures.bytes(URL(fileURLWithPath: path))
      for start in [bytes.count / 3, bytes.count / 2, 3 * bytes.count / 4] {
        for i in start..<(start + 64) { bytes[i] ^= 0x5A }
      }
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      var messages: Set<String> = []
      for _ in 0..<8 {
        let error = try #require(throws: RasterIOError.self) { try EXRImage.read(path: path) }
        messages.insert(error.message)
      }
      #expect(messages.count == 1, "\(messages)")
    }
  }
}
