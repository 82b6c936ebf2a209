import ColorMath
import CubeAuthoring
import CubeFormat
import CubeTestSupport
import EDRPipeline
import LUTEngine
import TestSupport
import Testing

/// The SDR → PQ conversion against the conformance vector (Tests/Fixtures/conformance/README.md §2.4, §5
/// "Converter"), its comments, node placements and the quality report.
@Suite struct CubeConverterTests {
  /// `convert sdr_look_11.cube --to pq --size 6`, stage by stage where it differs.
  @Test func matchesConformanceVector() throws {
    let source = try TestCubes.vector("sdr_look_11.cube")
    let expected = try #require(try TestCubes.vector("pq6_tone_scaled_maxrgb.cube").lut3D)
    let options = CubeConversionOptions(size: 6, policy: .toneScaledMaxRGB)
    let converted = try CubeConverter(options: options).convert(source)
    let table = try #require(converted.lut3D)
    #expect(table.size == 6)
    #expect(table.domainMin == .zero && table.domainMax == .one)
    let nodes = try #require(
      try VectorFile("pq_conversion.json").value(
        ["variants", "pq6_tone_scaled_maxrgb", "nodes"]) as? [[String: Any]])
    for (i, node) in nodes.enumerated() {
      let n = VectorFile(root: node)
      let index = n.triple("index_rgb")
      let row = table.index(r: Int(index.x), g: Int(index.y), b: Int(index.z))
      #expect(row == i)
      for k in 0..<3 {
        let got = Double(table.values[3 * row + k])
        // The first stage that differs: the node's signal, then the PQ output.
        expectClose(
          got, Double(expected.values[3 * row + k]), abs: 1e-4,
          "node \(index) channel \(k) (pq_out \(n.triple("pq_out")[k]),"
            + " edr_out_2020 \(n.triple("edr_out_2020")[k]))")
        expectClose(got, n.triple("pq_out")[k], abs: 1e-4)
      }
    }
  }

  @Test func commentsCarrySpaceAndParameters() throws {
    let source = try TestCubes.vector("sdr_look_11.cube")
    let options = CubeConversionOptions(
      target: .hlg, size: 9, referenceWhite: 100, policy: .maxRGB, peak: 600)
    let converted = try CubeConverter(options: options).convert(source, sourceName: "look.cube")
    #expect(converted.comments.first == "EDRCube space: hlg rec2020 100")
    let space = try #require(try CubeSpace(comments: converted.comments))
    #expect(space == CubeSpace(.hlg, primaries: .rec2020, referenceWhite: 100))
    let text = converted.comments.joined(separator: "\n")
    for part in ["look.cube", "size: 9", "edr-policy: maxrgb", "600 cd/m2", "trilinear"] {
      #expect(text.contains(part), "missing \(part)")
    }
  }

  @Test func rejectsNonSDRSourcesAndBadOptions() throws {
    let pq = try TestCubes.vector("pq6_tone_scaled_maxrgb.cube")
    #expect(throws: EDRPipelineError.self) {
      try CubeConverter(options: CubeConversionOptions()).convert(pq)
    }
    let sdr = try TestCubes.vector("sdr_look_11.cube")
    for options in [
      CubeConversionOptions(size: 1), CubeConversionOptions(peak: 20000),
      CubeConversionOptions(referenceWhite: -1), CubeConversionOptions.peakFitted(size: 129),
    ] {
      #expect(throws: EDRPipelineError.self) { try CubeConverter(options: options).convert(sdr) }
    }
  }

  @Test(arguments: CubeConversionOptions.NodePlacement.allCases)
  func placementsKeepNodesBelowThePeak(_ placement: CubeConversionOptions.NodePlacement) throws {
    let source = try TestCubes.vector("sdr_look_11.cube")
    let options = CubeConversionOptions(size: 17, placement: placement)
    let converted = try CubeConverter(options: options).convert(source)
    let table = try #require(converted.lut3D)
    let peakSignal = Float(PQ.inverseEOTF(1000.0))
    switch placement {
    case .full:
      #expect(converted.lut1D == nil && table.domainMax == .one)
    case .domain:
      #expect(converted.lut1D == nil)
      #expect(abs(table.domainMax.x - peakSignal) < 1e-6)
    case .shaped:
      // The shaper spans 0…1; the peak sits at table position 12/16 (4 intervals above it).
      let shaper = try #require(converted.lut1D)
      #expect(shaper.domainMax == .one && table.domainMax == .one)
      let atPeak = ReferenceKernel.evaluate(
        shaper, at: SIMD3(repeating: peakSignal), extrapolation: .clamp)
      expectClose(Double(atPeak.x), 0.75, abs: 1e-4)
    }
    // Every placement reproduces the look: a mid grey looks the same through both cubes.
    let report = try ConversionQuality.measure(
      converted: converted, source: source, options: options, steps: 6)
    #expect(report.sampleCount == 2 * 6 * 6 * 6)
    #expect(report.mean < 6)
  }

  @Test func identityCubeConvertsToAnAlmostPerfectPQCube() throws {
    let identity = CubeFile(
      lut3D: TestCubes.identity(size: 33).lut3D, comments: ["EDRCube space: srgb rec709"])
    let options = CubeConversionOptions(size: 33)
    let converted = try CubeConverter(options: options).convert(identity)
    let report = try ConversionQuality.measure(
      converted: converted, source: identity, options: options, steps: 12)
    #expect(report.max < 1.0)
    #expect(report.p99 <= report.max && report.mean <= report.p99)
  }

  /// The quality mode (shaper below the peak, fitted nodes) beats the straightforward
  /// conversion at the same size, and the fit keeps node values in −0.5…1.
  @Test func shaperModeBeatsTheStraightforwardConversion() throws {
    let source = try TestCubes.vector("sdr_look_11.cube")
    let plain = CubeConversionOptions(size: 17)
    let quality = CubeConversionOptions.peakFitted(size: 17)
    #expect(quality.placement == .shaped && quality.fitsNodes)
    let a = try CubeConverter(options: plain).convert(source)
    let b = try CubeConverter(options: quality).convert(source)
    let values = try #require(b.lut3D?.values)
    #expect(values.allSatisfy { $0 >= -0.5 && $0 <= 1 })
    #expect(b.comments.contains { $0.hasPrefix("node values: least-squares fit in dE_ITP") })
    let ra = try ConversionQuality.measure(
      converted: a, source: source, options: plain, steps: 12)
    let rb = try ConversionQuality.measure(
      converted: b, source: source, options: quality, steps: 12)
    #expect(rb.p99 < 0.8 * ra.p99)
    #expect(rb.mean < ra.mean)
  }

  @Test func reportIsIndependentOfThreadCount() throws {
    let source = try TestCubes.vector("sdr_look_11.cube")
    let options = CubeConversionOptions(size: 9)
    let converted = try CubeConverter(options: options).convert(source)
    let one = try ConversionQuality.measure(
      converted: converted, source: source, options: options, steps: 10, threads: 1)
    let many = try ConversionQuality.measure(
      converted: converted, source: source, options: options, steps: 10, threads: 3)
    #expect(one == many)
  }
}
