import CubeFormat
import Foundation
import LUTEngine
import TestSupport
import Testing

/// The snippet of LUTEngine's Getting Started article (Documentation.docc), kept compiling.
@Suite struct GettingStartedArticleTests {
  /// A 2-node identity cube: every lookup returns its input, extrapolated or clamped.
  static let identity = """
    LUT_3D_SIZE 2
    0 0 0
    1 0 0
    0 1 0
    1 1 0
    0 0 1
    1 0 1
    0 1 1
    1 1 1
    """

  func applied(extrapolation: Extrapolation) throws -> [Float] {
    try withTemporaryDirectory { folder in
      let path = folder.appendingPathComponent("look.cube").path
      try Self.identity.write(toFile: path, atomically: true, encoding: .utf8)

      let cube = try CubeReader.read(contentsOf: path)
      let processor = LUTProcessor(
        lut: CubeLUT(cube), interpolation: .tetrahedral, extrapolation: extrapolation)

      var pixels: [Float] = [0.5, 0.5, 0.5, 1, 2.0, 1.5, 1.2, 1]
      let stats = pixels.withUnsafeMutableBufferPointer {
        processor.apply(inPlace: $0, channels: 4)
      }
      #expect(stats.pixelCount == 2)
      return pixels
    }
  }

  @Test func linearExtrapolationKeepsEDRHighlights() throws {
    #expect(try applied(extrapolation: .linear) == [0.5, 0.5, 0.5, 1, 2.0, 1.5, 1.2, 1])
  }

  @Test func clampCapsThemAtTheDomain() throws {
    #expect(try applied(extrapolation: .clamp) == [0.5, 0.5, 0.5, 1, 1, 1, 1, 1])
  }
}
