import Foundation

/// How a `.cube` file is spelled, beyond what ``CubeFile`` models: which keywords appear, in
/// which letter case and order, where comments sit, whether a byte-order mark leads, and how
/// many decimals the table prints. Other readers are stricter than EDRCube's about exactly
/// these things (``CubeFile/readerVerdicts(survey:)``).
public struct CubeSyntaxSurvey: Sendable, Hashable {
  /// One keyword line.
  public struct KeywordLine: Sendable, Hashable {
    /// The keyword.
    public var keyword: CubeKeyword
    /// Whether it is spelled in upper case.
    public var isUpperCase: Bool
    /// Whether blanks precede it on its line.
    public var isIndented: Bool
  }

  /// A line that starts with a word that is neither a keyword nor a number.
  public struct UnknownLine: Sendable, Hashable {
    /// The word (its first 32 bytes), as UTF-8.
    public var word: String
    /// How many keyword lines precede it (its place among ``CubeSyntaxSurvey/keywords``).
    public var keywordsBefore: Int
  }

  /// The keyword lines, in file order (a keyword right after a byte-order mark is not one:
  /// other readers see the mark as part of the word; see ``keywordAfterByteOrderMark``).
  public var keywords: [KeywordLine] = []
  /// Lines starting with an unknown word, in file order (at most ``unknownLineLimit`` kept).
  public var unknownLines: [UnknownLine] = []
  /// The keyword the first line spells right after the file's byte-order mark, if any.
  public var keywordAfterByteOrderMark: CubeKeyword?
  /// Whether a line ends in a bare CR (not followed by LF): readers that split lines at LF
  /// only read two lines as one.
  public var hasBareCarriageReturn = false
  /// Whether a `#` comment line follows the first table row.
  public var hasCommentAfterData = false
  /// Whether a row or keyword line ends in a `# …` comment.
  public var hasTrailingComment = false
  /// Whether the file starts with a UTF-8 byte-order mark (EF BB BF).
  public var hasByteOrderMark = false
  /// The most digits after a decimal point in any number of the table rows (0 when none has
  /// one): the precision the file's writer printed to.
  public var fractionDigits = 0

  /// The most unknown lines kept (a hostile file may have millions).
  public static let unknownLineLimit = 16

  /// Surveys `text`, the file's contents (lines end in LF, CR or CRLF).
  public init(text: some StringProtocol) {
    var copy = String(text)
    self = copy.withUTF8 { Self(bytes: $0) }
  }

  /// Surveys `data`, the file's bytes.
  public init(data: Data) {
    self = data.withUnsafeBytes { Self(bytes: $0.bindMemory(to: UInt8.self)) }
  }

  /// Surveys the file's bytes, one line at a time, in one pass.
  /// - Complexity: O(n) in the number of bytes.
  public init(bytes: UnsafeBufferPointer<UInt8>) {
    let n = bytes.count
    hasByteOrderMark = n >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    var dataStarted = false
    var start = hasByteOrderMark ? 3 : 0
    while start < n {
      var end = start
      while end < n, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
      survey(bytes, start..<end, afterByteOrderMark: start == 3 && hasByteOrderMark, &dataStarted)
      if end < n, bytes[end] == 0x0D {
        if end + 1 < n, bytes[end + 1] == 0x0A { end += 1 } else { hasBareCarriageReturn = true }
      }
      start = end + 1
    }
  }

  private static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

  /// Records one line (`line` excludes its line break).
  private mutating func survey(
    _ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, afterByteOrderMark: Bool,
    _ dataStarted: inout Bool
  ) {
    var i = line.lowerBound
    while i < line.upperBound, Self.isBlank(bytes[i]) { i += 1 }
    guard i < line.upperBound else { return }
    let first = bytes[i]
    if first == UInt8(ascii: "#") {
      if dataStarted { hasCommentAfterData = true }
      return
    }
    var wordEnd = i
    while wordEnd < line.upperBound, !Self.isBlank(bytes[wordEnd]),
      bytes[wordEnd] != UInt8(ascii: "#")
    {
      wordEnd += 1
    }
    if Self.hasComment(bytes, wordEnd..<line.upperBound) { hasTrailingComment = true }
    let isNumber =
      (first >= 0x30 && first <= 0x39) || first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
      || first == UInt8(ascii: ".")
    if isNumber {
      dataStarted = true
      countFractionDigits(bytes, i..<line.upperBound)
    } else if wordEnd - i <= 32,
      let keyword = CubeKeyword(caseInsensitive: UnsafeBufferPointer(rebasing: bytes[i..<wordEnd]))
    {
      if afterByteOrderMark {
        keywordAfterByteOrderMark = keyword
        return
      }
      let upper = bytes[i..<wordEnd].allSatisfy { !($0 >= 0x61 && $0 <= 0x7A) }
      keywords.append(
        KeywordLine(keyword: keyword, isUpperCase: upper, isIndented: i != line.lowerBound))
    } else if unknownLines.count < Self.unknownLineLimit {
      let word = String(decoding: bytes[i..<min(wordEnd, i + 32)], as: UTF8.self)
      unknownLines.append(UnknownLine(word: word, keywordsBefore: keywords.count))
    }
  }

  /// Whether a `#` outside double quotes (a quoted TITLE may hold one) appears in `range`.
  private static func hasComment(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
    var quoted = false
    for i in range {
      if bytes[i] == UInt8(ascii: "\"") { quoted.toggle() }
      if bytes[i] == UInt8(ascii: "#"), !quoted { return true }
    }
    return false
  }

  /// Raises ``fractionDigits`` to the longest run of digits after a `.` in `row`.
  private mutating func countFractionDigits(_ bytes: UnsafeBufferPointer<UInt8>, _ row: Range<Int>)
  {
    var i = row.lowerBound
    while i < row.upperBound {
      if bytes[i] == UInt8(ascii: ".") {
        var j = i + 1
        while j < row.upperBound, bytes[j] >= 0x30, bytes[j] <= 0x39 { j += 1 }
        fractionDigits = max(fractionDigits, j - i - 1)
        i = j
      } else {
        i += 1
      }
    }
  }

  /// Whether `keyword` appears.
  public func has(_ keyword: CubeKeyword) -> Bool { keywords.contains { $0.keyword == keyword } }

  /// The position of `keyword`'s first line among the keyword lines, or nil.
  func position(of keyword: CubeKeyword) -> Int? {
    keywords.firstIndex { $0.keyword == keyword }
  }
}
