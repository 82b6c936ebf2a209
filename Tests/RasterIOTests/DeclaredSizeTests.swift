import FileOutput
import Foundation
import RasterIO
import TestSupport
import Testing

/// Headers that declare absurd or inconsistent sizes (docs/reliability.md §3.2): rejected with a typed
/// error before any pixel buffer is allocated.
@Suite struct DeclaredSizeTests {
  /// A valid small EXR with its dataWindow replaced.
  func exrBytes(dataWindow: (Int32, Int32, Int32, Int32)) throws -> [UInt8] {
    var bytes = try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("w.exr").path
      try EXRImage(parts: [TestImages.part(["R", "G", "B"], type: .half, width: 8, height: 4)])
        .write(to: path, using: .fast)
      return try Fixtures.bytes(URL(fileURLWithPath: path))
    }
    let key = Array("dataWindow\0box2i\0".utf8)
    let start = try #require(
      (0..<(bytes.count - key.count)).first { Array(bytes[$0..<($0 + key.count)]) == key })
    var at = start + key.count + 4  // skip the attribute size
    for value in [dataWindow.0, dataWindow.1, dataWindow.2, dataWindow.3] {
      for shift in stride(from: 0, to: 32, by: 8) {
        bytes[at] = UInt8(truncatingIfNeeded: UInt32(bitPattern: value) >> UInt32(shift))
        at += 1
      }
    }
    return bytes
  }

  func readEXR(_ bytes: [UInt8]) throws -> RasterIOError {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("patched.exr").path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let error = try #require(throws: RasterIOError.self) { try EXRImage.read(path: path) }
      #expect(error.path == path)
      return error
    }
  }

  @Test func hugeEXRDataWindowsAreRejected() throws {
    let huge = try readEXR(exrBytes(dataWindow: (0, 0, 2_147_483_646, 2_147_483_646)))
    #expect(huge.kind == .corrupt || huge.kind == .tooLarge)
    let wide = try readEXR(exrBytes(dataWindow: (0, 0, 20000, 3)))
    #expect(wide.kind == .tooLarge || wide.kind == .corrupt)
    let inverted = try readEXR(exrBytes(dataWindow: (5, 5, 0, 0)))
    #expect(inverted.kind == .corrupt)
    let extreme = try readEXR(exrBytes(dataWindow: (Int32.min, 0, 7, 3)))
    #expect(extreme.kind == .corrupt || extreme.kind == .tooLarge)
  }

  /// A hand-built uncompressed 8-bit RGB TIFF header declaring `width`×`height`.
  static func tiff(width: UInt32, height: UInt32, rowsPerStrip: UInt32 = 1) -> [UInt8] {
    var bytes: [UInt8] = [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0]
    let bitsOffset: UInt32 = 134  // 8 + 2 + 10·12 + 4
    let dataOffset: UInt32 = 140
    let entries: [(UInt16, UInt16, UInt32, UInt32)] = [
      (256, 4, 1, width), (257, 4, 1, height), (258, 3, 3, bitsOffset),
      (259, 3, 1, 1), (262, 3, 1, 2), (273, 4, 1, dataOffset), (277, 3, 1, 3),
      (278, 4, 1, rowsPerStrip), (279, 4, 1, 3), (284, 3, 1, 1),
    ]
    func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
    bytes += le16(UInt16(entries.count))
    for (tag, type, count, value) in entries {
      bytes += le16(tag) + le16(type) + le32(count) + le32(value)
    }
    bytes += le32(0) + le16(8) + le16(8) + le16(8) + [1, 2, 3]
    return bytes
  }

  func readTIFF(_ bytes: [UInt8]) throws -> Result<TIFFImage, RasterIOError> {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("patched.tif").path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      do { return .success(try TIFFImage.read(path: path)) } catch let error as RasterIOError {
        #expect(error.path == path)
        return .failure(error)
      }
    }
  }

  @Test func theHandBuiltTIFFIsValid() throws {
    let image = try readTIFF(Self.tiff(width: 1, height: 1)).get()
    #expect(image.samples == .uint8([1, 2, 3]))
  }

  @Test func absurdTIFFSizesAreRejected() throws {
    for (width, height) in [(0x7FFF_FFFF, 0x7FFF_FFFF), (100_000, 2), (0, 1), (1, 0)] {
      let result = try readTIFF(Self.tiff(width: UInt32(width), height: UInt32(height)))
      guard case .failure(let error) = result else {
        Issue.record("\(width)×\(height) was accepted")
        continue
      }
      #expect([.tooLarge, .corrupt].contains(error.kind), "\(width)×\(height)")
    }
  }

  @Test func stripsThatDoNotFitTheFileAreRejected() throws {
    let result = try readTIFF(Self.tiff(width: 64, height: 64, rowsPerStrip: 64))
    guard case .failure(let error) = result else {
      Issue.record("a 64×64 image with 3 bytes of data was accepted")
      return
    }
    #expect(error.kind == .corrupt)
  }
}
