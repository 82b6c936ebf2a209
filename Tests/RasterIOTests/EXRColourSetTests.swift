import RasterIO
import Testing

/// ``EXRImage/colourSets(part:layer:view:path:)`` on images built in memory: what is graded,
/// what is passed through and why.
@Suite struct EXRColourSetTests {
  static func channel(_ name: String, sampling: Int = 1) -> EXRChannel {
    let count = (4 / sampling) * (2 / sampling)
    return EXRChannel(
      name: name, samples: EXRSamples(zeros: count, type: .half), xSampling: sampling,
      ySampling: sampling)
  }

  /// Luminance/chroma left as it is (``EXRImage/convertLuminanceChromaToRGB()`` converts it
  /// in one-part files only) is passed through, saying where it is converted.
  @Test func luminanceChromaIsPassedThroughNamingTheConversion() throws {
    let part = EXRPart(
      dataWindow: EXRBox(width: 4, height: 2),
      channels: [
        Self.channel("BY", sampling: 2), Self.channel("RY", sampling: 2), Self.channel("Y"),
      ])
    let error = try #require(throws: RasterIOError.self) {
      try EXRImage(parts: [part]).colourSets(path: "yc.exr")
    }
    #expect(
      "\(error)".contains(
        "unnamed layer (BY, RY, Y): luminance/chroma (Y, RY, BY) is converted to RGB for a grade "
          + "in one-part files"),
      "\(error)")
    let image = EXRImage(parts: [
      part,
      EXRPart(dataWindow: part.dataWindow, channels: ["B", "G", "R"].map { Self.channel($0) }),
    ])
    let selection = try image.colourSets(path: "two.exr")
    #expect(selection.sets.map(\.partIndex) == [1])
    #expect(selection.passedThrough.count == 1)
    #expect(selection.passedThrough[0].contains("is converted to RGB for a grade in one-part"))
  }

  /// A lone G channel (openexr-images' `TestImages/WideFloatRange.exr` is one) is refused
  /// saying it is not an RGB image and how to make one, not only "no R, G, B".
  @Test func aLoneColourChannelIsRefusedSayingWhy() throws {
    let image = EXRImage(parts: [
      EXRPart(dataWindow: EXRBox(width: 4, height: 2), channels: [Self.channel("G")])
    ])
    let error = try #require(throws: RasterIOError.self) {
      try image.colourSets(path: "g.exr")
    }
    #expect(error.kind == .invalidRequest)
    #expect(
      "\(error)".contains("unnamed layer (G): only G of R, G, B: not an RGB image"), "\(error)")
  }

  @Test func luminanceAloneIsOfferedAsGrey() throws {
    var image = EXRImage(parts: [
      EXRPart(
        dataWindow: EXRBox(width: 4, height: 2), channels: [Self.channel("A"), Self.channel("Y")])
    ])
    let selection = try image.colourSets(path: "y.exr")
    #expect(selection.sets.isEmpty)
    #expect(selection.luminance == [EXRLuminanceLayer(partIndex: 0, layer: "")])
    let set = try image.expandLuminance(selection.luminance[0])
    #expect(image.parts[0].channels.map(\.name) == ["A", "Y", "R", "G", "B"])
    #expect(set.alpha == 0 && set.red == 2)
    image.collapseLuminance(selection.luminance[0], weights: SIMD3(0.2126, 0.7152, 0.0722))
    #expect(image.parts[0].channels.map(\.name) == ["A", "Y"])
  }
}
