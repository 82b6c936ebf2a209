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

  /// Tetrahedral extrapolation is exact for affine cubes, as trilinear is (docs/semantics.md
  /// §3): a 65³ identity far outside the domain, with equal and distinct fractions (the
  /// former unclamped blend was 8e-5 off at sRGB 3.1, 16× white, and 3e-3 at 1000× white),
  /// through the native kernel, the batch path and the reference; and an affine cube
  /// `M·x + o`, whose nodes are rounded to Float, within the rounding of its node steps.
  @Test(arguments: Interpolation.allCases)
  func affineCubesStayExactFarOutsideTheDomain(_ interpolation: Interpolation) {
    let inputs: [SIMD3<Float>] = [
      SIMD3(3.1, 3.1, 3.1), SIMD3(3.1, 2.7, 1.9), SIMD3(21.5, 0.4, -3), SIMD3(21.5, 17.25, 9.5),
      SIMD3(-5, 0.5, 40), SIMD3(1e4, 3e3, 2e3),
    ]
    let identity = TestCubes.identity(size: 65)
    let processor = LUTProcessor(lut: identity, interpolation: interpolation)
    let batch = applyBatch(processor, to: inputs).rgb
    for (x, fromBatch) in zip(inputs, batch) {
      let reference = ReferenceKernel.evaluate(
        identity, at: x, interpolation: interpolation, extrapolation: .linear)
      for y in [processor.apply(x), fromBatch, reference] {
        let tolerance = 2.5e-7 * max(1, abs(x).max())
        #expect(abs(y - x).max() <= tolerance, "\(interpolation) \(x) → \(y)")
      }
    }
    func affine(_ v: SIMD3<Float>) -> SIMD3<Float> {
      SIMD3(
        0.9 * v.x + 0.08 * v.y + 0.02 * v.z + 0.01, 0.05 * v.x + 0.9 * v.y + 0.05 * v.z,
        0.1 * v.y + 0.85 * v.z - 0.02)
    }
    let cube = CubeLUT(lut3D: TestCubes.table3D(size: 33, affine))
    let looked = LUTProcessor(lut: cube, interpolation: interpolation)
    for x in inputs {
      let y = looked.apply(x)
      let tolerance = 1e-5 * max(1, abs(x).max())
      #expect(abs(y - affine(x)).max() <= tolerance, "\(interpolation) \(x) → \(y)")
    }
  }
}

private func abs(_ v: SIMD3<Float>) -> SIMD3<Float> {
  SIMD3(Swift.abs(v.x), Swift.abs(v.y), Swift.abs(v.z))
}
