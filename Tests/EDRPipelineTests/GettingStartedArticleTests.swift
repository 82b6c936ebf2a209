import CubeAuthoring
import CubeFormat
import EDRPipeline
import Foundation
import TestSupport
import Testing

/// The snippets of EDRPipeline's Getting Started article (Documentation.docc), kept compiling.
@Suite struct GettingStartedArticleTests {
  static let warmSDR = Fixtures.repositoryRoot.appendingPathComponent("luts/warm_sdr.cube").path

  @Test func applyAnSDRCubeWithAHighlightPolicy() throws {
    let cube = try CubeReader.read(contentsOf: Self.warmSDR)
    let application = try CubeApplication(
      file: cube, space: CubeSpace(.srgb), policy: .risingMaxRGB)

    let highlight = application.apply(SIMD3<Float>(3.0, 2.5, 2.0))
    #expect(highlight.max() > 1)

    var pixels: [Float] = [0.18, 0.18, 0.18, 1, 3.0, 2.5, 2.0, 1]
    pixels.withUnsafeMutableBufferPointer { application.apply(inPlace: $0, channels: 4) }
    #expect(pixels[4...6].max() ?? 0 > 1)
    #expect(pixels[7] == 1)
    #expect(abs(pixels[4] - highlight.x) < 1e-5)
  }

  @Test func convertAnSDRCubeToPQ() throws {
    let cube = try CubeReader.read(contentsOf: Self.warmSDR)
    try withTemporaryDirectory { folder in
      let output = folder.appendingPathComponent("warm_pq.cube").path
      let options = CubeConversionOptions(target: .pq, size: 33, policy: .risingMaxRGB)
      let pqCube = try CubeConverter(options: options).convert(cube, sourceName: "warm_sdr.cube")
      try CubeWriter.write(pqCube, profile: CubeWriter.defaultProfile(for: pqCube), toPath: output)

      let written = try CubeReader.read(contentsOf: output)
      #expect(written.lut3D?.size == 33)
      let space = try #require(try CubeSpace(comments: written.comments))
      #expect(space.transfer == .pq)
    }
  }
}
