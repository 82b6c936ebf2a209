import CubeFormat
import Testing

/// Systematic mutations of one valid file (docs/reliability.md §2, §3.1), each with the outcome
/// docs/semantics.md §2 prescribes: every truncation, every line deleted or repeated, every value
/// replaced by a hostile token, a NUL at every offset, and other line endings. A rejection
/// must name a line of the mutated file (1 past the last at most) and a column ≥ 1; an
/// acceptance must give exactly the expected table.
@Suite struct CubeMutationTests {
  static let lines = [
    "TITLE \"mutations\"", "LUT_3D_SIZE 2", "0 0 0", "1 0 0", "0 1 0", "1 1 0", "0 0 1",
    "1 0 1", "0 1 1", "1 1 1",
  ]
  static let text = lines.joined(separator: "\n") + "\n"
  static let bytes = Array(text.utf8)
  static let values: [Float] = [
    0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1,
  ]

  /// The outcome of parsing `bytes`: the table's values, or the error (checked for a
  /// sensible location).
  static func outcome(_ bytes: [UInt8]) -> Result<[Float], CubeParseError> {
    do {
      let file = try CubeReader.parse(bytes)
      return .success(file.lut3D?.values ?? [])
    } catch {
      return .failure(error)
    }
  }

  /// Expects `bytes` to be rejected at a line that exists (or the one after the last).
  static func expectRejected(_ bytes: [UInt8], _ what: String) {
    guard case .failure(let error) = outcome(bytes) else {
      Issue.record("\(what): accepted")
      return
    }
    let lineCount = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
    #expect(
      (1...max(1, lineCount + 1)).contains(error.location.line) && error.location.column >= 1,
      "\(what): \(error)")
    #expect(error.description.utf8.count < 400, "\(what): \(error.description.utf8.count) bytes")
  }

  @Test func everyTruncationIsRejectedExceptDroppingTheFinalNewline() throws {
    for cut in 0..<Self.bytes.count {
      let prefix = Array(Self.bytes[..<cut])
      if cut == Self.bytes.count - 1 {
        #expect(try Self.outcome(prefix).get() == Self.values)
      } else {
        Self.expectRejected(prefix, "cut at \(cut)")
      }
    }
  }

  @Test func everyDeletedLineIsRejectedExceptTheTitle() throws {
    for index in Self.lines.indices {
      var lines = Self.lines
      lines.remove(at: index)
      let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
      if index == 0 {
        #expect(try Self.outcome(bytes).get() == Self.values)
      } else {
        Self.expectRejected(bytes, "line \(index + 1) deleted")
      }
    }
  }

  @Test func everyRepeatedLineIsRejected() {
    for index in Self.lines.indices {
      var lines = Self.lines
      lines.insert(lines[index], at: index)
      Self.expectRejected(
        Array((lines.joined(separator: "\n") + "\n").utf8), "line \(index + 1) repeated")
    }
  }

  /// Replacement tokens: the rejected ones (docs/semantics.md §2: no nan, inf, hex floats, Float
  /// overflow, commas, words, missing values) and accepted spellings of the same number.
  static let hostile = [
    "nan", "inf", "-inf", "1e39", "0x1p-1", "1,0", "abc", "", "1e", "--1", "1..0",
  ]
  static let spellings: [(String, Float)] = [
    ("+.5", 0.5), ("5e-1", 0.5), ("0.50", 0.5), ("-0", -0.0),
  ]

  @Test func everyValueReplacedByAHostileTokenIsRejected() {
    for position in 0..<24 {
      for token in Self.hostile {
        Self.expectRejected(Self.replacing(position, with: token), "value \(position) → '\(token)'")
      }
    }
  }

  @Test func everyValueReplacedByAnotherSpellingReadsBackExactly() throws {
    for position in 0..<24 {
      for (token, value) in Self.spellings {
        var expected = Self.values
        expected[position] = value
        let got = try Self.outcome(Self.replacing(position, with: token)).get()
        #expect(got.map(\.bitPattern) == expected.map(\.bitPattern), "value \(position) → \(token)")
      }
    }
  }

  /// The file with value `position` (0…23, row-major) replaced by `token`.
  static func replacing(_ position: Int, with token: String) -> [UInt8] {
    var lines = Self.lines
    let row = 2 + position / 3
    var tokens = lines[row].split(separator: " ").map(String.init)
    tokens[position % 3] = token
    lines[row] = tokens.joined(separator: " ")
    return Array((lines.joined(separator: "\n") + "\n").utf8)
  }

  @Test func aNulByteAnywhereIsRejected() {
    for offset in 0...Self.bytes.count {
      var bytes = Self.bytes
      bytes.insert(0, at: offset)
      Self.expectRejected(bytes, "NUL at \(offset)")
    }
  }

  @Test(arguments: ["\r\n", "\r", "\n\n", "\n  \t", "\n# note\n"])
  func otherLineBreaksAndBlankOrCommentLinesAreAccepted(_ newline: String) throws {
    let text = Self.lines.joined(separator: newline) + newline
    #expect(try Self.outcome(Array(text.utf8)).get() == Self.values)
  }
}
