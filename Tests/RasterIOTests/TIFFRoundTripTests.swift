import FileOutput
import Foundation
import RasterIO
import TestSupport
import Testing

@Suite struct TIFFRoundTripTests {
  static let layouts: [(planar: Bool, tiling: TIFFTiling?)] = [
    (false, nil), (true, nil), (false, TIFFTiling(width: 16, height: 32)),
    (true, TIFFTiling(width: 32, height: 16)),
  ]

  static func samples(_ type: TIFFSampleType, _ count: Int) -> TIFFSamples {
    switch type {
    case .uint8: .uint8((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37) })
    case .uint16: .uint16(TestImages.halves(count))
    case .uint32: .uint32(TestImages.uints(count))
    case .float16: .float16(TestImages.halves(count, seed: 3))
    case .float32: .float32(TestImages.floats(count))
    }
  }

  static func image(_ type: TIFFSampleType, spp: Int, width: Int = 45, height: Int = 37)
    -> TIFFImage
  {
    TIFFImage(
      width: width, height: height, samplesPerPixel: spp,
      samples: samples(type, width * height * spp))
  }

  func roundTrip(_ image: TIFFImage) throws -> TIFFImage {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("a.tif").path
      try image.write(to: path, using: .fast)
      let back = try TIFFImage.read(path: path)
      #expect(folderContents(dir) == ["a.tif"])
      return back
    }
  }

  @Test(arguments: TIFFSampleType.allCases, [TIFFCompression.none, .deflate, .lzw])
  func everyTypeAndLayoutIsBitExact(type: TIFFSampleType, compression: TIFFCompression) throws {
    for layout in Self.layouts {
      for spp in [3, 4, 5] {
        var image = Self.image(type, spp: spp)
        image.isPlanar = layout.planar
        image.tiling = layout.tiling
        image.rowsPerStrip = 5
        image.compression = compression
        let back = try roundTrip(image)
        #expect(bits(back.samples) == bits(image.samples), "\(layout) spp \(spp)")
        #expect(back.isPlanar == layout.planar && back.tiling == layout.tiling)
        #expect(back.compression == compression && back.samplesPerPixel == spp)
        #expect(back.extraSamples == image.extraSamples)
      }
    }
  }

  @Test func floatEdgeValuesKeepTheirBitPatterns() throws {
    var image = Self.image(.float32, spp: 3, width: 19, height: 3)
    image.predictor = 3
    let back = try roundTrip(image)
    guard case .float32(let a) = image.samples, case .float32(let b) = back.samples else {
      Issue.record("not float")
      return
    }
    #expect(a.map(\.bitPattern) == b.map(\.bitPattern))
    #expect(back.predictor == 3)
  }

  @Test func iccProfileAndTagsAreKept() throws {
    var image = Self.image(.uint16, spp: 4)
    image.extraSamples = [1]
    image.metadata.iccProfile = (0..<600).map { UInt8(truncatingIfNeeded: $0 * 7) }
    image.metadata.strings = [270: "a description", 305: "EDRCube test", 33432: "(c) nobody"]
    image.metadata.xResolution = 300
    image.metadata.yResolution = 150
    image.metadata.resolutionUnit = 2
    image.metadata.orientation = 1
    let back = try roundTrip(image)
    #expect(back.metadata == image.metadata)
    #expect(back.alpha == .premultiplied)
  }

  @Test func integerSamplesNormaliseByTheLargestCode() throws {
    let image = TIFFImage(
      width: 2, height: 1, samplesPerPixel: 4, samples: .uint8([0, 255, 51, 128, 255, 0, 1, 7]))
    let rgba = image.rgba
    #expect(rgba.values == [0, 1, 0.2, Float(128) / 255, 1, 0, Float(1) / 255, Float(7) / 255])
    #expect(image.alpha == .straight && rgba.hasAlpha)
    var changed = image
    changed.replaceRGB(
      with: RGBAPixels(
        width: 2, height: 1, values: [0.5, -1, .nan, 0.25, 2, 1, 0.999, 0.5], hasAlpha: true))
    #expect(changed.samples == .uint8([128, 0, 0, 128, 255, 255, 255, 7]))
  }

  @Test func sixteenBitAndHalfConversions() {
    let image16 = TIFFImage(
      width: 1, height: 1, samplesPerPixel: 3, samples: .uint16([0, 65535, 32768]))
    #expect(image16.rgba.values == [0, 1, Float(32768) / 65535, 1])
    #expect(!image16.rgba.hasAlpha)
    var half = TIFFImage(
      width: 1, height: 1, samplesPerPixel: 4,
      samples: .float16([0x3C00, 0x7C00, 0x8000, 0x7E01]))
    half.replaceRGB(
      with: RGBAPixels(width: 1, height: 1, values: [65520, 0.5, -0.0, 9], hasAlpha: true))
    #expect(half.samples == .float16([0x7C00, 0x3800, 0x8000, 0x7E01]))
  }

  @Test func unsupportedPhotometricIsRejected() throws {
    // A greyscale file written by hand: II*, one IFD with Photometric 1.
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("grey.tif").path
      try Data(TIFFFixtures.greyscale).write(to: URL(fileURLWithPath: path))
      let error = try #require(throws: RasterIOError.self) { try TIFFImage.read(path: path) }
      #expect(error.kind == .unsupported)
      #expect(error.path == path)
    }
  }
}

/// Bit patterns of TIFF samples, so NaN payloads and −0 compare exactly.
func bits(_ samples: TIFFSamples) -> [UInt32] {
  switch samples {
  case .uint8(let v): v.map { UInt32($0) }
  case .uint16(let v), .float16(let v): v.map { UInt32($0) }
  case .uint32(let v): v
  case .float32(let v): v.map(\.bitPattern)
  }
}

/// Hand-built TIFF bytes for cases the writer cannot produce.
enum TIFFFixtures {
  /// A 2×1 8-bit greyscale image, uncompressed.
  static let greyscale: [UInt8] = {
    var bytes: [UInt8] = [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0]
    let entries: [(UInt16, UInt16, UInt32, UInt32)] = [
      (256, 3, 1, 2), (257, 3, 1, 1), (258, 3, 1, 8), (259, 3, 1, 1), (262, 3, 1, 1),
      (273, 4, 1, 8 + 2 + 9 * 12 + 4), (277, 3, 1, 1), (278, 3, 1, 1), (279, 4, 1, 2),
    ]
    func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
    bytes += le16(UInt16(entries.count))
    for (tag, type, count, value) in entries {
      bytes += le16(tag) + le16(type) + le32(count) + le32(value)
    }
    bytes += le32(0) + [10, 200]
    return bytes
  }()
}
