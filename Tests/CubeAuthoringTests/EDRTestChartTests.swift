import ColorMath
import CubeAuthoring
import EDRPipeline
import Foundation
import TestSupport
import Testing

@Suite struct EDRTestChartTests {
  let chart = EDRTestChart(width: 110, height: 100, headroom: 16, referenceWhite: 203)

  func pixel(_ p: [Float], x: Int, y: Int) -> [Double] {
    let o = 4 * (y * chart.width + x)
    return (0..<4).map { Double(p[o + $0]) }
  }

  @Test func linearGreyRampReachesTheHeadroom() {
    let p = chart.render()
    #expect(p.count == 110 * 100 * 4)
    expectClose(
      pixel(p, x: 0, y: 5), [16 * 0.5 / 110, 16 * 0.5 / 110, 16 * 0.5 / 110, 1], rel: 1e-6)
    expectClose(
      pixel(p, x: 109, y: 5), [16 * 109.5 / 110, 16 * 109.5 / 110, 16 * 109.5 / 110, 1], rel: 1e-6)
  }

  @Test func whitePatchesDoubleFromOneToSixteen() {
    let p = chart.render()
    let y = 53  // inside band 4 (0.48…0.58)
    for (k, value) in [1.0, 2, 4, 8, 16].enumerated() {
      let x = k * 22 + 11
      expectClose(pixel(p, x: x, y: y), [value, value, value, 1], rel: 1e-7)
    }
  }

  @Test func pqStepsDecodeToNitsOverReferenceWhite() {
    let p = chart.render()
    let y = 82  // band 6 (0.76…0.88)
    // Signal 0.5 is the sixth of eleven steps: 92.2457 cd/m² (conformance pq_nits_of_signal_0.5).
    expectClose(pixel(p, x: 55, y: y)[0], 92.245_708_4 / 203, rel: 1e-5)
    expectClose(pixel(p, x: 0, y: y)[0], 0, abs: 1e-12)
    expectClose(pixel(p, x: 109, y: y)[0], 10000.0 / 203, rel: 1e-6)
  }

  @Test func hlgStepsGoThroughTheReferenceDisplay() {
    let p = chart.render()
    let y = 95  // band 7 (0.88…1)
    // Signal 0.7 (step 7 of 11) on a grey: 1000 cd/m² · E^1.2 with E the inverse OETF.
    let expected = 1000 * pow(HLG.inverseOETF(0.7), 1.2) / 203
    let px = pixel(p, x: 7 * 10 + 5, y: y)
    expectClose(Array(px[0..<3]), [expected, expected, expected], rel: 1e-5)
  }

  @Test func wideGamutPatchesAreOutsideRec709() {
    let p = chart.render()
    let y = 62  // band 5, first half (luminance 1)
    let red2020 = pixel(p, x: 2, y: y)
    #expect(red2020[1] < 0 && red2020[2] < 0)
    let w = RGBPrimaries.rec709.rgbToXYZ.rows.1
    expectClose(w.x * red2020[0] + w.y * red2020[1] + w.z * red2020[2], 1, abs: 1e-5)
  }

  /// `capsAtHeadroom` (what `edrcube pattern` writes): the PQ step of 10000 cd/m² becomes the
  /// headroom, and a Rec.2020 blue at 4× white (Rec.709 components up to 75) is scaled down
  /// to it with its ratios kept.
  @Test func cappedChartStaysWithinTheHeadroom() {
    let capped = EDRTestChart(
      width: 110, height: 100, headroom: 16, referenceWhite: 203, capsAtHeadroom: true)
    let p = capped.render()
    #expect(p.enumerated().allSatisfy { $0.offset % 4 == 3 || $0.element <= 16 })
    expectClose(pixel(p, x: 109, y: 82), [16, 16, 16, 1], rel: 1e-7)
    let weights = RGBPrimaries.rec2020.rgbToXYZ.rows.1
    let blue = Matrix3x3.rgbToRGB(from: .rec2020, to: .rec709) * SIMD3(0, 0, 4 / weights.z)
    #expect(blue.max() > 16)
    let expected = blue * (16 / blue.max())
    expectClose(
      pixel(p, x: 2 * 110 / 12 + 1, y: 70), [expected.x, expected.y, expected.z, 1], rel: 1e-6)
    // Below the headroom nothing changes.
    expectClose(pixel(p, x: 55, y: 82)[0], 92.245_708_4 / 203, rel: 1e-5)
  }
}
