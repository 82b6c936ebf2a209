import Foundation

/// A text LUT file split into numbered lines of whitespace-separated tokens, and the number
/// parsing its readers share.
struct LUTText {
  /// One non-blank line: its number (from 1) and tokens.
  struct Line {
    var number: Int
    var tokens: [Substring]
  }

  let file: String?
  /// The non-blank lines, trimmed and split at whitespace.
  let lines: [Line]

  /// Splits `bytes` at LF, CR or CRLF; NUL bytes are refused (a binary file).
  init(_ bytes: [UInt8], file: String?) throws(LUTFormatError) {
    self.file = file
    if bytes.contains(0) {
      throw LUTFormatError(
        "binary content (a NUL byte): not a text LUT", at: .init(file: file, line: 0))
    }
    var lines: [Line] = []
    let text = String(decoding: bytes, as: UTF8.self)
    var number = 0
    for raw in text.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    ) {
      number += 1
      let tokens = raw.split(whereSeparator: \.isWhitespace)
      if !tokens.isEmpty { lines.append(Line(number: number, tokens: tokens)) }
    }
    self.lines = lines
  }

  /// An error at `line` (0: the whole file).
  func error(_ message: String, line: Int = 0) -> LUTFormatError {
    LUTFormatError(message, at: .init(file: file, line: line))
  }

  /// The token as a finite number, or an error naming it and its line.
  func number(_ token: Substring, line: Int) throws(LUTFormatError) -> Double {
    guard let value = Double(token), value.isFinite, Float(value).isFinite else {
      throw error("'\(token)' is not a number", line: line)
    }
    return value
  }

  /// Every token of `line` as a number.
  func numbers(_ line: Line) throws(LUTFormatError) -> [Double] {
    var values: [Double] = []
    values.reserveCapacity(line.tokens.count)
    for token in line.tokens { values.append(try number(token, line: line.number)) }
    return values
  }

  /// The token as an integer, or an error naming it and its line.
  func integer(_ token: Substring, line: Int) throws(LUTFormatError) -> Int {
    guard let value = Int(token) else {
      throw error("'\(token)' is not an integer", line: line)
    }
    return value
  }
}

/// Reading a LUT file whole, with a size limit checked before anything is read.
enum LUTFileBytes {
  /// The largest file read (a 129³ `.spi3d` is about 100 MiB).
  static let maxBytes = 256 << 20

  /// The bytes of `path`.
  static func read(_ path: String) throws(LUTFormatError) -> [UInt8] {
    let whole = LUTFormatError.Location(file: path, line: 0)
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw LUTFormatError("cannot open the file", at: whole)
    }
    defer { try? handle.close() }
    var info = stat()
    guard fstat(handle.fileDescriptor, &info) == 0 else {
      throw LUTFormatError("cannot read the file", at: whole)
    }
    let kind = info.st_mode & S_IFMT
    guard kind == S_IFREG || kind == S_IFIFO else {
      throw LUTFormatError("not a regular file", at: whole)
    }
    guard kind != S_IFREG || Int(info.st_size) <= maxBytes else {
      throw LUTFormatError(
        "the file is \(info.st_size) bytes, above the limit of \(maxBytes)", at: whole)
    }
    var bytes: [UInt8] = []
    do {
      while bytes.count <= maxBytes, let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty
      {
        bytes += chunk
      }
    } catch {
      throw LUTFormatError("cannot read the file (\(error.localizedDescription))", at: whole)
    }
    guard bytes.count <= maxBytes else {
      throw LUTFormatError("the file is above the limit of \(maxBytes) bytes", at: whole)
    }
    return bytes
  }
}
