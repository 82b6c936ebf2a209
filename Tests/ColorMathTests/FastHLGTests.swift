import Foundation
import TestSupport
import Testing

@testable import ColorMath

/// The `Float` HLG display chain against the exact `Double` one (HLGDisplay), within the
/// contract's 2e-6 relative for HLG (plus 1e-9 absolute near black).
@Suite struct FastHLGTests {
  static let fast = FastHLG.referenceDisplay
  static let exact = HLGDisplay(peak: 1000, black: 0)

  /// Neutral, saturated and mixed triples over the whole range.
  static func triples(from values: [Float]) -> [SIMD3<Float>] {
    var out: [SIMD3<Float>] = []
    for (i, v) in values.enumerated() {
      let w = values[(i * 7 + 3) % values.count]
      out += [SIMD3(repeating: v), SIMD3(v, w, 0), SIMD3(w, v * 0.5, v), SIMD3(0, 0, v)]
    }
    return out
  }

  @Test func eotfIsWithinTheContract() {
    let signals = stride(from: Float(0), through: 1, by: 1.0 / 4096).map { $0 }
    for s in Self.triples(from: signals) {
      let got = Self.fast.eotf(s)
      let want = Self.exact.eotf(SIMD3<Double>(s))
      for k in 0..<3 {
        expectClose(Double(got[k]), want[k], rel: 2e-6, abs: 1e-9, "signal \(s)")
      }
    }
  }

  @Test func inverseEOTFIsWithinTheContract() {
    var nits: [Float] = [0]
    var x: Float = 1e-6
    while x <= 1000 {
      nits.append(x)
      x *= 1.01
    }
    for f in Self.triples(from: nits) {
      let got = Self.fast.inverseEOTF(f)
      let want = Self.exact.inverseEOTF(SIMD3<Double>(f))
      for k in 0..<3 {
        expectClose(Double(got[k]), want[k], rel: 2e-6, abs: 1e-9, "display \(f)")
      }
    }
  }
}
