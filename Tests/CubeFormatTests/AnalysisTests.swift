import CubeFormat
import Testing

/// `CubeFile.analyze()`: output range, identity and neutral-axis monotonicity.
@Suite struct AnalysisTests {
  @Test func identityOverAnyDomainIsRecognised() {
    let cube = CubeTestData.identity3D(size: 9, lo: SIMD3(-1, 0, 0.5), hi: SIMD3(1, 100, 1.5))
    let analysis = CubeFile(lut3D: cube).analyze()
    #expect(analysis.isIdentity)
    #expect(analysis.outputMin == SIMD3(-1, 0, 0.5))
    #expect(analysis.outputMax == SIMD3(1, 100, 1.5))
    #expect(analysis.monotonicity == [.increasing, .increasing, .increasing])
  }

  @Test func perturbedNodeIsNotIdentity() {
    var cube = CubeTestData.identity3D(size: 5)
    cube.values[40] += 2e-6
    #expect(!CubeFile(lut3D: cube).analyze().isIdentity)
    cube.values[40] -= 2e-6
    #expect(CubeFile(lut3D: cube).analyze().isIdentity)
  }

  @Test func videoRangeFlagsMustCancelForIdentity() {
    let cube = CubeTestData.identity3D(size: 2)
    #expect(!CubeFile(lut3D: cube, inputVideoRange: true).analyze().isIdentity)
    #expect(
      CubeFile(lut3D: cube, inputVideoRange: true, outputVideoRange: true).analyze().isIdentity)
  }

  @Test func oneDimensionalDirectionsPerChannel() {
    // r rises, g falls, b rises then falls.
    let table = CubeTable1D(size: 3, values: [0, 1, 0, 0.5, 0.5, 1, 1, 0, 0.5])
    let analysis = CubeFile(lut1D: table).analyze()
    #expect(analysis.monotonicity == [.increasing, .decreasing, .nonMonotonic])
    #expect(analysis.outputMin == SIMD3(0, 0, 0))
    #expect(analysis.outputMax == SIMD3(1, 1, 1))
    #expect(!analysis.isIdentity)
  }

  @Test func shaperDirectionComposesWithTheCube() {
    let falling = CubeTable1D(size: 2, values: [1, 1, 1, 0, 0, 0])
    let constantBlue = CubeTable3D(
      size: 2,
      values: CubeTestData.identity3D(size: 2).values.enumerated().map { $0 % 3 == 2 ? 0.5 : $1 })
    let analysis = CubeFile(lut1D: falling, lut3D: constantBlue).analyze()
    #expect(analysis.monotonicity == [.decreasing, .decreasing, .constant])
  }

  /// One unit in the last printed decimal is within the identity tolerance, up to 1e-4.
  @Test func printedPrecisionSetsTheIdentityTolerance() {
    var cube = CubeTestData.identity3D(size: 5)
    cube.values[cube.values.count - 1] = 0.99999
    #expect(!CubeFile(lut3D: cube).analyze().isIdentity)
    #expect(CubeFile(lut3D: cube).analyze(printedDecimals: 5).isIdentity)
    #expect(!CubeFile(lut3D: cube).analyze(printedDecimals: 6).isIdentity)
    cube.values[cube.values.count - 1] = 0.9
    #expect(!CubeFile(lut3D: cube).analyze(printedDecimals: 1).isIdentity)
  }
}
