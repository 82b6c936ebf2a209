/// The `.cube` reader's single-pass state machine over bytes (internal).
///
/// It is fed buffers that end at a line break (or at the end of the input) and keeps its
/// state between them, so a file can be streamed in bounded memory. Table rows take a fast
/// path with no allocation; anything unusual falls back to the slower diagnostics that name
/// the exact line, column and problem.
struct CubeParser {
  /// The longest line accepted, in bytes (hostile input is rejected quickly).
  static let defaultLineLimit = 1 << 20
  /// The line length of the Adobe specification; longer lines give a warning.
  static let specLineLength = 250

  let file: String?
  let lineLimit: Int
  /// The input size in bytes, if known: tables are reserved no larger than it could fill.
  let inputSizeHint: Int?
  /// The number of the line being read (1-based; 0 before the first).
  var line = 0
  var header = CubeHeader()
  var warnings: [CubeWarning] = []
  var comments: [String] = []
  /// Warnings and comments beyond ``CubeReader/keptWarningLimit`` and
  /// ``CubeReader/keptCommentLimit`` (or ``CubeReader/keptCommentBytes``): counted, not kept.
  var omittedWarnings = 0
  var omittedComments = 0
  var commentBytes = 0
  var inData = false
  /// Rows expected in the 1D table (shaper first) and in the 3D table.
  var expected1D = 0
  var expected3D = 0
  var values1D: [Float] = []
  var values3D: [Float] = []
  var rowsRead = 0
  var lastRowLine = 0
  var atStartOfInput = true
  var warnedLongLine = false
  var warnedTrailingComment = false

  init(file: String?, inputSizeHint: Int?, lineLimit: Int = CubeParser.defaultLineLimit) {
    self.file = file
    self.inputSizeHint = inputSizeHint
    self.lineLimit = lineLimit
  }

  /// Reads every line in `p`, which ends at a line break or at the end of the input.
  mutating func consume(_ p: UnsafeBufferPointer<UInt8>) throws(CubeParseError) {
    var i = 0
    let end = p.count
    if atStartOfInput, end > 0 {
      atStartOfInput = false
      i = try skipByteOrderMark(p)
    }
    while i < end {
      line += 1
      let lineStart = i
      while i < end, p[i] == 0x20 || p[i] == 0x09 { i += 1 }
      let c: UInt8 = i < end ? p[i] : 0x0A
      if c == 0x0A || c == 0x0D {
        i = try finishLine(p, lineStart: lineStart, at: i)
      } else if c &- 0x30 < 10 || c == 0x2E || c == 0x2D || c == 0x2B {
        i = try readRow(p, lineStart: lineStart, first: i)
      } else if c == 0x23 {
        i = try readComment(p, lineStart: lineStart, hash: i)
      } else {
        i = try readKeywordLine(p, lineStart: lineStart, first: i)
      }
    }
  }

  /// Handles a BOM at the very start: UTF-8 is skipped with a warning, UTF-16 is rejected.
  private mutating func skipByteOrderMark(_ p: UnsafeBufferPointer<UInt8>) throws(CubeParseError)
    -> Int
  {
    if p.count >= 2, (p[0] == 0xFF && p[1] == 0xFE) || (p[0] == 0xFE && p[1] == 0xFF) {
      throw error(.binaryContent, line: 1, column: 1, p, lineStart: 0)
    }
    if p.count >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF {
      warn(CubeWarning(kind: .byteOrderMark, location: location(line: 1, column: 1)))
      return 3
    }
    return 0
  }

  /// Checks the length of the line ending at `i` and returns the index after its line break.
  @inline(__always)
  mutating func finishLine(_ p: UnsafeBufferPointer<UInt8>, lineStart: Int, at i: Int)
    throws(CubeParseError) -> Int
  {
    let length = i - lineStart
    if length > CubeParser.specLineLength {
      try checkLongLine(p, lineStart: lineStart, length: length)
    }
    var j = i
    if j < p.count {
      if p[j] == 0x0D {
        j += 1
        if j < p.count, p[j] == 0x0A { j += 1 }
      } else {
        j += 1
      }
    }
    return j
  }

  /// Rejects a line over the hard limit; warns (once) about one over the specification's.
  private mutating func checkLongLine(_ p: UnsafeBufferPointer<UInt8>, lineStart: Int, length: Int)
    throws(CubeParseError)
  {
    if length > lineLimit {
      throw error(.lineTooLong(limit: lineLimit), line: line, column: 1, p, lineStart: lineStart)
    }
    if !warnedLongLine {
      warnedLongLine = true
      warn(
        CubeWarning(kind: .lineTooLong(bytes: length), location: location(line: line, column: 1)))
    }
  }

  /// The index of the line break (or end of input) at or after `i`.
  @inline(__always)
  func lineEnd(_ p: UnsafeBufferPointer<UInt8>, from i: Int) -> Int {
    var j = i
    while j < p.count, p[j] != 0x0A, p[j] != 0x0D { j += 1 }
    return j
  }

  /// Reads a `#` comment line: kept when it comes before the tables, skipped inside them.
  private mutating func readComment(_ p: UnsafeBufferPointer<UInt8>, lineStart: Int, hash: Int)
    throws(CubeParseError) -> Int
  {
    let end = lineEnd(p, from: hash)
    if end - lineStart > lineLimit {
      throw error(.lineTooLong(limit: lineLimit), line: line, column: 1, p, lineStart: lineStart)
    }
    if let nul = UnsafeBufferPointer(rebasing: p[hash..<end]).firstIndex(of: 0) {
      throw error(
        .binaryContent, line: line, column: hash + nul - lineStart + 1, p, lineStart: lineStart)
    }
    if !inData {
      var textStart = hash + 1
      if textStart < end, p[textStart] == 0x20 { textStart += 1 }
      keepComment(UnsafeBufferPointer(rebasing: p[textStart..<end]))
    }
    return try finishLine(p, lineStart: lineStart, at: end)
  }

  /// Reads one table row: exactly three numbers, optionally followed by a `#` comment.
  @inline(__always)
  private mutating func readRow(_ p: UnsafeBufferPointer<UInt8>, lineStart: Int, first: Int)
    throws(CubeParseError) -> Int
  {
    if !inData { try beginData(p, lineStart: lineStart, first: first) }
    if rowsRead == expected1D + expected3D {
      throw error(
        .tooManyRows(expected: rowsRead), line: line, column: first - lineStart + 1, p,
        lineStart: lineStart)
    }
    let end = p.count
    var i = first
    var row = SIMD3<Float>()
    for k in 0..<3 {
      guard let (value, next) = CubeNumberScanner.scan(p, from: i, to: end),
        next == end || p[next] == 0x20 || p[next] == 0x09 || p[next] == 0x0A || p[next] == 0x0D
          || (k == 2 && p[next] == 0x23)
      else { throw diagnoseRow(p, lineStart: lineStart) }
      row[k] = value
      i = next
      while i < end, p[i] == 0x20 || p[i] == 0x09 { i += 1 }
    }
    if i < end, p[i] == 0x23 {
      noteTrailingComment(column: i - lineStart + 1)
      i = lineEnd(p, from: i)
    } else if i < end, p[i] != 0x0A, p[i] != 0x0D {
      throw diagnoseRow(p, lineStart: lineStart)
    }
    if rowsRead < expected1D {
      values1D.append(row.x)
      values1D.append(row.y)
      values1D.append(row.z)
    } else {
      values3D.append(row.x)
      values3D.append(row.y)
      values3D.append(row.z)
    }
    rowsRead += 1
    lastRowLine = line
    return try finishLine(p, lineStart: lineStart, at: i)
  }

  /// Records the first trailing `# …` comment after a row's or keyword's values.
  mutating func noteTrailingComment(column: Int) {
    guard !warnedTrailingComment else { return }
    warnedTrailingComment = true
    warn(
      CubeWarning(kind: .trailingComment, location: location(line: line, column: column)))
  }

  /// Keeps a warning while fewer than ``CubeReader/keptWarningLimit`` are kept; counts it
  /// otherwise, so a file of a million odd lines costs no memory per line.
  mutating func warn(_ warning: CubeWarning) {
    guard warnings.count < CubeReader.keptWarningLimit else {
      omittedWarnings += 1
      return
    }
    warnings.append(warning)
  }

  /// Keeps a comment while the count and byte limits allow; counts it otherwise.
  private mutating func keepComment(_ text: UnsafeBufferPointer<UInt8>) {
    guard comments.count < CubeReader.keptCommentLimit,
      commentBytes + text.count <= CubeReader.keptCommentBytes
    else {
      omittedComments += 1
      return
    }
    commentBytes += text.count
    comments.append(String(decoding: text, as: UTF8.self))
  }

  /// A location on `line` in this file.
  func location(line: Int, column: Int) -> SourceLocation {
    SourceLocation(file: file, line: line, column: column)
  }
}
