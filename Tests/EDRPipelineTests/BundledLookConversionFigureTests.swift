import CubeFormat
import EDRPipeline
import Foundation
import TestSupport
import Testing

/// The SDR → PQ figures of README "Conversion quality" (trilinear, W = 203 cd/m², the
/// default 2 · 40³ sample): `edrcube convert luts/LOOK_sdr.cube OUT --to pq [--shaper]
/// --report`. The 65³ and 97³ figures need `EDRCUBE_HEAVY=1` (each 65³ case takes about
/// 20 s alone in a debug build; the heavy set with ``HLGReportTests`` took 18 minutes on two
/// busy cores).
@Suite struct BundledLookConversionFigureTests {
  static let heavy = ProcessInfo.processInfo.environment["EDRCUBE_HEAVY"] == "1"

  /// One README row entry: a look, a mode, and its measured p99 (± 0.02).
  struct Figure: Sendable, CustomTestStringConvertible {
    let look: String
    let size: Int
    let shaper: Bool
    let p99: Double
    var testDescription: String { "\(look) \(size)³\(shaper ? " --shaper" : "")" }
  }

  static let figures65 = [
    Figure(look: "warm", size: 65, shaper: false, p99: 2.043),
    Figure(look: "warm", size: 65, shaper: true, p99: 0.711),
    Figure(look: "teal_orange", size: 65, shaper: false, p99: 1.519),
    Figure(look: "teal_orange", size: 65, shaper: true, p99: 0.505),
    Figure(look: "bleach_bypass", size: 65, shaper: false, p99: 2.521),
    Figure(look: "bleach_bypass", size: 65, shaper: true, p99: 1.168),
    Figure(look: "high_contrast", size: 65, shaper: false, p99: 2.452),
    Figure(look: "high_contrast", size: 65, shaper: true, p99: 0.915),
  ]

  static func report(_ look: String, size: Int, shaper: Bool, steps: Int = 40) throws
    -> ConversionReport
  {
    let source = try CubeReader.read(
      contentsOf: Fixtures.luts.appendingPathComponent("\(look)_sdr.cube").path)
    let options =
      shaper ? CubeConversionOptions.peakFitted(size: size) : CubeConversionOptions(size: size)
    let converted = try CubeConverter(options: options).convert(source)
    return try ConversionQuality.measure(
      converted: converted, source: source, options: options, steps: steps)
  }

  @Test(.enabled(if: heavy), arguments: figures65)
  func readmeFigure(_ figure: Figure) throws {
    let r = try Self.report(figure.look, size: figure.size, shaper: figure.shaper)
    expectClose(r.p99, figure.p99, abs: 0.02)
  }

  /// Bleach bypass still misses p99 < 1 at 65³ with `--shaper` (1.168; 1.894 with the former
  /// signal-space fit, whose colours beyond Rec.709 read p99 3.829): inside Rec.709 1.088,
  /// beyond 1.419. At 97³ it reaches 0.747.
  @Test(.enabled(if: heavy)) func bleachBypassTail() throws {
    let r65 = try Self.report("bleach_bypass", size: 65, shaper: true)
    let inside = try #require(r65.insideSourceGamut)
    let beyond = try #require(r65.beyondSourceGamut)
    expectClose(inside.p99, 1.088, abs: 0.02)
    expectClose(beyond.p99, 1.419, abs: 0.05)
    let r97 = try Self.report("bleach_bypass", size: 97, shaper: true)
    expectClose(r97.p99, 0.747, abs: 0.02)
  }

  /// The same split at a size the default suite can afford: bleach bypass's worst colours
  /// are the ones beyond the look's Rec.709 gamut.
  @Test func bleachBypassErrorsLieBeyondRec709() throws {
    let r = try Self.report("bleach_bypass", size: 33, shaper: false, steps: 16)
    let inside = try #require(r.insideSourceGamut)
    let beyond = try #require(r.beyondSourceGamut)
    #expect(beyond.p99 > 1.5 * inside.p99, "inside \(inside.p99), beyond \(beyond.p99)")
    #expect(beyond.max == r.max)
  }
}
