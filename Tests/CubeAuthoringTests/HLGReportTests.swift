import ColorMath
import CubeAuthoring
import CubeFormat
import EDRPipeline
import Foundation
import TestSupport
import Testing

/// `convert --to hlg --report` leaves out the sample colours HLG cannot carry as cube input
/// (README "Conversion quality"): before, warm 65³ read p99 12.3 because those colours reached
/// the cube clipped while the reference saw them whole.
@Suite struct HLGReportTests {
  static let heavy = HeavyTests.enabled

  static func warm() throws -> CubeFile {
    try CubeReader.read(contentsOf: Fixtures.luts.appendingPathComponent("warm_sdr.cube").path)
  }

  /// The report's sample colours (Rec.709 and Rec.2020 grids, PQ-uniform cell centres to
  /// 1000 cd/m²) whose HLG signal on the 1000 cd/m² reference display exceeds 1, counted
  /// here without the library's round trip.
  static func coloursBeyondHLG(steps: Int) -> Int {
    let display = HLGDisplay(peak: 1000, black: 0)
    let top = PQ.inverseEOTF(1000.0)
    let levels = (0..<steps).map { PQ.eotf((Double($0) + 0.5) / Double(steps) * top) }
    var count = 0
    for gamut in [RGBPrimaries.rec709, .rec2020] {
      let m = Matrix3x3.rgbToRGB(from: gamut, to: .rec2020)
      for b in levels {
        for g in levels {
          for r in levels where display.inverseEOTF(m * SIMD3(r, g, b)).max() > 1.0005 {
            count += 1
          }
        }
      }
    }
    return count
  }

  @Test func pqCarriesTheWholeSample() throws {
    let options = CubeConversionOptions(target: .pq, size: 9)
    let source = try Self.warm()
    let converted = try CubeConverter(options: options).convert(source)
    let report = try ConversionQuality.measure(
      converted: converted, source: source, options: options, steps: 8)
    #expect(report.leftOut == 0)
    #expect(report.sampleCount == 2 * 8 * 8 * 8)
  }

  /// The gamut split: the Rec.709 grid lies inside a Rec.709 cube's gamut, the Rec.2020 grid
  /// partly beyond it; a Rec.2020 cube has nothing beyond.
  @Test func reportSplitsTheSampleBySourceGamut() throws {
    let source = try Self.warm()
    for primaries in [NamedPrimaries.rec709, .rec2020] {
      let options = CubeConversionOptions(
        target: .pq, size: 9, sourceSpace: CubeSpace(.srgb, primaries: primaries))
      let converted = try CubeConverter(options: options).convert(source)
      let report = try ConversionQuality.measure(
        converted: converted, source: source, options: options, steps: 8)
      let inside = try #require(report.insideSourceGamut)
      let beyond = try #require(report.beyondSourceGamut)
      #expect(inside.count + beyond.count == report.sampleCount)
      #expect(Swift.max(inside.max, beyond.max) == report.max)
      if primaries == .rec709 {
        // All 512 Rec.709 colours and the Rec.2020 colours with every component inside.
        #expect(inside.count > 512 && beyond.count > 100, "\(inside.count) / \(beyond.count)")
      } else {
        #expect(beyond.count == 0 && inside.count == report.sampleCount)
      }
    }
  }

  @Test func hlgLeavesOutWhatItsReferenceDisplayCannotShow() throws {
    let options = CubeConversionOptions(target: .hlg, size: 9)
    let source = try Self.warm()
    let converted = try CubeConverter(options: options).convert(source)
    let report = try ConversionQuality.measure(
      converted: converted, source: source, options: options, steps: 12)
    let expected = Self.coloursBeyondHLG(steps: 12)
    #expect(expected > 0)
    // The library decides by a 0.01 ΔE_ITP round trip, this count by the signal: colours
    // within a hair of the signal limit may fall either way.
    #expect(
      abs(report.leftOut - expected) <= max(2, expected / 50), "\(report.leftOut) vs \(expected)")
    #expect(report.sampleCount + report.leftOut == 2 * 12 * 12 * 12)
  }

  /// `edrcube convert luts/warm_sdr.cube OUT --to hlg --report --edr-policy
  /// tone-scaled-maxrgb` (65³; the figures of docs/conversion-quality.md were measured with
  /// that policy and, for `--peak`, `--tone-map reinhard`, the defaults then): p99 0.951 over
  /// the 120 594 colours HLG carries (7406 left out); `--peak 500` leaves none out (p99 0.883).
  @Test(.enabled(if: heavy)) func warmHLGFigures() throws {
    let source = try Self.warm()
    for (peak, p99, leftOut) in [(nil, 0.951, 7406), (500.0, 0.883, 0)] as [(Double?, Double, Int)]
    {
      let options = CubeConversionOptions(
        target: .hlg, policy: .toneScaledMaxRGB, peak: peak, toneMapCurve: .maxRGBReinhard)
      let converted = try CubeConverter(options: options).convert(source)
      let report = try ConversionQuality.measure(
        converted: converted, source: source, options: options)
      #expect(report.leftOut == leftOut)
      expectClose(report.p99, p99, abs: 0.02, "peak \(String(describing: peak))")
    }
  }
}
