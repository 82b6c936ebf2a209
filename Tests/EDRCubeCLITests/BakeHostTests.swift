import ColorMath
import Foundation
import TestSupport
import Testing

/// `bake --for ocio` in the real host: PyOpenColorIO (when installed) applies the baked CLF
/// and its result is compared with `edrcube eval` of the look itself over the EDR range
/// (docs/bake.md), one look of each kind: a PQ cube with its own 1D shaper (Rec.2020
/// primaries, clamped at 10000 cd/m²), a camera-log cube (AWG3, extrapolated) and an SDR look
/// under the default highlight policy. The full table over every bundled look is
/// scripts/interop/bake_interop.py's.
@Suite(.enabled(if: OpenColorIOModule.isInstalled, "pip install opencolorio"))
struct BakeHostTests {
  /// 1500 colours over [−0.25, 64] × white, each channel spread like a log2 curve above 0
  /// (an eighth of them linear below 0), from a fixed seed.
  static let colours: [[Double]] = {
    var random = SeededGenerator(seed: 39)
    let span = log2(1 + 64 / 0.125)
    func channel() -> Double {
      let u = Double.random(in: 0..<1, using: &random)
      return u < 0.125 ? -0.25 + u / 0.125 * 0.25 : 0.125 * (exp2((u - 0.125) / 0.875 * span) - 1)
    }
    return (0..<1500).map { _ in [channel(), channel(), channel()] }
  }()

  static func text(_ rows: [[Double]]) -> String {
    rows.map { $0.map { "\($0)" }.joined(separator: " ") }.joined(separator: "\n") + "\n"
  }

  static func numbers(_ text: String) -> [[Double]] {
    text.split(separator: "\n").map { $0.split(separator: " ").compactMap { Double($0) } }
  }

  /// OpenColorIO's result of the CLF at `path` on `colours`.
  static func openColorIO(_ path: String, _ colours: [[Double]]) throws -> [[Double]] {
    let script = """
      import sys, numpy as np, PyOpenColorIO as ocio
      p = ocio.Config.CreateRaw().getProcessor(ocio.FileTransform(src=sys.argv[1]))
      rgb = np.loadtxt(sys.stdin, dtype=np.float32).reshape(-1, 3).copy()
      p.getDefaultCPUProcessor().applyRGB(rgb)
      np.savetxt(sys.stdout, rgb.astype(np.float64), fmt="%.9g")
      """
    let r = try EDRCubeExecutable.run(
      ["python3", "-c", script, path], stdin: text(colours), executable: OpenColorIOModule.python)
    try #require(r.status == 0, "\(r.stderr)")
    return numbers(r.stdout)
  }

  @Test(arguments: ["teal_orange_pq", "logc3_to_rec709", "bleach_bypass_sdr"])
  func aLookBakedForOCIOMatchesEDRCubeInOpenColorIO(look: String) throws {
    try withTemporaryDirectory { dir in
      let cube = Fixtures.luts.appendingPathComponent("\(look).cube").path
      let clf = dir.appendingPathComponent("\(look).clf").path
      let made = try EDRCubeExecutable.run(["bake", "--lut", cube, "--for", "ocio", "-o", clf])
      try #require(made.status == 0, "\(made.stderr)")
      let ours = try EDRCubeExecutable.run(["eval", "--lut", cube], stdin: Self.text(Self.colours))
      try #require(ours.status == 0, "\(ours.stderr)")
      let reference = Self.numbers(ours.stdout)
      let host = try Self.openColorIO(clf, Self.colours)
      try #require(reference.count == Self.colours.count && host.count == Self.colours.count)
      let toRec2020 = Matrix3x3.rgbToRGB(from: .rec709, to: .rec2020)
      func nits(_ rgb: [Double]) -> SIMD3<Double> {
        toRec2020 * (SIMD3(rgb[0], rgb[1], rgb[2]) * 203)
      }
      let differences = zip(host, reference).map { deltaEITP(rec2020Nits: nits($0), nits($1)) }
        .sorted()
      let p99 = differences[Int(Double(differences.count) * 0.99)]
      // Before the cube-space shaper: p99 4.6 (PQ looks), 12 (logc3), 3.5 (bleach bypass).
      #expect(p99 < 1, "\(look): p99 ΔE_ITP \(p99), max \(differences.last ?? 0)")
    }
  }
}

/// Whether PyOpenColorIO imports.
enum OpenColorIOModule {
  static let python = URL(fileURLWithPath: "/usr/bin/env")

  static let isInstalled: Bool =
    (try? EDRCubeExecutable.run(
      ["python3", "-c", "import PyOpenColorIO, numpy"], executable: python))?
    .status == 0
}
