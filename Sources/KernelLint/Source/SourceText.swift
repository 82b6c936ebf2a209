/// A file's bytes with a line table: converts byte offsets to 1-based line and column.
public struct SourceText: Sendable {
  /// The UTF-8 bytes.
  public let bytes: [UInt8]
  /// Byte offset of the first byte of each line (line 1 at index 0), about a byte per line.
  private let lineStarts: OffsetTable

  /// Indexes `bytes`; `\n`, `\r\n` and a lone `\r` end lines.
  public init(bytes: [UInt8]) {
    self.bytes = bytes
    var starts = OffsetTable()
    starts.append(0)
    var i = 0
    while i < bytes.count {
      if bytes[i] == 10 {
        starts.append(i + 1)
      } else if bytes[i] == 13 {
        if i + 1 < bytes.count && bytes[i + 1] == 10 { i += 1 }
        starts.append(i + 1)
      }
      i += 1
    }
    lineStarts = starts
  }

  /// The 1-based line holding byte `offset`.
  func line(of offset: Int) -> Int {
    (lineStarts.lastIndex(atMost: offset) ?? 0) + 1
  }

  /// The 1-based line and UTF-8 byte column of `offset`.
  func position(of offset: Int) -> (line: Int, column: Int) {
    let line = line(of: offset)
    return (line, offset - lineStarts[line - 1] + 1)
  }

  /// The UTF-16 column (1-based) of `offset` on its line.
  func utf16Column(of offset: Int) -> Int {
    let line = line(of: offset)
    let start = lineStarts[line - 1]
    let end = min(max(offset, start), bytes.count)
    return String(decoding: bytes[start..<end], as: UTF8.self).utf16.count + 1
  }

  /// The text of a 1-based line without its line break (at most `limit` bytes).
  func lineText(_ line: Int, limit: Int = 400) -> String {
    guard line >= 1 && line <= lineStarts.count else { return "" }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] : bytes.count
    while end > start && (bytes[end - 1] == 10 || bytes[end - 1] == 13) { end -= 1 }
    return String(decoding: bytes[start..<min(end, start + limit)], as: UTF8.self)
  }

  /// Byte offset where 1-based `line` starts.
  func offset(ofLine line: Int) -> Int {
    lineStarts[min(max(line, 1), lineStarts.count) - 1]
  }

  /// The number of lines.
  var lineCount: Int { lineStarts.count }
}
