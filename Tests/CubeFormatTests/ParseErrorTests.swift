import CubeFormat
import Testing

/// One inline sample per ``CubeParseError/Kind``: the kind, the line and the column.
@Suite struct ParseErrorTests {
  /// Eight valid rows for a size-2 cube.
  static let rows = String(repeating: "0 0 0\n", count: 8)

  struct Sample: Sendable, CustomTestStringConvertible {
    var text: String
    var kind: CubeParseError.Kind
    var line: Int
    var column: Int
    var testDescription: String { "\(kind)" }
  }

  static let samples: [Sample] = [
    Sample(text: "# only\n0 0 0\n", kind: .missingSize, line: 2, column: 1),
    Sample(text: "", kind: .missingSize, line: 1, column: 1),
    Sample(
      text: "LUT_3D_SIZE  1025\n", kind: .sizeOutOfRange(keyword: "LUT_3D_SIZE", text: "1025"),
      line: 1, column: 14),
    Sample(
      text: "LUT_1D_SIZE 2.5\n", kind: .sizeOutOfRange(keyword: "LUT_1D_SIZE", text: "2.5"),
      line: 1, column: 13),
    Sample(
      text: "LUT_3D_SIZE 2\n" + String(repeating: "0 0 0\n", count: 7) + "# end\n",
      kind: .tooFewRows(expected: 8, found: 7), line: 8, column: 1),
    Sample(
      text: "LUT_1D_SIZE 3\nLUT_3D_SIZE 2\n0 0 0\n1 1 1\n",
      kind: .tooFewRows(expected: 3, found: 2), line: 4, column: 1),
    Sample(
      text: "LUT_3D_SIZE 2\n" + rows + "  1 1 1\n", kind: .tooManyRows(expected: 8), line: 10,
      column: 3),
    Sample(
      text: "LUT_3D_SIZE 2\n0 0 0\n0 0\n", kind: .wrongValueCount(found: 2), line: 3, column: 4),
    Sample(
      text: "LUT_3D_SIZE 2\n0 0 0 0\n", kind: .wrongValueCount(found: 4), line: 2, column: 7),
    Sample(
      text: "LUT_3D_SIZE 2\n0 nan 0\n", kind: .invalidNumber("nan"), line: 2, column: 3),
    Sample(
      text: "LUT_3D_SIZE 2\n0 0 1e39\n", kind: .invalidNumber("1e39"), line: 2, column: 5),
    Sample(
      text: "LUT_3D_SIZE 2\n0 0x1p-1 0\n", kind: .invalidNumber("0x1p-1"), line: 2, column: 3),
    Sample(
      text: "LUT_3D_SIZE 2\n0 0 0.5\u{FF}\n", kind: .invalidNumber("0.5\\xC3\\xBF"), line: 2,
      column: 5),
    Sample(text: "LUT_3D_SIZE 2\n0,0,0\n", kind: .commaSeparated, line: 2, column: 1),
    Sample(text: "LUT_3D_SIZE 2 2\n", kind: .malformedKeyword("LUT_3D_SIZE"), line: 1, column: 15),
    Sample(text: "DOMAIN_MIN 0 0\n", kind: .malformedKeyword("DOMAIN_MIN"), line: 1, column: 15),
    Sample(text: "TITLE \"open\n", kind: .malformedKeyword("TITLE"), line: 1, column: 7),
    Sample(
      text: "TITLE \"a\"\nLUT_3D_SIZE 2\ntitle \"b\"\n",
      kind: .duplicateKeyword("TITLE", firstLine: 1), line: 3, column: 1),
    Sample(
      text: "DOMAIN_MAX 1 1 1\nDOMAIN_MIN 0 1 0\n",
      kind: .invalidRange("DOMAIN_MIN/DOMAIN_MAX"), line: 2, column: 1),
    Sample(
      text: "DOMAIN_MIN 2 2 2\nLUT_3D_SIZE 2\n" + rows,
      kind: .invalidRange("DOMAIN_MIN/DOMAIN_MAX"), line: 1, column: 1),
    Sample(
      text: "LUT_3D_INPUT_RANGE 1 1\n", kind: .invalidRange("LUT_3D_INPUT_RANGE"), line: 1,
      column: 1),
    Sample(
      text: "LUT_3D_SIZE 2\nDOMAIN_MAX 2 2 2\nLUT_3D_INPUT_RANGE 0 1\n" + rows,
      kind: .conflictingRanges, line: 3, column: 1),
    Sample(
      text: "LUT_1D_SIZE 2\nLUT_3D_SIZE 2\nDOMAIN_MAX 2 2 2\n" + rows,
      kind: .domainInShaperFile, line: 3, column: 1),
    Sample(
      text: "LUT_3D_SIZE 2\n0 0 0\n  DOMAIN_MIN 0 0 0\n", kind: .keywordAfterData("DOMAIN_MIN"),
      line: 3, column: 3),
    Sample(text: "LUT_3D_SIZE 2\n0 0\u{0} 0\n", kind: .binaryContent, line: 2, column: 3),
    Sample(text: "# a\u{0}\n", kind: .binaryContent, line: 1, column: 4),
    Sample(
      text: "LUT_2D_SIZE 2\n", kind: .unsupportedKeyword("LUT_2D_SIZE"), line: 1, column: 1),
    Sample(
      text: "LUT_3D_SIZE 2\n0 0 " + String(repeating: "1", count: 1025) + "\n",
      kind: .tokenTooLong(limit: 1024), line: 2, column: 5),
    Sample(
      text: "LUT_3D_SIZE 2\n\u{E9}t\u{E9}\n", kind: .unexpectedText("\\xC3\\xA9t\\xC3\\xA9"),
      line: 2, column: 1),
  ]

  @Test(arguments: samples)
  func errorKindLineAndColumn(_ sample: Sample) {
    guard case .failure(let error) = CubeTestData.parse(sample.text) else {
      Issue.record("accepted")
      return
    }
    #expect(error.kind == sample.kind)
    #expect(error.location.line == sample.line)
    #expect(error.location.column == sample.column)
  }

  @Test func utf16ByteOrderMarkIsBinaryContent() {
    let bytes: [UInt8] = [0xFF, 0xFE, 0x4C, 0x00, 0x55, 0x00]
    #expect(
      throws: CubeParseError(
        kind: .binaryContent, location: .init(file: "u.cube", line: 1, column: 1),
        lineText: "\\xFF\\xFEL\\x00U\\x00")
    ) {
      try CubeReader.parse(bytes, file: "u.cube")
    }
  }

  @Test func lineBreakKindsAllCountAsOneLine() {
    let text = "LUT_3D_SIZE 2\r\n0 0 0\r0 0 0\n0 0 0\r\n\r\n0 0\n"
    guard case .failure(let error) = CubeTestData.parse(text) else {
      Issue.record("accepted")
      return
    }
    #expect(error.location.line == 6)
  }

  @Test func descriptionIsCompilerStyleAndEchoIsSanitised() {
    guard case .failure(let error) = CubeTestData.parse("LUT_3D_SIZE 2\n0 0\t\u{1}x\n") else {
      Issue.record("accepted")
      return
    }
    #expect(error.description == "<input>:2:5: error: invalid number '\\x01x'")
    #expect(error.lineText == "0 0\\t\\x01x")
  }

  @Test func ioErrorForAMissingFile() {
    do {
      _ = try CubeReader.read(contentsOf: "/nonexistent/x.cube")
      Issue.record("read a missing file")
    } catch {
      guard case .io = error.kind else {
        Issue.record("expected .io, got \(error.kind)")
        return
      }
      #expect(error.location.file == "/nonexistent/x.cube")
    }
  }
}
