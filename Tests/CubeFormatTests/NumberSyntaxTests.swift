import CubeFormat
import TestSupport
import Testing

/// The number grammar `[+-](digits[.digits]|.digits)[(e|E)[+-]digits]`, converted exactly
/// rounded (the same Float as Swift's correctly rounded `Float(String)`).
@Suite struct NumberSyntaxTests {
  static let spellings = [
    "0", "-0", "+0", "1.", ".5", "+.5", "-.125", "1.e20", ".5e20", "+.5E+20", "1e-5", "1E5",
    "0.1", "3.14159265", "16777217", "16777216.5", "1234567890123456789012", "1e-50", "1e-45",
    "-3.4028235e38", "0.000000000000000000000000000000000001", "7e10", "7e11", "123456789e-3",
    "0.30000001192092896", "1.00000000000000000000000000001",
  ]

  @Test(arguments: spellings)
  func parsesLikeSwiftsCorrectlyRoundedConversion(_ text: String) throws {
    let file = try CubeReader.parse(text: "LUT_1D_SIZE 2\n\(text) 0 0\n0 0 0\n")
    let value = try #require(file.lut1D?.values.first)
    let expected = try #require(Float(text))
    #expect(value.bitPattern == expected.bitPattern)
  }

  @Test(arguments: [
    "nan", "inf", "-inf", "1e39", "0x1p-1", ".", "+", "1e", "1e+", "1..2", "--1", "1.5.", "0,5",
    "1e5.5", "١",
  ])
  func rejectsEverythingElse(_ text: String) {
    guard case .failure(let error) = CubeTestData.parse("LUT_1D_SIZE 2\n0 \(text) 0\n0 0 0\n")
    else {
      Issue.record("accepted \(text)")
      return
    }
    #expect(error.location.line == 2)
    #expect(error.location.column == 3)
  }

  @Test func writerOutputIsTheShortestRoundTrip() throws {
    var rng = SeededGenerator(seed: 42)
    let values = (0..<30_000).map { _ in
      Float(bitPattern: UInt32(truncatingIfNeeded: rng.next()) & 0x7F7F_FFFF)
    }
    let table = CubeTable1D(size: 10_000, values: values)
    let bytes = try CubeWriter.write(CubeFile(lut1D: table))
    let back = try CubeReader.parse(bytes)
    #expect(back.lut1D?.values.map(\.bitPattern) == values.map(\.bitPattern))
    let text = String(decoding: bytes, as: UTF8.self)
    let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).dropFirst(2)
    #expect(tokens.allSatisfy { $0.count <= "\(Float(String($0)) ?? 0)".count })
  }
}
