import ColorMath
import Testing

/// The snippet of ColorMath's Getting Started article (Documentation.docc), kept compiling.
@Suite struct GettingStartedArticleTests {
  @Test func pqRoundTripAndGamutChange() {
    let edr = 2.0
    let signal = PQ.inverseEOTF(edr * 203)
    let nits = PQ.eotf(signal)
    #expect(signal > 0.6 && signal < 0.7)
    #expect(abs(nits - 406) < 1e-6)

    let toRec2020 = Matrix3x3.rgbToRGB(from: .rec709, to: .rec2020)
    let red2020 = toRec2020 * SIMD3<Double>(1, 0, 0)
    #expect(abs(red2020.x - 0.6274) < 1e-3)
    #expect(red2020.y > 0 && red2020.z > 0)
  }
}
