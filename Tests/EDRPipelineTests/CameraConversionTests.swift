import ColorMath
import CubeAuthoring
import CubeFormat
import EDRPipeline
import Foundation
import LUTEngine
import TestSupport
import Testing

/// `convert` of a camera → display cube (docs/semantics.md §6): the input stays LogC3, the
/// output becomes PQ, node by node as colour-science 0.4.7 computes it
/// (Tests/Fixtures/oracles/camera_conversion.py).
@Suite struct CameraConversionTests {
  /// colour-science's LogC → Rec.709 test cube (TITLE "AlexaV3 K1S1 LogC to Video Rec709").
  static func logcVideo() throws -> CubeFile {
    try CubeReader.read(
      contentsOf: Fixtures.thirdParty.appendingPathComponent("colour-resolve_cube/LogC_Video.cube")
        .path)
  }

  /// LogC3 code of a node → the source cube (shaper, then 3D, trilinear) → BT.1886 decode →
  /// × 203 cd/m² → Rec.2020 → PQ, from camera_conversion.py.
  static let nodes: [(SIMD3<Double>, SIMD3<Double>)] = [
    (SIMD3(0.25, 0.5, 0.75), SIMD3(0.34945548414245176, 0.39672833671286123, 0.5591171097147475)),
    (SIMD3(0.5, 0.5, 0.5), SIMD3(0.44652908078018594, 0.446224760931895, 0.45582838650869656)),
    (SIMD3(1, 0.25, 0), SIMD3(0.5331457150356657, 0.3384935013129923, 0.2282937927594992)),
    (SIMD3(0.75, 0, 1), SIMD3(0.5306821452135426, 0.33320362690581906, 0.5709174703930954)),
  ]

  @Test func keepsTheLogInputAndEncodesDisplayLightAsPQ() throws {
    let options = CubeConversionOptions(size: 5)
    let converted = try CubeConverter(options: options).convert(try Self.logcVideo())
    #expect(converted.comments.first == "EDRCube space: logc3 awg3 -> pq rec2020 203")
    let spaces = try #require(try CubeSpacePair(comments: converted.comments))
    #expect(spaces.input == CubeSpace(.logc3) && spaces.output.transfer == .pq)
    #expect(converted.lut1D == nil)
    let table = try #require(converted.lut3D)
    #expect(table.domainMin == .zero && table.domainMax == .one)
    for (code, pq) in Self.nodes {
      let i = SIMD3<Int>((code * 4).rounded(.toNearestOrEven))
      let row = table.index(r: i.x, g: i.y, b: i.z)
      for k in 0..<3 {
        expectClose(
          Double(table.values[3 * row + k]), pq[k], abs: 2e-6, "node \(code) channel \(k)")
      }
    }
  }

  /// The report samples the camera's codes (one grid), finds nothing above the peak (this
  /// look's display light stays below 203 cd/m²) and falls as the PQ grid gets finer: what
  /// is left is trilinear interpolation of PQ signals between nodes, so the advice above the
  /// threshold is a larger `--size`, never a CLF (which would hold the same table).
  @Test func reportSamplesTheCameraCodes() throws {
    let source = try Self.logcVideo()
    var p99: [Double] = []
    for size in [17, 65] {
      let options = CubeConversionOptions(size: size)
      let converted = try CubeConverter(options: options).convert(source)
      let evaluation = try ConversionQuality.evaluate(
        converted: converted, source: source, options: options, steps: 12)
      #expect(evaluation.gamuts == 1 && evaluation.isCamera)
      #expect(evaluation.colours.count == 12 * 12 * 12)
      let report = evaluation.report
      #expect(report.leftOut == 0 && report.abovePeak == nil)
      #expect(!report.suggestion.contains("--shaper"), "\(report.suggestion)")
      if report.p99 > ConversionReport.threshold {
        // A camera cube has no shaper, so its CLF is the same table: the advice is the size.
        #expect(report.suggestion.contains("--size"), "\(report.suggestion)")
        #expect(!report.suggestion.contains("--format clf"), "\(report.suggestion)")
      }
      p99.append(report.p99)
    }
    #expect(p99[0] > ConversionReport.threshold)
    #expect(p99[1] < 1 && p99[1] < p99[0] / 4, "\(p99)")
  }

  /// A camera cube whose 3D table takes the codes directly (luts/logc3_to_rec709.cube, 33³):
  /// the advice names the sizes that keep the source's nodes (N − 1 a multiple of its 32
  /// intervals; a 96³ grid, between them, measures no better than 65³).
  @Test func adviceNamesSizesKeepingTheSourceNodes() throws {
    let source = try CubeReader.read(
      contentsOf: Fixtures.luts.appendingPathComponent("logc3_to_rec709.cube").path)
    let options = CubeConversionOptions(size: 17)
    let converted = try CubeConverter(options: options).convert(source)
    let report = try ConversionQuality.evaluate(
      converted: converted, source: source, options: options, steps: 12
    ).report
    #expect(report.p99 > ConversionReport.threshold)
    #expect(
      report.suggestion.contains("multiple of its 32 intervals: 33, 65"), "\(report.suggestion)")
  }

  @Test func refusesShaperPlacementAndLogOutputs() throws {
    let source = try Self.logcVideo()
    #expect(throws: EDRPipelineError.self) {
      try CubeConverter(options: .peakFitted(size: 9)).convert(source)
    }
    var logToLog = source
    logToLog.title = nil
    logToLog.comments = ["EDRCube space: vlog vgamut"]
    #expect(throws: EDRPipelineError.self) {
      try CubeConverter(options: CubeConversionOptions(size: 5)).convert(logToLog)
    }
  }
}
