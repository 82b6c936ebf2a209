import CubeFormat
import Foundation
import LUTEngine
import TestSupport
import Testing

/// Every `probes` / `nonFiniteProbes` entry of `cube-cases/expected.json` (Tests/Fixtures/conformance/README.md
/// §1.1) through the engine, single colour and batch.
@Suite struct CubeCaseProbeTests {
  static func expectations() -> [String: [String: Any]] {
    let url = Fixtures.cubeCases.appendingPathComponent("expected.json")
    guard let cases = try? Fixtures.json(url) as? [String: [String: Any]], !cases.isEmpty else {
      fatalError("\(url.path) is missing or not the cube-case corpus")
    }
    return cases
  }

  static let probedCases: [String] = expectations().filter { _, value in
    (value["probes"] as? [Any] ?? []).count + (value["nonFiniteProbes"] as? [Any] ?? []).count > 0
  }.keys.sorted()

  @Test func corpusIsPresent() {
    #expect(Self.probedCases.count == 51)
  }

  @Test(arguments: probedCases)
  func probesMatch(_ name: String) throws {
    let entry = try #require(Self.expectations()[name])
    let lut = try Self.load(name, entry: entry)
    let probes =
      (entry["probes"] as? [[String: Any]] ?? [])
      + (entry["nonFiniteProbes"] as? [[String: Any]] ?? [])
    #expect(!probes.isEmpty)
    for probe in probes {
      let input = try Self.triple(try #require(probe["input"] as? [Any]))
      let want = try #require(probe["expected"] as? [Double])
      let interpolation = try #require(
        (probe["interp"] as? String).flatMap(Interpolation.init(rawValue:)))
      let extrapolation = try #require(
        (probe["extrapolation"] as? String).flatMap(Extrapolation.init(rawValue:)))
      let processor = LUTProcessor(
        lut: lut, interpolation: interpolation, extrapolation: extrapolation)
      let single = processor.apply(input)
      let batch = applyBatch(processor, to: [input])
      #expect(batch.stats.nonFinitePixelCount == (input.hasNonFinite ? 1 : 0))
      for k in 0..<3 {
        let label = "\(name) \(input) \(interpolation) \(extrapolation)"
        expectClose(Double(single[k]), want[k], abs: 1e-5, label)
        expectClose(Double(batch.rgb[0][k]), want[k], abs: 1e-5, label)
      }
    }
  }

  /// A shipped file, or the `index-3d` / `index-1d` recipe of a generated case (README §1.3),
  /// built straight into a table: the bytes themselves are CubeFormat's business.
  static func load(_ name: String, entry: [String: Any]) throws -> CubeLUT {
    guard let generated = entry["generated"] as? [String: Any] else {
      return CubeLUT(
        try CubeReader.read(contentsOf: Fixtures.cubeCases.appendingPathComponent(name).path))
    }
    let size = try #require(generated["size"] as? Int)
    if try #require(generated["kind"] as? String) == "index-1d" {
      let values = (0..<size).flatMap { i in [Float](repeating: Float(i), count: 3) }
      return CubeLUT(lut1D: CubeTable1D(size: size, values: values))
    }
    var values = [Float](repeating: 0, count: size * size * size * 3)
    var i = 0
    for b in 0..<size {
      for g in 0..<size {
        for r in 0..<size {
          (values[i], values[i + 1], values[i + 2]) = (Float(r), Float(g), Float(b))
          i += 3
        }
      }
    }
    return CubeLUT(lut3D: CubeTable3D(size: size, values: values))
  }

  static func triple(_ values: [Any]) throws -> SIMD3<Float> {
    let floats = try values.map { value -> Float in
      if let number = value as? Double { return Float(number) }
      return try #require((value as? String).flatMap { Float($0) })
    }
    return SIMD3(floats[0], floats[1], floats[2])
  }
}

extension SIMD3<Float> {
  var hasNonFinite: Bool { !(x.isFinite && y.isFinite && z.isFinite) }
}
