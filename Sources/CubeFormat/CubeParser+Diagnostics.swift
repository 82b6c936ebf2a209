/// Error construction and the slow path that explains why a row was rejected.
extension CubeParser {
  /// The most characters of a line or token echoed in an error message.
  static let echoLimit = 120

  /// One blank-separated token of a line: its byte range.
  struct Token {
    /// The first byte.
    var start: Int
    /// One past the last byte.
    var end: Int
  }

  /// An error at `line`/`column`, echoing the line that starts at `lineStart` in `p`.
  func error(
    _ kind: CubeParseError.Kind, line: Int, column: Int, _ p: UnsafeBufferPointer<UInt8>,
    lineStart: Int
  ) -> CubeParseError {
    let end = min(lineEnd(p, from: lineStart), lineStart + CubeParser.echoLimit * 4)
    return CubeParseError(
      kind: kind, location: location(line: line, column: column),
      lineText: CubeParser.sanitized(UnsafeBufferPointer(rebasing: p[lineStart..<end])))
  }

  /// Printable text for a message: ASCII kept, other bytes escaped (`\xNN`, `\t`), at most
  /// `echoLimit` characters (then `…`).
  static func sanitized(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    var out = ""
    var count = 0
    for b in bytes {
      let piece: String
      switch b {
      case 0x20..<0x7F: piece = String(Unicode.Scalar(b))
      case 0x09: piece = "\\t"
      default:
        let hex = String(b, radix: 16, uppercase: true)
        piece = "\\x" + (hex.count == 1 ? "0" + hex : hex)
      }
      if count + piece.utf8.count > echoLimit {
        out += "…"
        break
      }
      out += piece
      count += piece.utf8.count
    }
    return out
  }

  /// The blank-separated tokens of the line starting at `lineStart`, up to a `#` comment.
  func tokens(_ p: UnsafeBufferPointer<UInt8>, from start: Int, lineEnd end: Int) -> (
    tokens: [Token], comment: Int?
  ) {
    var result: [Token] = []
    var i = start
    while i < end {
      while i < end, p[i] == 0x20 || p[i] == 0x09 { i += 1 }
      if i == end { break }
      if p[i] == 0x23 { return (result, i) }
      let tokenStart = i
      while i < end, p[i] != 0x20, p[i] != 0x09, p[i] != 0x23 { i += 1 }
      result.append(Token(start: tokenStart, end: i))
    }
    return (result, nil)
  }

  /// Why the token at `token` is not a number, or `nil` if it is one.
  func numberProblem(_ p: UnsafeBufferPointer<UInt8>, _ token: Token, tokenCount: Int)
    -> CubeParseError.Kind?
  {
    let bytes = UnsafeBufferPointer(rebasing: p[token.start..<token.end])
    if bytes.count > CubeNumberScanner.maximumTokenLength {
      return .tokenTooLong(limit: CubeNumberScanner.maximumTokenLength)
    }
    if bytes.contains(0) { return .binaryContent }
    if bytes.contains(UInt8(ascii: ",")), tokenCount < 3 { return .commaSeparated }
    if let (_, next) = CubeNumberScanner.scan(p, from: token.start, to: token.end),
      next == token.end
    {
      return nil
    }
    return .invalidNumber(CubeParser.sanitized(bytes))
  }

  /// The error for a table row the fast path refused: a line over the limit, a bad token,
  /// or a count other than three.
  func diagnoseRow(_ p: UnsafeBufferPointer<UInt8>, lineStart: Int) -> CubeParseError {
    let end = lineEnd(p, from: lineStart)
    if end - lineStart > lineLimit {
      return error(.lineTooLong(limit: lineLimit), line: line, column: 1, p, lineStart: lineStart)
    }
    let (found, _) = tokens(p, from: lineStart, lineEnd: end)
    for token in found {
      if let kind = numberProblem(p, token, tokenCount: found.count) {
        return error(kind, line: line, column: token.start - lineStart + 1, p, lineStart: lineStart)
      }
    }
    let column: Int
    if found.count > 3 {
      column = found[3].start - lineStart + 1
    } else {
      column = (found.last?.end ?? lineStart) - lineStart + 1
    }
    return error(
      .wrongValueCount(found: found.count), line: line, column: column, p, lineStart: lineStart)
  }
}
