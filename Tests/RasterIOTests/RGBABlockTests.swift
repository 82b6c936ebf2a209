import RasterIO
import Testing

/// The in-place block transform gives the values of `rgba` and stores like `replaceRGB`.
@Suite struct RGBABlockTests {
  /// RGBA values with R doubled, G negated and 1 added to B (so every conversion rule is hit).
  static func changed(_ rgba: [Float]) -> [Float] {
    var v = rgba
    for o in stride(from: 0, to: v.count, by: 4) {
      v[o] *= 2
      v[o + 1] = -v[o + 1]
      v[o + 2] += 1
    }
    return v
  }

  /// Applies ``changed(_:)`` to a block in place; returns the values it saw.
  static func changeBlock(_ block: RGBABlock) -> [Float] {
    let seen = Array(block.values)
    for o in stride(from: 0, to: block.values.count, by: 4) {
      block.values[o] *= 2
      block.values[o + 1] = -block.values[o + 1]
      block.values[o + 2] += 1
    }
    return seen
  }

  /// 9000 pixels: three blocks, the last one partial.
  @Test(arguments: [EXRPixelType.half, .float, .uint])
  func exrBlocksSeeRGBAAndStoreLikeReplaceRGB(type: EXRPixelType) throws {
    let image = EXRImage(
      parts: [TestImages.part(["A", "B", "G", "R", "Z"], type: type, width: 100, height: 90)])
    let set = try image.channelSet(path: "x")
    let before = try image.rgba(set)
    var transformed = image
    let seen = try transformed.transformRGB(of: set) { block in
      (block.firstPixel, block.hasAlpha, Self.changeBlock(block))
    }
    #expect(seen.map(\.0) == [0, 4096, 8192])
    #expect(seen.allSatisfy { $0.1 })
    #expect(seen.flatMap(\.2).map(\.bitPattern) == before.values.map(\.bitPattern))
    var replaced = image
    let after = Self.changed(before.values)
    try replaced.replaceRGB(
      of: set,
      with: RGBAPixels(width: 100, height: 90, values: after, hasAlpha: true))
    #expect(Self.allBits(transformed) == Self.allBits(replaced))
    // A (channel 0) and Z (channel 4) are untouched.
    for c in [0, 4] {
      #expect(
        bits(transformed.parts[0].channels[c].samples) == bits(image.parts[0].channels[c].samples))
    }
  }

  @Test func exrPixelTypeOverrideConvertsOnlyRGB() throws {
    let image = EXRImage(
      parts: [TestImages.part(["R", "G", "B"], type: .float, width: 70, height: 70)])
    let set = try image.channelSet(path: "x")
    var transformed = image
    let alpha = try transformed.transformRGB(of: set, pixelType: .half) { block in
      block.values[3]
    }
    #expect(alpha.allSatisfy { $0 == 1 })
    var replaced = image
    try replaced.replaceRGB(of: set, with: try image.rgba(set), pixelType: .half)
    #expect(transformed.parts[0].channels.map(\.pixelType) == [.half, .half, .half])
    #expect(Self.allBits(transformed) == Self.allBits(replaced))
  }

  /// Four samples per pixel make packed RGBA (for float32, transformed in the image's own
  /// memory); five, an extra channel (through a scratch block).
  @Test(
    arguments: [TIFFSampleType.uint8, .uint16, .uint32, .float16, .float32], [4, 5])
  func tiffBlocksSeeRGBAAndStoreLikeReplaceRGB(type: TIFFSampleType, samplesPerPixel: Int)
    throws
  {
    let count = 5000 * samplesPerPixel
    let samples: TIFFSamples =
      switch type {
      case .uint8: .uint8((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37) })
      case .uint16: .uint16((0..<count).map { UInt16(truncatingIfNeeded: $0 &* 2741) })
      case .uint32: .uint32(TestImages.uints(count))
      case .float16: .float16(TestImages.halves(count))
      case .float32: .float32(TestImages.floats(count))
      }
    let image = TIFFImage(
      width: 100, height: 50, samplesPerPixel: samplesPerPixel, samples: samples)
    let before = image.rgba
    var transformed = image
    let seen = transformed.transformRGB { block in Self.changeBlock(block) }
    #expect(seen.flatMap { $0 }.map(\.bitPattern) == before.values.map(\.bitPattern))
    var replaced = image
    replaced.replaceRGB(
      with: RGBAPixels(
        width: 100, height: 50, values: Self.changed(before.values), hasAlpha: true))
    #expect(Self.allBits(transformed.samples) == Self.allBits(replaced.samples))
    #expect(Self.allBits(transformed.samples) != Self.allBits(image.samples))
  }

  /// Every sample's bits, channel by channel (NaN payloads and −0 compare exactly).
  static func allBits(_ image: EXRImage) -> [[UInt32]] {
    image.parts.flatMap { $0.channels.map { bits($0.samples) } }
  }

  /// Every sample's bits.
  static func allBits(_ samples: TIFFSamples) -> [UInt32] {
    switch samples {
    case .uint8(let v): v.map { UInt32($0) }
    case .uint16(let v), .float16(let v): v.map { UInt32($0) }
    case .uint32(let v): v
    case .float32(let v): v.map(\.bitPattern)
    }
  }

  @Test func straightenAndPremultiplySkipAlphaAtOrBelowZero() {
    var values: [Float] = [0.25, 0.5, 0.1, 0.5, 0.3, 0.2, 0.1, 0, 0.4, 0.4, 0.4, .nan]
    values.withUnsafeMutableBufferPointer { RGBAPixels.straighten($0) }
    #expect(values[0..<8] == [0.5, 1, 0.2, 0.5, 0.3, 0.2, 0.1, 0])
    values.withUnsafeMutableBufferPointer { RGBAPixels.premultiply($0) }
    #expect(values[0..<8] == [0.25, 0.5, 0.1, 0.5, 0.3, 0.2, 0.1, 0])
    #expect(values[8] == 0.4)
  }
}
