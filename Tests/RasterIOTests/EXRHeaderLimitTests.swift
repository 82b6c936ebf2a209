import Foundation
import RasterIO
import TestSupport
import Testing

/// Issue 40 R1 and R9 (docs/reliability.md §4): the channel and attribute counts of an EXR
/// header are checked before OpenEXR parses it and before any sample buffer exists. The
/// limits are lowered here so that small files stand for the 20,000-channel and
/// 200,000-attribute reproducers.
@Suite struct EXRHeaderLimitTests {
  @discardableResult
  func write(channels: Int, to path: String) throws -> EXRPart {
    let names = (0..<channels).map { String(format: "c%03d", $0) }
    let part = TestImages.part(names, type: .half, width: 2, height: 1)
    try EXRImage(parts: [part]).write(to: path, using: .fast)
    return part
  }

  @Test func partsWithMoreChannelsThanTheLimitAreRefused() throws {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("channels.exr").path
      try write(channels: 9, to: path)
      let error = try #require(throws: RasterIOError.self) {
        try EXRImage.read(path: path, limits: RasterLimits(maxEXRChannels: 8))
      }
      #expect(error.kind == .tooLarge, "\(error)")
      #expect(error.message.contains("9 channels, above the limit of 8"), "\(error)")
      #expect(
        try EXRImage.read(path: path, limits: RasterLimits(maxEXRChannels: 9))
          .parts[0].channels.count == 9)
    }
  }

  /// A file OpenEXR writes has at least its eight required attributes (channels, compression,
  /// windows, line order, aspect ratio, screen window).
  @Test func headersWithMoreAttributesThanTheLimitAreRefused() throws {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("attributes.exr").path
      try write(channels: 3, to: path)
      let error = try #require(throws: RasterIOError.self) {
        try EXRImage.read(path: path, limits: RasterLimits(maxEXRAttributes: 4))
      }
      #expect(error.kind == .tooLarge && error.message.contains("more than 4 attributes"))
      #expect(try EXRImage.read(path: path).parts[0].channels.count == 3)
    }
  }

  /// Attribute values are held and copied whole, so their bytes are bounded as well (issue 40
  /// variant: a 64 MiB string attribute in a 16×16 image took 297 MB): a 3-channel list alone
  /// is 55 bytes.
  @Test func headersWithMoreAttributeBytesThanTheLimitAreRefused() throws {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("bytes.exr").path
      try write(channels: 3, to: path)
      let error = try #require(throws: RasterIOError.self) {
        try EXRImage.read(path: path, limits: RasterLimits(maxEXRHeaderBytes: 54))
      }
      #expect(error.kind == .tooLarge && error.message.contains("exceed 54 bytes"))
      #expect(RasterLimits.standard.maxEXRHeaderBytes == 16 << 20)
      #expect(try EXRImage.read(path: path).parts[0].channels.count == 3)
    }
  }

  /// Many channels cost linear memory and one pointer each: 1000 one-pixel channels (the
  /// default limit is 1024) read back with every sample in place.
  @Test func aThousandChannelsReadBack() throws {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("wide.exr").path
      let written = try write(channels: 1000, to: path)
      let read = try EXRImage.read(path: path).parts[0].channels
      #expect(read.map(\.name) == written.channels.map(\.name))
      #expect(read.map { bits($0.samples) } == written.channels.map { bits($0.samples) })
    }
  }
}
