import CubeFormat
import LUTEngine
import Testing

/// The golden checks of docs/semantics.md §3 and the identity property of linear extrapolation.
@Suite struct GoldenValueTests {
  static let doubling = CubeLUT(lut3D: TestCubes.table3D(size: 2) { 2 * $0 })
  static let product = CubeLUT(
    lut3D: TestCubes.table3D(size: 2) { SIMD3(repeating: $0.x * $0.y * $0.z) })

  @Test(arguments: Interpolation.allCases)
  func doublingCubeExtrapolatesLinearly(_ interpolation: Interpolation) {
    let linear = LUTProcessor(lut: Self.doubling, interpolation: interpolation)
    #expect(linear.apply(SIMD3(repeating: 1.5)) == SIMD3(repeating: 3.0))
    #expect(linear.apply(SIMD3(repeating: -0.25)) == SIMD3(repeating: -0.5))
    let clamp = LUTProcessor(
      lut: Self.doubling, interpolation: interpolation, extrapolation: .clamp)
    #expect(clamp.apply(SIMD3(repeating: 1.5)) == SIMD3(repeating: 2.0))
    #expect(clamp.apply(SIMD3(repeating: -0.25)) == SIMD3(repeating: 0.0))
  }

  @Test func productCubeGoldens() {
    let x = SIMD3<Float>(0.75, 0.5, 0.25)
    let trilinear = LUTProcessor(lut: Self.product, interpolation: .trilinear)
    let tetrahedral = LUTProcessor(lut: Self.product, interpolation: .tetrahedral)
    #expect(trilinear.apply(x) == SIMD3(repeating: 0.09375))
    #expect(tetrahedral.apply(x) == SIMD3(repeating: 0.25))
    // First-order extension, not the cell polynomial with unclamped weights (which gives 8).
    #expect(trilinear.apply(SIMD3(repeating: 2)) == SIMD3(repeating: 4))
    #expect(applyBatch(trilinear, to: [SIMD3(repeating: 2)]).rgb == [SIMD3(repeating: 4)])
  }

  @Test(arguments: Array(2...65))
  func identityStaysIdentityFarOutsideTheDomain(_ size: Int) {
    let lut = TestCubes.identity(size: size)
    let inputs: [SIMD3<Float>] = [
      SIMD3(-1, -0.5, -3), SIMD3(1e4, 2, -7), SIMD3(4.9, 4.9, 4.9), SIMD3(0.3, 1e4, 0.7),
      SIMD3(-1e4, 1e4, 0.5), SIMD3(0.1, 0.2, 0.3),
    ]
    for interpolation in Interpolation.allCases {
      let processor = LUTProcessor(lut: lut, interpolation: interpolation)
      for (x, y) in zip(inputs, applyBatch(processor, to: inputs).rgb) {
        let error = y - x
        let tolerance = 1e-5 * max(1, abs(x).max())
        #expect(abs(error).max() <= tolerance, "size \(size) \(interpolation) \(x) → \(y)")
      }
    }
  }
}

private func abs(_ v: SIMD3<Float>) -> SIMD3<Float> {
  SIMD3(Swift.abs(v.x), Swift.abs(v.y), Swift.abs(v.z))
}
