import FileOutput
import Foundation
import RasterIO
import TestSupport
import Testing

@Suite struct EXRRoundTripTests {
  static let lossless: [EXRCompression] = [.none, .rle, .zips, .zip, .piz]

  /// Writes `image`, reads it back, and expects every channel bit-exact.
  func roundTrip(_ image: EXRImage) throws -> EXRImage {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("a.exr").path
      try image.write(to: path, using: .fast)
      let back = try EXRImage.read(path: path)
      #expect(back.parts.count == image.parts.count)
      for (a, b) in zip(image.parts, back.parts) {
        #expect(b.dataWindow == a.dataWindow)
        #expect(b.compression == a.compression)
        #expect(b.tiling == a.tiling)
        let expected = a.channels.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        #expect(b.channels.map(\.name) == expected.map(\.name))
        for (x, y) in zip(expected, b.channels) {
          #expect(x.pixelType == y.pixelType, "\(x.name)")
          #expect(bits(x.samples) == bits(y.samples), "\(x.name)")
          #expect(x.xSampling == y.xSampling && x.ySampling == y.ySampling)
        }
      }
      #expect(folderContents(dir) == ["a.exr"])
      return back
    }
  }

  @Test(arguments: EXRPixelType.allCases, lossless)
  func scanlineIsBitExact(type: EXRPixelType, compression: EXRCompression) throws {
    _ = try roundTrip(
      EXRImage(parts: [TestImages.part(["B", "G", "R"], type: type, compression: compression)]))
  }

  @Test(arguments: EXRPixelType.allCases, lossless)
  func tiledIsBitExact(type: EXRPixelType, compression: EXRCompression) throws {
    let part = TestImages.part(
      ["A", "B", "G", "R"], type: type, width: 70, height: 45, compression: compression,
      tiling: EXRTiling(width: 32, height: 16))
    _ = try roundTrip(EXRImage(parts: [part]))
  }

  @Test func negativeAndOffsetDataWindowsReadBack() throws {
    for origin: (Int32, Int32) in [(-5, -5), (13, -7), (1000, 2000)] {
      let back = try roundTrip(
        EXRImage(parts: [TestImages.part(["G", "R", "B"], type: .half, origin: origin)]))
      #expect(back.parts[0].dataWindow.minX == origin.0)
      #expect(back.parts[0].dataWindow.minY == origin.1)
    }
  }

  @Test func mixedTypesLayersAndExtraChannelsSurvive() throws {
    var part = TestImages.part(["R", "G", "B", "A"], type: .half, width: 40, height: 30)
    part.channels += [
      EXRChannel(name: "diffuse.R", samples: TestImages.samples(.float, 1200, seed: 9)),
      EXRChannel(name: "diffuse.G", samples: TestImages.samples(.float, 1200, seed: 10)),
      EXRChannel(name: "diffuse.B", samples: TestImages.samples(.float, 1200, seed: 11)),
      EXRChannel(name: "Z", samples: TestImages.samples(.float, 1200, seed: 12)),
      EXRChannel(name: "id", samples: TestImages.samples(.uint, 1200, seed: 13)),
      EXRChannel(
        name: "chroma", samples: TestImages.samples(.half, 300, seed: 14), xSampling: 2,
        ySampling: 2),
    ]
    _ = try roundTrip(EXRImage(parts: [part]))
  }

  @Test func multiPartFilesKeepEveryPart() throws {
    var beauty = TestImages.part(["R", "G", "B"], type: .half, compression: .piz)
    beauty.name = "beauty"
    var depth = TestImages.part(
      ["Z"], type: .float, width: 20, height: 10, compression: .zip,
      tiling: EXRTiling(width: 16, height: 16))
    depth.name = "depth"
    let back = try roundTrip(EXRImage(parts: [beauty, depth]))
    #expect(back.parts.map(\.name) == ["beauty", "depth"])
  }

  static func ramp(compression: EXRCompression) -> (EXRPart, [Float]) {
    let width = 64
    let height = 32
    let ramp = (0..<(width * height)).map { Float($0 % width) / Float(width) }
    let channels = ["B", "G", "R"].map {
      EXRChannel(name: $0, samples: EXRSamples(ramp, as: .half))
    }
    let part = EXRPart(
      dataWindow: EXRBox(width: width, height: height), compression: compression,
      channels: channels)
    return (part, ramp)
  }

  @Test(arguments: [EXRCompression.pxr24, .b44, .b44a, .dwaa, .dwab])
  func lossyCompressionsStayClose(compression: EXRCompression) throws {
    let (part, ramp) = Self.ramp(compression: compression)
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("lossy.exr").path
      try EXRImage(parts: [part]).write(to: path, using: .fast)
      let back = try EXRImage.read(path: path)
      #expect(back.parts[0].compression == compression)
      let values = back.parts[0].channels[2].samples.floatValues
      #expect(values.count == ramp.count)
      let worst = zip(values, ramp).map { abs($0 - $1) }.max() ?? 1
      #expect(worst < 0.02)
    }
  }

  @Test func floatToHalfFollowsOpenEXRRounding() {
    let input: [Float] = [65504, 65519, 65520, 70000, -70000, 5.96e-8, 1e-8, -0.0, .nan, 0.1]
    let halves = EXRSamples(input, as: .half)
    guard case .half(let h) = halves else {
      Issue.record("not half")
      return
    }
    let widened = h.map { Float(Float16(bitPattern: $0)) }
    #expect(widened[0] == 65504 && widened[1] == 65504)
    #expect(widened[2] == .infinity && widened[3] == .infinity && widened[4] == -.infinity)
    #expect(widened[5].bitPattern == Float(5.9604645e-8).bitPattern)
    #expect(widened[6] == 0)
    #expect(widened[7].bitPattern == (-0.0 as Float).bitPattern)
    #expect(widened[8].isNaN)
    #expect(widened[9] == 0.099975586)
  }
}
