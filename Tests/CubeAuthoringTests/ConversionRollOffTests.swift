import ColorMath
import CubeAuthoring
import CubeFormat
import EDRPipeline
import LUTEngine
import TestSupport
import Testing

/// docs/semantics.md §6: `convert --shaper` rolls off above the mastering peak (maxRGB, hue
/// kept) instead of clipping each channel, and `--report` covers the range above the peak.
@Suite struct ConversionRollOffTests {
  /// A 4000 cd/m² orange: Rec.709 (4000, 2400, 400) cd/m² as Rec.2020 EDR (W = 203).
  static let orange = SIMD3<Float>(16.337309, 12.252568, 3.1275513)

  static func warm() throws -> CubeFile {
    try CubeReader.read(contentsOf: Fixtures.luts.appendingPathComponent("warm_sdr.cube").path)
  }

  /// The SDR look on EDR tone-mapped to the peak, and the converted cube, on `x` (Rec.2020
  /// EDR), in Rec.2020 cd/m².
  static func paths(
    _ x: SIMD3<Float>, source: CubeFile, converted: CubeFile, options: CubeConversionOptions
  ) throws -> (look: SIMD3<Double>, cube: SIMD3<Double>) {
    let rec2020 = WorkingSpace(.linear, named: .rec2020)
    let look = CubeApplication(
      lut: CubeLUT(source), space: CubeSpace(.srgb, primaries: .rec709), working: rec2020,
      toneMap: options.toneMap)
    let cube = try CubeApplication(file: converted, working: rec2020)
    let w = options.referenceWhite
    return (SIMD3<Double>(look.apply(x)) * w, SIMD3<Double>(cube.apply(x)) * w)
  }

  @Test func shaperRollsOffAboveThePeakKeepingHue() throws {
    let source = try Self.warm()
    let options = CubeConversionOptions.peakFitted(size: 17)
    #expect(options.toneMap != nil)  // the default roll-off to 1000 cd/m²
    let converted = try CubeConverter(options: options).convert(source)
    #expect(converted.lut1D?.domainMax == SIMD3(repeating: 1))  // the shaper spans 0…10000
    let (look, cube) = try Self.paths(
      Self.orange, source: source, converted: converted, options: options)
    #expect(look.max() <= 1000.5 && cube.max() <= 1030, "\(look) \(cube)")
    let d = deltaEITP(rec2020Nits: look, cube)
    #expect(d < 5, "look \(look), cube \(cube): ΔE_ITP \(d)")
    // Still orange: red well above green, green well above blue.
    #expect(cube.x > 1.2 * cube.y && cube.y > 2 * cube.z, "\(cube)")
  }

  @Test func reportCoversTheRangeAboveThePeak() throws {
    let source = try Self.warm()
    let options = CubeConversionOptions.peakFitted(size: 17)
    let converted = try CubeConverter(options: options).convert(source)
    let evaluation = try ConversionQuality.evaluate(
      converted: converted, source: source, options: options, steps: 8)
    let report = evaluation.report
    // 8 levels to the peak, 3 more of the same PQ step below 10000 cd/m²: 2 · 11³ colours.
    #expect(evaluation.levels == 11 && evaluation.colours.count == 2 * 11 * 11 * 11)
    #expect(report.sampleCount == 2 * 8 * 8 * 8)
    let above = try #require(report.abovePeak)
    #expect(above.count == 2 * (11 * 11 * 11 - 8 * 8 * 8))
    #expect(report.threshold == 1)
    #expect(report.worst.count == ConversionEvaluation.worstCount)
    #expect(zip(report.worst, report.worst.dropFirst()).allSatisfy { $0.deltaE >= $1.deltaE })
    #expect(report.worst.first?.deltaE == Swift.max(report.max, above.max))
    #expect(!report.suggestion.isEmpty)
    // The sample's brightest level lies above 5000 cd/m² (the top of the container).
    let brightest = evaluation.colours.compactMap { $0?.inputNits.max() }.max() ?? 0
    #expect(brightest > 5000 && brightest <= 10000)
  }

  /// The done-when of issue 35 at the default size: `convert --shaper` (65³) of every bundled
  /// look keeps the 4000 cd/m² orange within ΔE_ITP 5 of the look tone-mapped to the peak
  /// (`EDRCUBE_HEAVY=1`: each 65³ fit takes minutes in a debug build).
  @Test(
    .enabled(if: HeavyTests.enabled),
    arguments: ["warm", "teal_orange", "bleach_bypass", "high_contrast"])
  func defaultSizeShaperKeepsTheOrange(_ look: String) throws {
    let source = try CubeReader.read(
      contentsOf: Fixtures.luts.appendingPathComponent("\(look)_sdr.cube").path)
    let options = CubeConversionOptions.peakFitted()
    let converted = try CubeConverter(options: options).convert(source)
    let (expected, got) = try Self.paths(
      Self.orange, source: source, converted: converted, options: options)
    let d = deltaEITP(rec2020Nits: expected, got)
    #expect(d < 5, "\(look): look \(expected), cube \(got): ΔE_ITP \(d)")
  }

  /// The bundled PQ forms (`convert --to pq --size 33 --shaper`, luts/README.md) keep the
  /// 4000 cd/m² orange: within ΔE_ITP 5 of the look rolled off to the peak (before the
  /// roll-off they clipped it channel by channel towards cream).
  @Test(arguments: ["warm", "teal_orange", "bleach_bypass", "high_contrast"])
  func bundledPQFormsKeepTheOrange(_ look: String) throws {
    let read = { (name: String) in
      try CubeReader.read(contentsOf: Fixtures.luts.appendingPathComponent(name).path)
    }
    let (expected, got) = try Self.paths(
      Self.orange, source: read("\(look)_sdr.cube"), converted: read("\(look)_pq.cube"),
      options: .peakFitted(size: 33))
    let d = deltaEITP(rec2020Nits: expected, got)
    #expect(d < 5, "\(look): look \(expected), cube \(got): ΔE_ITP \(d)")
  }
}
