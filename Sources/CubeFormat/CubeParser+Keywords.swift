/// Keyword lines: `TITLE`, sizes, domains, input ranges and video-range flags.
extension CubeParser {
  /// Reads a line whose first non-blank byte starts neither a row nor a comment.
  mutating func readKeywordLine(_ p: UnsafeBufferPointer<UInt8>, lineStart: Int, first: Int)
    throws(CubeParseError) -> Int
  {
    let end = lineEnd(p, from: first)
    if end - lineStart > lineLimit {
      throw error(.lineTooLong(limit: lineLimit), line: line, column: 1, p, lineStart: lineStart)
    }
    if let nul = UnsafeBufferPointer(rebasing: p[first..<end]).firstIndex(of: 0) {
      throw error(
        .binaryContent, line: line, column: first + nul - lineStart + 1, p, lineStart: lineStart)
    }
    var nameEnd = first
    while nameEnd < end, p[nameEnd] != 0x20, p[nameEnd] != 0x09, p[nameEnd] != 0x23 {
      nameEnd += 1
    }
    let name = UnsafeBufferPointer(rebasing: p[first..<nameEnd])
    let column = first - lineStart + 1
    guard CubeParser.isIdentifier(name) else {
      throw error(
        .unexpectedText(CubeParser.sanitized(name)), line: line, column: column, p,
        lineStart: lineStart)
    }
    let spelled = String(decoding: name, as: UTF8.self)
    if CubeParser.looksLikeNumber(spelled) {
      throw error(
        .invalidNumber(CubeParser.sanitized(name)), line: line, column: column, p,
        lineStart: lineStart)
    }
    if inData {
      throw error(
        .keywordAfterData(spelled), line: line, column: column, p, lineStart: lineStart)
    }
    guard let keyword = CubeKeyword(caseInsensitive: name) else {
      warn(
        CubeWarning(kind: .unknownKeyword(spelled), location: location(line: line, column: column))
      )
      return try finishLine(p, lineStart: lineStart, at: end)
    }
    if keyword == .lut2DSize {
      throw error(
        .unsupportedKeyword(spelled), line: line, column: column, p, lineStart: lineStart)
    }
    if let firstLine = header.firstLine[keyword] {
      throw error(
        .duplicateKeyword(keyword.rawValue, firstLine: firstLine), line: line, column: column, p,
        lineStart: lineStart)
    }
    header.firstLine[keyword] = line
    if spelled != keyword.rawValue {
      warn(
        CubeWarning(kind: .keywordCase(spelled), location: location(line: line, column: column)))
    }
    let arguments = KeywordArguments(
      keyword: keyword, lineStart: lineStart, argumentsStart: nameEnd, lineEnd: end, column: column)
    if keyword == .title {
      try readTitle(p, arguments)
    } else {
      try readArguments(p, arguments)
    }
    return try finishLine(p, lineStart: lineStart, at: end)
  }

  /// Where a keyword line's parts are.
  struct KeywordArguments {
    /// The keyword.
    var keyword: CubeKeyword
    /// The first byte of the line.
    var lineStart: Int
    /// The first byte after the keyword.
    var argumentsStart: Int
    /// The line break (or end of input) ending the line.
    var lineEnd: Int
    /// The keyword's 1-based column.
    var column: Int
  }

  /// Whether `name` is `[A-Za-z_][A-Za-z0-9_]*`.
  static func isIdentifier(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
    for (k, b) in name.enumerated() {
      let letter = (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b == 0x5F
      if !(letter || (k > 0 && b &- 0x30 < 10)) { return false }
    }
    return !name.isEmpty
  }

  /// `TITLE "text"` (the text between the first and the last quote) or, with a warning,
  /// `TITLE text` (the rest of the line, trimmed).
  private mutating func readTitle(_ p: UnsafeBufferPointer<UInt8>, _ a: KeywordArguments)
    throws(CubeParseError)
  {
    var i = a.argumentsStart
    while i < a.lineEnd, p[i] == 0x20 || p[i] == 0x09 { i += 1 }
    guard i < a.lineEnd else {
      throw error(
        .malformedKeyword(a.keyword.rawValue), line: line, column: i - a.lineStart + 1, p,
        lineStart: a.lineStart)
    }
    var titleEnd = a.lineEnd
    while titleEnd > i, p[titleEnd - 1] == 0x20 || p[titleEnd - 1] == 0x09 { titleEnd -= 1 }
    if p[i] != 0x22 {
      warn(
        CubeWarning(
          kind: .unquotedTitle, location: location(line: line, column: i - a.lineStart + 1)))
      header.title = Located(value: text(p, i, titleEnd), line: line, column: a.column)
      return
    }
    guard let close = UnsafeBufferPointer(rebasing: p[(i + 1)..<a.lineEnd]).lastIndex(of: 0x22)
    else {
      throw error(
        .malformedKeyword(a.keyword.rawValue), line: line, column: i - a.lineStart + 1, p,
        lineStart: a.lineStart)
    }
    let closeIndex = i + 1 + close
    header.title = Located(value: text(p, i + 1, closeIndex), line: line, column: a.column)
    let (rest, comment) = tokens(p, from: closeIndex + 1, lineEnd: a.lineEnd)
    if let extra = rest.first {
      throw error(
        .malformedKeyword(a.keyword.rawValue), line: line, column: extra.start - a.lineStart + 1,
        p, lineStart: a.lineStart)
    }
    if let comment { noteTrailingComment(column: comment - a.lineStart + 1) }
  }

  /// The UTF-8 text of `p[start..<end]` (invalid sequences repaired).
  private func text(_ p: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: p[start..<end]), as: UTF8.self)
  }

  /// Whether a word that starts a line is a failed number rather than a keyword: `nan`, `inf`,
  /// `infinity` (any case) or an exponent without a mantissa (`e5`, `E-3`, `e`), which a row
  /// starting with them would be (docs/semantics.md §2: such rows are invalid numbers).
  static func looksLikeNumber(_ word: String) -> Bool {
    let lower = word.lowercased()
    if ["nan", "inf", "infinity"].contains(lower) { return true }
    guard lower.first == "e" else { return false }
    let rest = lower.dropFirst().drop { $0 == "+" || $0 == "-" }
    return rest.allSatisfy(\.isASCII) && rest.allSatisfy(\.isNumber)
  }
}
