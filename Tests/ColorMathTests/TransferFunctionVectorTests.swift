import ColorMath
import TestSupport
import Testing

/// `transfer_functions.json` (Tests/Fixtures/conformance/README.md §2.1) with the tolerances of §4.
@Suite struct TransferFunctionVectorTests {
  let file: VectorFile

  init() throws { file = try VectorFile("transfer_functions.json") }

  /// Checks a scalar function against paired arrays, in Double and in Float.
  func check(
    _ inputKey: [String], _ outputKey: [String], double: (Double) -> Double,
    float: ((Float) -> Float)?, doubleTol: (Double, Double), floatTol: (Double, Double),
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let inputs = file.numbers(inputKey[0], inputKey[1])
    let expected = file.numbers(outputKey[0], outputKey[1])
    #expect(inputs.count == expected.count && inputs.count >= 18, sourceLocation: sourceLocation)
    for (x, e) in zip(inputs, expected) {
      expectClose(
        double(x), e, rel: doubleTol.0, abs: doubleTol.1, "Double at \(x)",
        sourceLocation: sourceLocation)
      if let float {
        expectClose(
          Double(float(Float(x))), e, rel: floatTol.0, abs: floatTol.1, "Float at \(x)",
          sourceLocation: sourceLocation)
      }
    }
  }

  @Test func pqEOTF() {
    check(
      ["pq_eotf", "signal"], ["pq_eotf", "nits"], double: PQ.eotf, float: PQ.eotf,
      doubleTol: (1e-9, 0), floatTol: (2e-4, 1e-6))
  }

  @Test func pqInverseEOTF() {
    check(
      ["pq_inverse_eotf", "nits"], ["pq_inverse_eotf", "signal"], double: PQ.inverseEOTF,
      float: PQ.inverseEOTF, doubleTol: (1e-9, 0), floatTol: (5e-5, 1e-7))
  }

  @Test func hlgOETFAndInverse() {
    check(
      ["hlg_oetf", "scene"], ["hlg_oetf", "signal"], double: HLG.oetf, float: HLG.oetf,
      doubleTol: (1e-9, 1e-9), floatTol: (2e-6, 1e-6))
    check(
      ["hlg_inverse_oetf", "signal"], ["hlg_inverse_oetf", "scene"], double: HLG.inverseOETF,
      float: HLG.inverseOETF, doubleTol: (1e-9, 1e-9), floatTol: (2e-6, 1e-6))
  }

  @Test func sRGBExtended() {
    check(
      ["srgb_extended_encode", "linear"], ["srgb_extended_encode", "encoded"],
      double: SRGB.encode, float: SRGB.encode, doubleTol: (1e-8, 1e-8), floatTol: (2e-6, 1e-8))
    check(
      ["srgb_extended_decode", "encoded"], ["srgb_extended_decode", "linear"],
      double: SRGB.decode, float: SRGB.decode, doubleTol: (1e-8, 1e-8), floatTol: (2e-6, 1e-8))
  }

  @Test func gamma24AndBT1886AndBT709() {
    check(
      ["bt1886_gamma2.4_extended", "linear"], ["bt1886_gamma2.4_extended", "encoded"],
      double: BT1886.encode, float: BT1886.encode, doubleTol: (1e-8, 1e-8),
      floatTol: (2e-6, 1e-8))
    check(
      ["bt1886_absolute_Lw120_Lb0.05", "signal"], ["bt1886_absolute_Lw120_Lb0.05", "nits"],
      double: { BT1886.eotf($0, white: 120, black: 0.05) }, float: nil,
      doubleTol: (1e-8, 1e-8), floatTol: (0, 0))
    check(
      ["rec709_oetf", "linear"], ["rec709_oetf", "signal"], double: BT709.oetf, float: nil,
      doubleTol: (1e-8, 1e-8), floatTol: (0, 0))
  }

  /// Checks an RGB function in Double and Float.
  func checkRGB(
    _ inputs: [SIMD3<Double>], _ expected: [SIMD3<Double>],
    double: (SIMD3<Double>) -> SIMD3<Double>, float: (SIMD3<Float>) -> SIMD3<Float>,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(inputs.count == expected.count && inputs.count >= 40, sourceLocation: sourceLocation)
    for (x, e) in zip(inputs, expected) {
      let d = double(x)
      let f = SIMD3<Double>(float(SIMD3<Float>(x)))
      for k in 0..<3 {
        expectClose(d[k], e[k], rel: 1e-9, abs: 1e-9, "Double \(x)", sourceLocation: sourceLocation)
        expectClose(f[k], e[k], rel: 2e-6, abs: 1e-6, "Float \(x)", sourceLocation: sourceLocation)
      }
    }
  }

  @Test(arguments: [1000.0, 600, 1500])
  func hlgOOTF(peak: Double) {
    checkRGB(
      file.triples("hlg_ootf", "scene_rgb"),
      file.triples("hlg_ootf", "display_nits", String(Int(peak))),
      double: { HLG.ootf($0, peak: peak) }, float: { HLG.ootf($0, peak: Float(peak)) })
  }

  @Test(arguments: [
    ("Lw1000_Lb0_nits", 1000.0, 0.0), ("Lw1000_Lb0.01_nits", 1000, 0.01),
    ("Lw1500_Lb0_nits", 1500, 0),
  ])
  func hlgEOTF(key: String, peak: Double, black: Double) {
    checkRGB(
      file.triples("hlg_eotf", "signal_rgb"), file.triples("hlg_eotf", key),
      double: { HLG.eotf($0, peak: peak, black: black) },
      float: { HLG.eotf($0, peak: Float(peak), black: Float(black)) })
  }

  @Test func hlgInverseEOTF() {
    checkRGB(
      file.triples("hlg_inverse_eotf", "nits_rgb"),
      file.triples("hlg_inverse_eotf", "Lw1000_Lb0_signal"),
      double: { HLG.inverseEOTF($0) }, float: { HLG.inverseEOTF($0) })
  }

  @Test func constantsAndAnchors() throws {
    let c = { (k: String) in file.number("constants", k) ?? .nan }
    #expect(PQ.m1 == c("pq_m1") && PQ.m2 == c("pq_m2") && PQ.c1 == c("pq_c1"))
    #expect(PQ.c2 == c("pq_c2") && PQ.c3 == c("pq_c3"))
    expectClose(HLG.a, c("hlg_a"), rel: 1e-15)
    expectClose(HLG.b, c("hlg_b"), rel: 1e-12)
    expectClose(HLG.c, c("hlg_c"), rel: 1e-12)
    for peak in [400, 600, 1000, 1500, 2000] {
      let expected = try #require(file.number("constants", "hlg_gamma_by_Lw", String(peak)))
      expectClose(HLG.gamma(peak: Double(peak)), expected, rel: 1e-12)
    }
    expectClose(PQ.inverseEOTF(0), c("pq_signal_of_0_nits"), rel: 1e-9)
    expectClose(PQ.inverseEOTF(100), c("pq_signal_of_100_nits"), rel: 1e-9)
    expectClose(PQ.inverseEOTF(203), c("pq_signal_of_203_nits"), rel: 1e-9)
    expectClose(PQ.inverseEOTF(1000), c("pq_signal_of_1000_nits"), rel: 1e-9)
    expectClose(PQ.eotf(0.5), c("pq_nits_of_signal_0.5"), rel: 1e-9)
    expectClose(HLG.eotf(SIMD3(repeating: 0.75)).x, c("hlg_0.75_display_nits_Lw1000"), rel: 1e-9)
    expectClose(
      HLG.inverseEOTF(SIMD3<Double>(repeating: 203)).x, c("hlg_signal_of_203_nits_Lw1000"),
      rel: 1e-9)
    expectClose(
      HLG.inverseEOTF(SIMD3<Double>(repeating: 100)).x, c("hlg_signal_of_100_nits_Lw1000"),
      rel: 1e-9)
    expectClose(
      SRGB.encode(1000.0 / 203), c("srgb_extended_encode_of_1000_over_203"), rel: 1e-12)
  }
}
