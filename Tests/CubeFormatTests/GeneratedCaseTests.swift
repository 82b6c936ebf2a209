import CubeFormat
import Foundation
import TestSupport
import Testing

/// The cube-cases too big to ship, built from their recipes (Tests/Fixtures/conformance/README.md §1.3).
/// 129/130 and 256/257 only with `EDRCUBE_HEAVY=1`.
@Suite struct GeneratedCaseTests {
  static let cases: [String] = CaseExpectation.all.compactMap { name, expectation in
    guard let recipe = expectation.generated else { return nil }
    return recipe.size <= 65536 && (recipe.kind == "index-1d" || recipe.size <= 65)
      || CubeTestData.heavy ? name : nil
  }.sorted()

  /// The recipe's bytes: `LUT_nD_SIZE N` then the index rows, LF endings.
  static func recipeBytes(_ recipe: CaseExpectation.Generated) -> [UInt8] {
    let n = recipe.size
    var out = [UInt8]()
    out.reserveCapacity(recipe.bytes)
    func append(_ i: Int) { out.append(contentsOf: String(i).utf8) }
    if recipe.kind == "index-1d" {
      out.append(contentsOf: "LUT_1D_SIZE \(n)\n".utf8)
      for i in 0..<n {
        for c in 0..<3 {
          append(i)
          out.append(c == 2 ? 0x0A : 0x20)
        }
      }
    } else {
      out.append(contentsOf: "LUT_3D_SIZE \(n)\n".utf8)
      for b in 0..<n {
        for g in 0..<n {
          for r in 0..<n {
            append(r)
            out.append(0x20)
            append(g)
            out.append(0x20)
            append(b)
            out.append(0x0A)
          }
        }
      }
    }
    return out
  }

  @Test func sha256MatchesKnownDigests() {
    #expect(
      SHA256.hex(Array("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  @Test func cheapCasesAreSelected() {
    #expect(Self.cases.contains("S4_3d_size_65.cube"))
    #expect(Self.cases.contains("S6d_1d_size_65536.cube"))
  }

  @Test(arguments: cases)
  func generatedCase(_ name: String) throws {
    let expected = try #require(CaseExpectation.all[name])
    let recipe = try #require(expected.generated)
    let bytes = Self.recipeBytes(recipe)
    #expect(bytes.count == recipe.bytes)
    #expect(SHA256.hex(bytes) == recipe.sha256)
    let file = try CubeReader.parse(bytes, file: name)
    #expect(file.lut1D?.size == expected.lut1DSize)
    #expect(file.lut3D?.size == expected.lut3DSize)
    if let warns = expected.warnings { #expect(file.warnings.isEmpty == !warns) }
    let n = recipe.size
    if let table = file.lut3D {
      for (r, g, b) in [(0, 0, 0), (n - 1, 0, 0), (1, 2, 3), (n - 1, n - 1, n - 1), (n / 2, 0, 1)] {
        #expect(table.node(r: r, g: g, b: b) == SIMD3(Float(r), Float(g), Float(b)))
      }
    }
    if let table = file.lut1D {
      for i in [0, 1, n / 2, n - 1] {
        #expect(table.row(i) == SIMD3(repeating: Float(i)))
      }
    }
  }
}
