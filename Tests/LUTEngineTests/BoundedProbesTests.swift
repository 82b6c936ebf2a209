import CLUTKernels
import Testing

@testable import LUTEngine

/// CLUTKernels' probes of the listed pixels (`edr_bounded_probes`) are
/// `BoundedExtension.forEachProbe`'s, in its order and pixel after pixel, less the step's end
/// of a pixel with one channel below (that probe is the input itself, looked up already).
@Suite struct BoundedProbesTests {
  @Test func probesFollowTheDefinitionLessTheInputItself() throws {
    var lut = CubeLUT(lut3D: TestCubes.table3D(size: 3) { $0 })
    lut.lut3D?.domainMin = SIMD3(0.1, -0.2, 0.05)
    lut.lut3D?.domainMax = SIMD3(1.1, 0.9, 2)
    let bound = try #require(BoundedExtension(lut))
    // Every set of channels below, with NaN and +∞ in the channels that are not.
    let inputs: [SIMD3<Float>] = (1...7).flatMap { below -> [SIMD3<Float>] in
      [0.5, .nan, .infinity].map { other in
        SIMD3((0..<3).map { k in below & (1 << k) != 0 ? -0.75 - Float(k) : other })
      }
    }
    let channels = inputs.map { UInt8(bound.belowChannels($0)) }
    let flat: [Float] = inputs.flatMap { [$0.x, $0.y, $0.z, 0] }
    var want: [Float] = []
    for (x, below) in zip(inputs, channels) {
      var index = 0
      bound.forEachProbe(x, below: Int(below)) { probe in
        if !(index == 1 && below.nonzeroBitCount == 1) { want += [probe.x, probe.y, probe.z, 0] }
        index += 1
      }
    }
    var domain = EDRBoundedDomain(
      low: (bound.low.x, bound.low.y, bound.low.z),
      high: (bound.high.x, bound.high.y, bound.high.z))
    var probes = [Float](repeating: 9, count: 4 * 7 * inputs.count)
    let n = edr_bounded_probes(&domain, Int64(inputs.count), channels, flat, &probes)
    #expect(Int(n) * 4 == want.count)
    #expect(probes.prefix(want.count).map(\.bitPattern) == want.map(\.bitPattern))
  }
}
