import CubeFormat
import Foundation
import LUTEngine
import TestSupport
import Testing

/// `vectors/interp_*.json` (Tests/Fixtures/conformance/README.md §2.3) through the reference and the fast path.
@Suite struct ConformanceVectorTests {
  static let files = ["interp_random_3.json", "interp_random_25.json", "interp_domain_6.json"]
  static let keys: [(String, Interpolation, Extrapolation)] = [
    ("trilinear_clamp", .trilinear, .clamp), ("trilinear_linear", .trilinear, .linear),
    ("tetrahedral_clamp", .tetrahedral, .clamp), ("tetrahedral_linear", .tetrahedral, .linear),
  ]

  @Test(arguments: files)
  func vectorsMatchThroughReferenceAndFastPath(_ file: String) throws {
    let json = try #require(
      try Fixtures.json(Fixtures.vectors.appendingPathComponent(file)) as? [String: Any])
    let cubeName = try #require(json["cube_file"] as? String)
    let lut = CubeLUT(
      try CubeReader.read(contentsOf: Fixtures.vectors.appendingPathComponent(cubeName).path))
    let inputs = try #require(json["input"] as? [[Double]]).map {
      SIMD3<Float>(Float($0[0]), Float($0[1]), Float($0[2]))
    }
    let expected = try #require(json["expected"] as? [String: [[Double]]])
    #expect(expected.count == 4)
    for (key, interpolation, extrapolation) in Self.keys {
      let want = try #require(expected[key])
      #expect(want.count == inputs.count)
      let processor = LUTProcessor(
        lut: lut, interpolation: interpolation, extrapolation: extrapolation)
      let fast = applyBatch(processor, to: inputs, threads: 2).rgb
      for (i, x) in inputs.enumerated() {
        let reference = ReferenceKernel.evaluate(
          lut, at: x, interpolation: interpolation, extrapolation: extrapolation)
        for k in 0..<3 {
          expectClose(Double(reference[k]), want[i][k], abs: 1e-5, "\(file) \(key) #\(i) ref")
          expectClose(Double(fast[i][k]), want[i][k], abs: 1e-5, "\(file) \(key) #\(i) fast")
        }
      }
    }
  }
}
