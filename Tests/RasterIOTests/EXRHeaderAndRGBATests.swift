import FileOutput
import Foundation
import RasterIO
import TestSupport
import Testing

@Suite struct EXRHeaderAndRGBATests {
  static let rec2020 = EXRChromaticities(
    red: [0.708, 0.292], green: [0.170, 0.797], blue: [0.131, 0.046], white: [0.3127, 0.3290])

  /// Writes a file with a custom string attribute and chromaticities, as a source to copy from.
  func writeSource(in dir: URL) throws -> String {
    var part = TestImages.part(["R", "G", "B", "A"], type: .half)
    part.stringAttributes = ["owner": "EDRCube tests", "comments": "ünïcödé"]
    part.chromaticities = Self.rec2020
    part.displayWindow = EXRBox(minX: -2, minY: -3, maxX: 50, maxY: 40)
    part.pixelAspectRatio = 2
    part.lineOrder = .decreasingY
    let path = dir.appendingPathComponent("source.exr").path
    try EXRImage(parts: [part]).write(to: path, using: .fast)
    return path
  }

  @Test func modelledHeaderFieldsRoundTrip() throws {
    try withTemporaryDirectory { dir in
      let image = try EXRImage.read(path: try writeSource(in: dir))
      let part = try #require(image.parts.first)
      #expect(part.stringAttributes["owner"] == "EDRCube tests")
      #expect(part.stringAttributes["comments"] == "ünïcödé")
      #expect(part.chromaticities == Self.rec2020)
      #expect(part.displayWindow == EXRBox(minX: -2, minY: -3, maxX: 50, maxY: 40))
      #expect(part.pixelAspectRatio == 2)
      #expect(part.lineOrder == .decreasingY)
    }
  }

  /// Attributes the model drops are still copied from the source header.
  @Test func unmodelledAttributesAreCopiedFromTheSource() throws {
    try withTemporaryDirectory { dir in
      var image = try EXRImage.read(path: try writeSource(in: dir))
      image.parts[0].stringAttributes = [:]
      image.parts[0].chromaticities = nil
      let output = dir.appendingPathComponent("out.exr").path
      try image.write(to: output, using: .fast)
      let back = try EXRImage.read(path: output)
      #expect(back.parts[0].stringAttributes["owner"] == "EDRCube tests")
      #expect(back.parts[0].chromaticities == Self.rec2020)
    }
  }

  @Test func modelValuesOverrideCopiedOnes() throws {
    try withTemporaryDirectory { dir in
      var image = try EXRImage.read(path: try writeSource(in: dir))
      image.parts[0].stringAttributes["owner"] = "someone else"
      image.parts[0].compression = .piz
      let output = dir.appendingPathComponent("out.exr").path
      try image.write(to: output, using: .fast)
      let back = try EXRImage.read(path: output)
      #expect(back.parts[0].stringAttributes["owner"] == "someone else")
      #expect(back.parts[0].compression == .piz)
    }
  }

  @Test func defaultSetIsTheUnnamedLayerOfTheFirstPartWithRGB() throws {
    var first = TestImages.part(["Z"], type: .float)
    first.name = "depth"
    var second = TestImages.part(
      ["R", "G", "B", "diffuse.R", "diffuse.G", "diffuse.B"], type: .half)
    second.name = "beauty"
    let image = EXRImage(parts: [first, second])
    let set = try image.channelSet(path: "x.exr")
    #expect(set.partIndex == 1 && set.layer == "" && set.alpha == nil)
    #expect(image.parts[1].channels[set.red].name == "R")
    let diffuse = try image.channelSet(layer: "diffuse", path: "x.exr")
    #expect(image.parts[1].channels[diffuse.green].name == "diffuse.G")
    let error = try #require(throws: RasterIOError.self) {
      try image.channelSet(part: 0, path: "x.exr")
    }
    #expect(error.kind == .invalidRequest && error.path == "x.exr")
  }

  @Test func replacingRGBLeavesAlphaAndOtherChannelsBitExact() throws {
    var image = EXRImage(parts: [TestImages.part(["R", "G", "B", "A", "Z"], type: .half)])
    let before = image.parts[0].channels
    let set = try image.channelSet(path: "x.exr")
    var pixels = try image.rgba(set)
    #expect(pixels.hasAlpha)
    for i in stride(from: 0, to: pixels.values.count, by: 4) { pixels.values[i] = 70000 }
    try image.replaceRGB(of: set, with: pixels)
    let after = image.parts[0].channels
    #expect(bits(after[set.alpha ?? 0].samples) == bits(before[set.alpha ?? 0].samples))
    let z = try #require(image.parts[0].channelIndex(named: "Z"))
    #expect(bits(after[z].samples) == bits(before[z].samples))
    #expect(after[set.red].samples.floatValues.allSatisfy { $0 == .infinity })
    let greenBefore = before[set.green].samples.floatValues
    let greenAfter = after[set.green].samples.floatValues
    #expect(
      zip(greenBefore, greenAfter).allSatisfy {
        $0.isNaN ? $1.isNaN : $0.bitPattern == $1.bitPattern
      })
    try image.replaceRGB(of: set, with: pixels, pixelType: .float)
    #expect(image.parts[0].channels[set.red].pixelType == .float)
    #expect(image.parts[0].channels[set.red].samples.floatValues.allSatisfy { $0 == 70000 })
  }

  @Test func rgbaOfMixedTypesIsExactAndAlphaDefaultsToOne() throws {
    let part = EXRPart(
      dataWindow: EXRBox(width: 3, height: 1),
      channels: [
        EXRChannel(name: "R", samples: .half([0x3C00, 0x7C00, 0xFC00])),
        EXRChannel(name: "G", samples: .float([0.25, -0.0, 1e30])),
        EXRChannel(name: "B", samples: .uint([7, 0, 16_777_216])),
      ])
    let image = EXRImage(parts: [part])
    let pixels = try image.rgba(try image.channelSet(path: "x"))
    #expect(!pixels.hasAlpha)
    #expect(
      pixels.values.map(\.bitPattern)
        == ([1, 0.25, 7, 1, .infinity, -0.0, 0, 1, -.infinity, 1e30, 16_777_216, 1] as [Float])
        .map(\.bitPattern))
    var copy = image
    let wrong = RGBAPixels(width: 1, height: 1, values: [0, 0, 0, 0], hasAlpha: false)
    let error = try #require(throws: RasterIOError.self) {
      try copy.replaceRGB(of: try image.channelSet(path: "x"), with: wrong)
    }
    #expect(error.kind == .invalidRequest)
  }

  @Test func uintChannelsConvertByRoundingAndClamping() {
    let samples = EXRSamples([-1, .nan, 0.5, 1.5, 4_294_967_296, 1e20], as: .uint)
    #expect(samples == .uint([0, 0, 1, 2, UInt32.max, UInt32.max]))
  }
}

@Suite struct PremultipliedAlphaTests {
  static let values: [Float] = [
    0.25, 0.5, 0.1, 0.5, 0.3, 0.2, 0.1, 0, 0.4, 0.4, 0.4, .nan, 0.2, 0.2, 0.2, -1,
  ]

  /// Colour is divided where alpha > 0 only; the body sees the rest as stored, and by
  /// default their colour is put back (issue 34: no glow where alpha is 0).
  @Test(arguments: [TransparentColour.keep, .grade])
  func colourIsDividedWhereAlphaIsPositiveOnly(_ transparent: TransparentColour) {
    var pixels = RGBAPixels(width: 4, height: 1, values: Self.values, hasAlpha: true)
    var seen: [Float] = []
    pixels.withStraightColor(transparent: transparent) { values in
      seen = values
      for i in stride(from: 0, to: values.count, by: 4) { values[i] += 1 }
    }
    #expect(Array(seen[0..<4]) == [0.5, 1, 0.2, 0.5])
    #expect(Array(seen[4..<8]) == [0.3, 0.2, 0.1, 0])
    #expect(Array(pixels.values[0..<4]) == [0.75, 0.5, 0.1, 0.5])
    let lift: Float = transparent == .keep ? 0 : 1
    #expect(Array(pixels.values[4..<8]) == [0.3 + lift, 0.2, 0.1, 0])
    #expect(pixels.values[8] == 0.4 + lift && pixels.values[11].isNaN)
    #expect(pixels.values[12] == 0.2 + lift && pixels.values[15] == -1)
  }
}
