public import ColorMath
import Foundation

/// ΔE_ITP (BT.2124) between a host's result and EDRCube's over a bake's range: `count`
/// colours whose channels are spread evenly in the shaper's output (a Halton sequence through
/// its inverse: log-spaced above 0, linear below), each scaled to absolute Rec.2020 nits.
public struct BakeReport: Sendable, Encodable {
  /// Colours compared.
  public let count: Int
  /// Largest ΔE_ITP.
  public let max: Double
  /// 99th percentile.
  public let p99: Double
  /// Mean.
  public let mean: Double
  /// The input (× white, working) of the largest difference.
  public let worstInput: [Double]

  /// The sample colours over `shaper`'s range, working linear.
  public static func samples(_ shaper: BakeShaper, count: Int) -> [SIMD3<Float>] {
    func halton(_ index: Int, _ base: Int) -> Double {
      var f = 1.0
      var r = 0.0
      var i = index
      while i > 0 {
        f /= Double(base)
        r += f * Double(i % base)
        i /= base
      }
      return r
    }
    return (1...count).map { i in
      SIMD3(
        Float(shaper.inverse(halton(i, 2))), Float(shaper.inverse(halton(i, 3))),
        Float(shaper.inverse(halton(i, 5))))
    }
  }

  /// Compares `host` with `reference` (outputs in working linear with `primaries`, 1.0 =
  /// `referenceWhite` cd/m²) at `inputs`.
  public init(
    inputs: [SIMD3<Float>], host: [SIMD3<Float>], reference: [SIMD3<Float>],
    primaries: RGBPrimaries, referenceWhite: Double
  ) {
    let toRec2020 = Matrix3x3.rgbToRGB(from: primaries, to: .rec2020)
    let differences = zip(host, reference).map { pair in
      deltaEITP(
        rec2020Nits: toRec2020 * (SIMD3<Double>(pair.0) * referenceWhite),
        toRec2020 * (SIMD3<Double>(pair.1) * referenceWhite))
    }
    let sorted = differences.sorted()
    count = sorted.count
    max = sorted.last ?? 0
    p99 = sorted.isEmpty ? 0 : sorted[Swift.min(sorted.count - 1, Int(Double(sorted.count) * 0.99))]
    mean = sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count)
    let worst = differences.indices.max { differences[$0] < differences[$1] }
    worstInput = worst.map { i in (0..<3).map { Double(inputs[i][$0]) } } ?? []
  }
}
