import ColorMath
import CubeFormat
import CubeTestSupport
import EDRPipeline
import LUTEngine
import TestSupport
import Testing

/// The per-node chain of `pq_conversion.json` (Tests/Fixtures/conformance/README.md §2.4, docs/semantics.md §6) built
/// from this module's pieces: the SDR cube on EDR under tone-scaled-maxrgb, in a Rec.2020
/// working space, between PQ decode and encode. Pins the stages the converter will use.
@Suite struct PQConversionChainTests {
  @Test func nodesMatchStageByStage() throws {
    let file = try VectorFile("pq_conversion.json")
    let nodes = try #require(
      file.value(["variants", "pq6_tone_scaled_maxrgb", "nodes"]) as? [[String: Any]])
    try #require(nodes.count == 216)
    let lut = CubeLUT(try TestCubes.vector("sdr_look_11.cube"))
    let sdr = CubeSpace(.srgb, primaries: .rec709)
    let onRec709 = CubeApplication(lut: lut, space: sdr, policy: .toneScaledMaxRGB)
    let onRec2020 = CubeApplication(
      lut: lut, space: sdr, working: WorkingSpace(named: .rec2020), policy: .toneScaledMaxRGB)
    let toRec709 = Matrix3x3.rgbToRGB(from: .rec2020, to: .rec709)
    var batch: [Float] = []
    var expectedOut: [SIMD3<Double>] = []
    for node in nodes {
      let n = VectorFile(root: node)
      let pqIn = n.triple("pq_in")
      let nits = SIMD3(PQ.eotf(pqIn.x), PQ.eotf(pqIn.y), PQ.eotf(pqIn.z))
      let edr = nits / 203
      let linear709 = toRec709 * edr
      for k in 0..<3 {
        expectClose(nits[k], n.triple("nits_in_2020")[k], rel: 1e-9, abs: 1e-12)
        expectClose(linear709[k], n.triple("sdr_linear_in")[k], rel: 1e-6, abs: 1e-7)
      }
      // The SDR cube on EDR (Rec.709 working), then the whole chain in Rec.2020 working.
      let out709 = SIMD3<Double>(onRec709.apply(SIMD3<Float>(linear709)))
      let out2020 = onRec2020.apply(SIMD3<Float>(edr))
      let clamped = (SIMD3<Double>(out2020) * 203).clamped(
        lowerBound: .zero, upperBound: SIMD3(repeating: 10000))
      let pqOut = SIMD3(
        PQ.inverseEOTF(clamped.x), PQ.inverseEOTF(clamped.y), PQ.inverseEOTF(clamped.z))
      for k in 0..<3 {
        expectClose(out709[k], n.triple("sdr_linear_out")[k], rel: 1e-3, abs: 1e-4)
        expectClose(Double(out2020[k]), n.triple("edr_out_2020")[k], rel: 1e-3, abs: 1e-4)
        expectClose(pqOut[k], n.triple("pq_out")[k], abs: 1e-4)
      }
      batch += [Float(edr.x), Float(edr.y), Float(edr.z)]
      expectedOut.append(n.triple("edr_out_2020"))
    }
    batch.withUnsafeMutableBufferPointer { onRec2020.apply(inPlace: $0, channels: 3) }
    for (i, e) in expectedOut.enumerated() {
      for k in 0..<3 { expectClose(Double(batch[3 * i + k]), e[k], rel: 1e-3, abs: 1e-4) }
    }
  }
}
