import CubeFormat
import Foundation
import TestSupport
import Testing

/// Hostile inputs are rejected early, with bounded memory and a printable, short echo
/// (docs/reliability.md §3.1).
@Suite struct HostileInputTests {
  static func failure(_ bytes: [UInt8]) -> CubeParseError? {
    do {
      _ = try CubeReader.parse(bytes)
      return nil
    } catch {
      return error
    }
  }

  @Test func hugeAndOverflowingSizesAreRejectedOnTheirLine() {
    for size in ["100000", "99999999999999999999", "-1", "0x2", "4000000000"] {
      let error = Self.failure(Array("LUT_3D_SIZE \(size)\n0 0 0\n".utf8))
      #expect(error?.kind == .sizeOutOfRange(keyword: "LUT_3D_SIZE", text: size))
      #expect(error?.location.line == 1)
    }
  }

  @Test func declaredHugeTableWithFewRowsFailsWithoutAllocatingIt() {
    let error = Self.failure(Array("LUT_3D_SIZE 1024\n0 0 0\n".utf8))
    #expect(error?.kind == .tooFewRows(expected: 1024 * 1024 * 1024, found: 1))
  }

  /// A 20 MB line of each kind. The test builds its text: as an argument the text itself
  /// would be written into the test log, 20 MB a case.
  enum LongLine: String, CaseIterable, Sendable {
    case comment, tableRow, title

    var text: String {
      switch self {
      case .comment: "# " + String(repeating: "x", count: 20 << 20)
      case .tableRow: "LUT_3D_SIZE 2\n" + String(repeating: "0 ", count: 10 << 20)
      case .title: "TITLE " + String(repeating: "t", count: 20 << 20)
      }
    }
  }

  @Test(arguments: LongLine.allCases)
  func twentyMegabyteLineIsRejected(_ line: LongLine) {
    let error = Self.failure(Array(line.text.utf8))
    #expect(error?.kind == .lineTooLong(limit: CubeReader.lineLengthLimit))
    #expect((error?.lineText?.count ?? .max) <= 121)
  }

  @Test func twentyMegabyteLineIsRejectedWhileStreamingAFile() throws {
    try withTemporaryDirectory { folder in
      let url = folder.appendingPathComponent("long.cube")
      let text = "LUT_3D_SIZE 2\n" + String(repeating: "0.5 ", count: 5 << 20)
      try Data(text.utf8).write(to: url)
      do throws(CubeParseError) {
        _ = try CubeReader.read(contentsOf: url.path)
        Issue.record("accepted")
      } catch {
        #expect(error.kind == .lineTooLong(limit: CubeReader.lineLengthLimit))
        #expect(error.location.line == 2)
      }
    }
  }

  @Test func fourThousandCharacterTokensAreRejected() {
    let long = "0." + String(repeating: "1", count: 4000)
    let data = Self.failure(Array("LUT_3D_SIZE 2\n0 \(long) 0\n".utf8))
    #expect(data?.kind == .tokenTooLong(limit: 1024))
    #expect(data?.location.column == 3)
    let domain = Self.failure(Array("DOMAIN_MIN 0 \(long) 0\n".utf8))
    #expect(domain?.kind == .tokenTooLong(limit: 1024))
  }

  @Test(arguments: 1...8)
  func binaryGarbageIsRejectedWithAPrintableEcho(seed: Int) {
    var rng = SeededGenerator(seed: UInt64(seed))
    let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &rng) }
    let error = Self.failure(bytes)
    #expect(error != nil)
    let echo = error?.lineText ?? ""
    #expect(echo.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 || $0 == "…" })
    #expect(echo.count <= 121)
  }
}
