import ColorMath
import TestSupport
import Testing

/// ICtCp (BT.2100-2 PQ) and ΔE_ITP (BT.2124) against colour-science.
///
/// Reference values computed with colour-science 0.4.7:
/// `colour.RGB_to_ICtCp(RGB_nits, method="ITU-R BT.2100-2 PQ")` (L_p = 10000, RGB in cd/m²)
/// and `colour.difference.delta_E_ITP(ICtCp_1, ICtCp_2)`.
@Suite struct ICtCpTests {
  static let ictcp: [(SIMD3<Double>, SIMD3<Double>)] = [
    (SIMD3(100, 100, 100), SIMD3(0.508078421517399, 5.572799166575493e-17, 1.7759231585312563e-16)),
    (SIMD3(203, 50, 10), SIMD3(0.4961242349363339, -0.1472663908893301, 0.2095917531633591)),
    (SIMD3(0.5, 20, 3), SIMD3(0.319005017623343, -0.20421591084779728, -0.09802224871043197)),
    (SIMD3(1000, 800, 900), SIMD3(0.7362085669997507, 0.019717208493492313, 0.023474959304989832)),
    (SIMD3(5000, 100, 2000), SIMD3(0.8025457642902847, 0.21977618751431527, 0.31853362009283565)),
    (SIMD3(0, 0, 0), SIMD3(7.309559025783966e-07, 0, 0)),
  ]

  static let deltas: [(SIMD3<Double>, SIMD3<Double>, Double)] = [
    (SIMD3(100, 100, 100), SIMD3(101, 100, 100), 0.8168526992081302),
    (SIMD3(203, 50, 10), SIMD3(200, 55, 12), 10.623157891117561),
    (SIMD3(1000, 800, 900), SIMD3(950, 820, 880), 6.358058066167753),
    (SIMD3(0.5, 20, 3), SIMD3(0.6, 19, 3.2), 4.603718717159914),
    // Issue 35: the orange of a look on EDR against the cream a per-channel clip made of it.
    (SIMD3(3737, 2226, 318), SIMD3(813, 800, 553), 131.34908199366839),
  ]

  @Test func ictcpMatchesColourScience() {
    for (rgb, expected) in Self.ictcp {
      let v = ICtCp(rec2020Nits: rgb)
      expectClose([v.i, v.ct, v.cp], [expected.x, expected.y, expected.z], rel: 1e-9, abs: 1e-12)
    }
  }

  @Test func deltaEITPMatchesColourScience() {
    for (a, b, expected) in Self.deltas {
      expectClose(deltaEITP(rec2020Nits: a, b), expected, rel: 1e-8)
    }
    #expect(deltaEITP(rec2020Nits: SIMD3(42, 7, 3), SIMD3(42, 7, 3)) == 0)
  }
}
