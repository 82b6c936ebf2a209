import CubeFormat
import LUTEngine
import Testing

/// docs/semantics.md §3: NaN → domain minimum, ±∞ → the domain edges, that channel not extrapolated,
/// the others still are; counted per pixel; for each interpolation × extrapolation.
@Suite struct NonFiniteInputTests {
  /// The affine cube (2r, 3g − 0.5, 1 − b) of conformance case A6, over a non-default domain
  /// to show that the edges are the domain's.
  static let affine: CubeLUT = {
    var table = TestCubes.table3D(size: 3) { SIMD3(2 * $0.x, 3 * $0.y - 0.5, 1 - $0.z) }
    table.domainMin = SIMD3(repeating: -1)
    table.domainMax = SIMD3(repeating: 3)
    return CubeLUT(lut3D: table)
  }()

  /// The cube's value at raw input `x`, per channel (the cube is affine in its position).
  static func exact(_ x: SIMD3<Float>) -> SIMD3<Float> {
    let p = (x + 1) / 4
    return SIMD3(2 * p.x, 3 * p.y - 0.5, 1 - p.z)
  }

  static let modes = Interpolation.allCases.flatMap { i in
    Extrapolation.allCases.map { (i, $0) }
  }

  @Test(arguments: Interpolation.allCases, Extrapolation.allCases)
  func nonFiniteChannelsGoToTheDomainEdges(
    _ interpolation: Interpolation, _ extrapolation: Extrapolation
  ) {
    let processor = LUTProcessor(
      lut: Self.affine, interpolation: interpolation, extrapolation: extrapolation)
    let extrapolated: Float = extrapolation == .clamp ? 3 : 5
    let cases: [(SIMD3<Float>, SIMD3<Float>)] = [
      (SIMD3(.nan, .nan, .nan), SIMD3(-1, -1, -1)),
      (SIMD3(.infinity, -.infinity, .nan), SIMD3(3, -1, -1)),
      // The finite channel outside the domain is still extrapolated (or clamped).
      (SIMD3(.nan, 5, .infinity), SIMD3(-1, extrapolated, 3)),
      (SIMD3(-.infinity, 0.5, 5), SIMD3(-1, 0.5, extrapolated)),
    ]
    let inputs = cases.map(\.0) + [SIMD3(0.25, 0.5, 1)]
    let batch = applyBatch(processor, to: inputs, threads: 2)
    #expect(batch.stats.nonFinitePixelCount == cases.count)
    #expect(batch.stats.pixelCount == inputs.count)
    for (i, (input, equivalent)) in cases.enumerated() {
      let want = Self.exact(equivalent)
      for got in [processor.apply(input), batch.rgb[i]] {
        #expect(got.x.isFinite && got.y.isFinite && got.z.isFinite)
        #expect(
          Swift.abs((got - want).max()) <= 1e-5 && Swift.abs((got - want).min()) <= 1e-5,
          "\(input) → \(got), want \(want)")
      }
    }
  }

  @Test func nonFiniteIsResolvedAtTheShaperOnly() {
    // Shaper x → x/2 over 0…2 in front of the doubling cube: identity on 0…2.
    let shaper = CubeTable1D(size: 2, domainMax: SIMD3(repeating: 2), values: [0, 0, 0, 1, 1, 1])
    let lut = CubeLUT(lut1D: shaper, lut3D: TestCubes.table3D(size: 2) { 2 * $0 })
    for (interpolation, extrapolation) in Self.modes {
      let processor = LUTProcessor(
        lut: lut, interpolation: interpolation, extrapolation: extrapolation)
      let out = applyBatch(processor, to: [SIMD3(.nan, .infinity, -.infinity)])
      #expect(out.rgb[0] == SIMD3(0, 2, 0))
      #expect(out.stats.nonFinitePixelCount == 1)
    }
  }
}
