import CubeFormat
import EDRPipeline
import LUTEngine
import TestSupport
import Testing

/// The README's library example, compiled and checked.
@Suite struct ReadmeSnippetTests {
  @Test func readmeLibraryExample() throws {
    let file = try CubeReader.read(
      contentsOf: Fixtures.luts.appendingPathComponent("warm_sdr.cube").path)

    let processor = LUTProcessor(
      lut: CubeLUT(file), interpolation: .tetrahedral, extrapolation: .linear)
    var pixels: [Float] = [4.9, 4.9, 4.9, 1, 0.2, 0.1, 0.05, 0.5]
    pixels.withUnsafeMutableBufferPointer {
      _ = processor.apply(inPlace: $0, channels: 4, threads: nil)
    }
    #expect(pixels[3] == 1 && pixels[7] == 0.5)
    #expect(pixels[0] > 1)  // extrapolated past the domain, not clamped at its edge

    let look = try CubeApplication(file: file)
    #expect(look.space.transfer == .srgb)
    #expect(look.policy == .risingMaxRGB)
    let graded = look.apply(SIMD3<Float>(4.9, 4.9, 4.9))
    #expect(graded.max() > 1)  // a highlight stays above SDR white
  }
}
