import Foundation
import RasterIO
import TestSupport
import Testing

/// The snippet of RasterIO's Getting Started article (Documentation.docc), kept compiling.
@Suite struct GettingStartedArticleTests {
  @Test func doubleTheRedOfAnEXR() throws {
    try withTemporaryDirectory { folder in
      let source = folder.appendingPathComponent("chart.exr").path
      let destination = folder.appendingPathComponent("chart-red.exr").path
      let window = EXRBox(minX: 0, minY: 0, maxX: 1, maxY: 0)
      let channels = zip(["A", "B", "G", "R"], [[1, 0.5], [0.1, 0.2], [0.3, 0.4], [0.5, 2.0]])
        .map { EXRChannel(name: $0, samples: .float($1.map(Float.init))) }
      try EXRImage(parts: [EXRPart(dataWindow: window, channels: channels)]).write(to: source)

      var image = try EXRImage.read(path: source)
      let set = try image.channelSet(path: source)
      var pixels = try image.rgba(set)
      for i in stride(from: 0, to: pixels.values.count, by: 4) {
        pixels.values[i] *= 2
      }
      try image.replaceRGB(of: set, with: pixels)
      try image.write(to: destination)

      let result = try EXRImage.read(path: destination)
      let red = try #require(result.parts[0].channelIndex(named: "R"))
      let alpha = try #require(result.parts[0].channelIndex(named: "A"))
      #expect(result.parts[0].channels[red].samples == .float([1.0, 4.0]))
      #expect(result.parts[0].channels[alpha].samples == .float([1, 0.5]))
    }
  }
}
