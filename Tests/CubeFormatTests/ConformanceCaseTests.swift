import CubeFormat
import Foundation
import TestSupport
import Testing

/// Every shipped file of `conformance/cube-cases`, checked against its `expected.json` entry
/// (Tests/Fixtures/conformance/README.md §1.1). Probes are for the engine and are not read here.
@Suite struct ConformanceCaseTests {
  /// The shipped cases (the generated ones have their own tests).
  static let shippedCases: [String] = CaseExpectation.all.filter { $0.value.generated == nil }
    .keys.sorted()

  /// Cases whose decimal text is not a binary fraction: compared within Float rounding.
  static let inexactCases: Set<String> = [
    "N1_scientific_notation.cube", "A9b_identity_size_11.cube", "A10_round_trip_decimals.cube",
  ]

  @Test func corpusIsPresent() {
    #expect(Self.shippedCases.count == 77)
  }

  @Test(arguments: shippedCases)
  func conformanceCase(_ name: String) throws {
    let expected = try #require(CaseExpectation.all[name])
    let bytes = try Fixtures.bytes(Fixtures.cubeCases.appendingPathComponent(name))
    let result = Result { () throws(CubeParseError) in try CubeReader.parse(bytes, file: name) }
    if expected.accept {
      let file = try result.get()
      try checkAccepted(file, expected, name: name)
    } else {
      guard case .failure(let error) = result else {
        Issue.record("\(name) was accepted but must be rejected")
        return
      }
      if let line = expected.errorLine {
        #expect(error.location.line == line, "\(error)")
      }
      #expect(error.location.file == name)
      #expect(error.location.line >= 1 && error.location.column >= 1, "\(error)")
    }
  }

  private func checkAccepted(_ file: CubeFile, _ expected: CaseExpectation, name: String) throws {
    if let warns = expected.warnings {
      #expect(file.warnings.isEmpty == !warns, "\(file.warnings)")
    }
    #expect(file.lut1D?.size == expected.lut1DSize)
    #expect(file.lut3D?.size == expected.lut3DSize)
    if let title = expected.title {
      #expect(file.title == title)
    }
    checkDomain(file.lut1D.map { ($0.domainMin, $0.domainMax) }, expected.domain1D)
    checkDomain(file.lut3D.map { ($0.domainMin, $0.domainMax) }, expected.domain3D)
    let exact = !Self.inexactCases.contains(name)
    if let rows = expected.table1D {
      checkValues(try #require(file.lut1D).values, rows, exact: exact)
    }
    if let rows = expected.table3D {
      checkValues(try #require(file.lut3D).values, rows, exact: exact)
    }
  }

  private func checkDomain(
    _ got: (SIMD3<Float>, SIMD3<Float>)?, _ expected: CaseExpectation.Domain?
  ) {
    guard let expected else {
      #expect(got == nil, "a stage is present that should not be")
      return
    }
    guard let got else {
      Issue.record("missing stage")
      return
    }
    #expect([Double(got.0.x), Double(got.0.y), Double(got.0.z)] == expected.min)
    #expect([Double(got.1.x), Double(got.1.y), Double(got.1.z)] == expected.max)
  }

  private func checkValues(_ values: [Float], _ rows: [[Double]], exact: Bool) {
    let flat = rows.flatMap { $0 }
    #expect(values.count == flat.count)
    for (got, want) in zip(values, flat) {
      if exact {
        #expect(Double(got) == want)
      } else {
        let rounded = Float(want)
        #expect(abs(got - rounded) <= rounded.ulp, "got \(got), expected \(want)")
      }
    }
  }
}
