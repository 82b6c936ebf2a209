import CubeAuthoring
import CubeFormat
import EDRPipeline
import Foundation
import TestSupport
import Testing

/// The SDR → PQ figures of README "Conversion quality" (trilinear, W = 203 cd/m², the
/// default 2 · 40³ sample): `edrcube convert luts/LOOK_sdr.cube OUT --to pq [--fit | --shaper]
/// --report`. The 65³ and 97³ figures need `EDRCUBE_HEAVY=1` (each 65³ case takes about
/// 20 s alone in a debug build; this suite alone took 30 minutes on two cores).
@Suite struct BundledLookConversionFigureTests {
  static let heavy = HeavyTests.enabled

  /// How a figure's cube was made.
  enum Mode: String, Sendable {
    /// docs/semantics.md §6: nodes over the whole range, values sampled.
    case straightforward = ""
    /// Nodes over the whole range, values fitted (`--fit`).
    case fitted = " --fit"
    /// `--shaper`.
    case shaper = " --shaper"

    /// The options, under tone-scaled-maxrgb: the policy these figures were measured with
    /// (docs/conversion-quality.md), the default before rising-maxrgb.
    func options(size: Int) -> CubeConversionOptions {
      var options =
        switch self {
        case .straightforward: CubeConversionOptions(size: size)
        case .fitted: CubeConversionOptions(size: size, fitsNodes: true)
        case .shaper: CubeConversionOptions.peakFitted(size: size)
        }
      options.policy = .toneScaledMaxRGB
      return options
    }
  }

  /// One README row entry: a look, a mode, and its measured p99 (± 0.02).
  struct Figure: Sendable, CustomTestStringConvertible {
    let look: String
    let size: Int
    let mode: Mode
    let p99: Double
    var testDescription: String { "\(look) \(size)³\(mode.rawValue)" }
  }

  /// The README's 65³ p99 per look: straightforward, `--fit`, `--shaper` (the `--shaper`
  /// column measured again after the whole-range shaper and roll-off, release build:
  /// `edrcube convert luts/LOOK_sdr.cube OUT --to pq --size 65 --shaper --edr-policy
  /// tone-scaled-maxrgb --report`).
  static let figures65: [Figure] = [
    ("warm", 2.043, 1.151, 1.032),
    ("teal_orange", 1.519, 0.914, 0.815),
    ("bleach_bypass", 2.521, 1.962, 1.732),
    ("high_contrast", 2.452, 1.403, 1.173),
  ].flatMap { look, straightforward, fitted, shaper in
    zip([Mode.straightforward, .fitted, .shaper], [straightforward, fitted, shaper]).map {
      Figure(look: look, size: 65, mode: $0, p99: $1)
    }
  }

  static func report(_ look: String, size: Int, mode: Mode, steps: Int = 40) throws
    -> ConversionReport
  {
    let source = try CubeReader.read(
      contentsOf: Fixtures.luts.appendingPathComponent("\(look)_sdr.cube").path)
    let options = mode.options(size: size)
    let converted = try CubeConverter(options: options).convert(source)
    return try ConversionQuality.measure(
      converted: converted, source: source, options: options, steps: steps)
  }

  @Test(.enabled(if: heavy), arguments: figures65)
  func readmeFigure(_ figure: Figure) throws {
    let r = try Self.report(figure.look, size: figure.size, mode: figure.mode)
    expectClose(r.p99, figure.p99, abs: 0.02)
  }

  /// Issue #7's 65³ bound, p99 ≤ 2.0: every bundled look meets it with fitted nodes over the
  /// whole range (a plain 65³ cube), on the default sample and on two others (37³, 43³).
  @Test(.enabled(if: heavy), arguments: ["warm", "teal_orange", "bleach_bypass", "high_contrast"])
  func fittedFullRangeCubeStaysWithinTwo(_ look: String) throws {
    for steps in [37, 40, 43] {
      let r = try Self.report(look, size: 65, mode: .fitted, steps: steps)
      #expect(r.p99 <= 2.0, "\(look), \(steps)³ sample: p99 \(r.p99)")
    }
  }

  /// Bleach bypass misses p99 < 1 at 65³ with `--shaper` (1.732 since the shaper spans the
  /// whole range with a quarter of its intervals above the peak and rolls off there; 1.168
  /// before, every interval below the peak): inside Rec.709 1.603, beyond 2.258; above the
  /// peak 1.190. At 97³ 1.014 (0.747 before).
  @Test(.enabled(if: heavy)) func bleachBypassTail() throws {
    let r65 = try Self.report("bleach_bypass", size: 65, mode: .shaper)
    let inside = try #require(r65.insideSourceGamut)
    let beyond = try #require(r65.beyondSourceGamut)
    let above = try #require(r65.abovePeak)
    expectClose(inside.p99, 1.603, abs: 0.02)
    expectClose(beyond.p99, 2.258, abs: 0.05)
    expectClose(above.p99, 1.190, abs: 0.02)
    let r97 = try Self.report("bleach_bypass", size: 97, mode: .shaper)
    expectClose(r97.p99, 1.014, abs: 0.02)
  }

  /// The same split at a size the default suite can afford: bleach bypass's worst colours
  /// are the ones beyond the look's Rec.709 gamut. (Under the former unbounded extension
  /// below the domain their p99 was over 1.5× the inside one; the bounded default of
  /// docs/semantics.md §3 extends them more gently: 6.81 against 4.94 inside.)
  @Test func bleachBypassErrorsLieBeyondRec709() throws {
    let r = try Self.report("bleach_bypass", size: 33, mode: .straightforward, steps: 16)
    let inside = try #require(r.insideSourceGamut)
    let beyond = try #require(r.beyondSourceGamut)
    #expect(beyond.p99 > inside.p99, "inside \(inside.p99), beyond \(beyond.p99)")
    #expect(beyond.max == r.max)
  }
}
