import FileOutput
import Foundation
import RasterIO
import TestSupport
import Testing

/// DWAA/DWAB through OpenEXR's C++ library: files written by OpenImageIO decode to what
/// OpenImageIO decodes, and a re-encode keeps channels and attributes, A and Z bit-exact
/// (DWA codes them losslessly) and R, G, B within the codec's loss.
@Suite struct DWACodecTests {
  struct Reference: Decodable {
    var channels: [[Float]]
    var maxRelativeLossRGB: Float
  }

  static let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/dwa")

  static func reference(_ name: String) throws -> Reference {
    let data = try Data(contentsOf: folder.appendingPathComponent("reference.json"))
    return try #require(try JSONDecoder().decode([String: Reference].self, from: data)[name])
  }

  /// The channels in R G B A Z order, as Float.
  static func values(_ part: EXRPart) throws -> [[Float]] {
    try ["R", "G", "B", "A", "Z"].map { name in
      try #require(part.channelIndex(named: name).map { part.channels[$0].samples.floatValues })
    }
  }

  /// 2 KB DWA files whose headers make OpenEXR's C++ parser ask for 1.7 GB at once (found by
  /// the fuzz smoke: an attribute declaring that size, and a box attribute declaring 0 bytes,
  /// which desynchronises the parser): refused with the size, no allocation made.
  @Test(arguments: [
    "dwa-attribute-declares-1.7-gb.exr", "dwa-box-attribute-size-zero-desyncs-header.exr",
  ])
  func aHeaderAskingForGigabytesIsRefusedBeforeTheAllocation(_ name: String) throws {
    let path = Fixtures.repositoryRoot.appendingPathComponent(
      "Tests/Fixtures/crashers/FuzzEXR/\(name)"
    ).path
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    #expect(size < 4096)
    let error = try #require(throws: (any Error).self) { try EXRImage.read(path: path) }
    let message = "\(error)"
    #expect(message.contains("for 1768947712 bytes at once"), "\(message)")
    #expect(message.contains(path), "\(message)")
  }

  @Test(arguments: [("dwaa.exr", EXRCompression.dwaa), ("dwab.exr", .dwab)])
  func openImageIOFilesDecodeAsOpenImageIODecodesThem(name: String, compression: EXRCompression)
    throws
  {
    let image = try EXRImage.read(path: Self.folder.appendingPathComponent(name).path)
    let part = image.parts[0]
    #expect(part.compression == compression)
    #expect(part.channels.allSatisfy { $0.pixelType == .half })
    #expect(part.stringAttributes["owner"] == "EDRCube fixtures")
    #expect(part.stringAttributes["edrcube:note"] == "written by OpenImageIO for the DWA tests")
    #expect(try Self.values(part) == (try Self.reference(name)).channels)
  }

  @Test(arguments: ["dwaa.exr", "dwab.exr"])
  func reencodingKeepsChannelsAttributesAndStaysWithinTheLoss(name: String) throws {
    let source = Self.folder.appendingPathComponent(name).path
    let image = try EXRImage.read(path: source)
    let reference = try Self.reference(name)
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("again.exr").path
      try image.write(to: path, using: .fast)
      let back = try EXRImage.read(path: path).parts[0]
      #expect(back.compression == image.parts[0].compression)
      #expect(back.stringAttributes == image.parts[0].stringAttributes)
      let before = try Self.values(image.parts[0])
      let after = try Self.values(back)
      #expect(after[3] == before[3] && after[4] == before[4], "A and Z are coded losslessly")
      for c in 0..<3 {
        let loss = zip(after[c], before[c]).map { abs($0 - $1) / max(abs($1), 0.01) }.max() ?? 0
        #expect(loss <= reference.maxRelativeLossRGB, "channel \(c): \(loss)")
      }
    }
  }

  /// A file of our own (float, with a data window offset) in both codecs: read back with the
  /// same windows and types, scanline and tiled (16×16 tiles, kept).
  @Test func ownFilesRoundTripScanlineAndTiled() throws {
    for compression in [EXRCompression.dwaa, .dwab] {
      var part = TestImages.part(["B", "G", "R"], type: .float, origin: (-3, 5))
      for i in part.channels.indices {
        part.channels[i].samples = .float((0..<(37 * 21)).map { Float($0 % 37) * 0.25 + Float(i) })
      }
      part.compression = compression
      for tiling in [nil, EXRTiling(width: 16, height: 16)] {
        part.tiling = tiling
        try withTemporaryDirectory { dir in
          let path = dir.appendingPathComponent("own.exr").path
          try EXRImage(parts: [part]).write(to: path, using: .fast)
          let back = try EXRImage.read(path: path).parts[0]
          #expect(back.dataWindow == part.dataWindow && back.compression == compression)
          #expect(back.tiling == tiling)
          for (a, b) in zip(back.channels, part.channels) {
            let loss =
              zip(a.samples.floatValues, b.samples.floatValues)
              .map { abs($0 - $1) / max(abs($1), 0.01) }.max() ?? 0
            #expect(a.pixelType == .float && loss < 0.05, "\(a.name): \(loss)")
          }
        }
      }
    }
  }
}
