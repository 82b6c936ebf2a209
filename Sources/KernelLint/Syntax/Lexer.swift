/// Splits kernel source (CIKL or Metal) into tokens and directive comments.
///
/// Linear in the input; never fails. Unknown bytes become one-byte punctuators that the
/// parser rejects.
struct Lexer {
  private let bytes: [UInt8]
  private var index = 0
  private var atLineStart = true
  private var spaceBefore = false

  /// Tokens produced so far, ending with `.endOfFile` after `run()`.
  private(set) var tokens: [Token] = []
  /// Comments that mention `edrlint:`.
  private(set) var comments: [Comment] = []
  /// Problems such as an unterminated comment (range, message).
  private(set) var problems: [(Range<Int>, String)] = []

  /// Creates a lexer over UTF-8 bytes.
  init(bytes: [UInt8]) { self.bytes = bytes }

  /// Lexes the whole input.
  static func tokenize(_ bytes: [UInt8]) -> Lexer {
    var lexer = Lexer(bytes: bytes)
    lexer.run()
    return lexer
  }

  /// Upper bound on tokens per kernel text (bounded memory on hostile input).
  static let tokenLimit = 1_000_000

  private mutating func run() {
    tokens.reserveCapacity(min(bytes.count / 3, Lexer.tokenLimit))
    while true {
      skipTrivia()
      guard index < bytes.count else { break }
      if tokens.count >= Lexer.tokenLimit {
        problems.append(
          (index..<index, "more than \(Lexer.tokenLimit) tokens; the rest was not analysed"))
        break
      }
      lexToken()
    }
    tokens.append(
      Token(
        kind: .endOfFile, text: "", range: bytes.count..<bytes.count, isAtLineStart: true,
        hasSpaceBefore: true))
  }

  private func byte(_ i: Int) -> UInt8 { i < bytes.count ? bytes[i] : 0 }

  /// Length of a line continuation (`\` + newline) at `i`, or 0.
  private func continuationLength(at i: Int) -> Int {
    guard byte(i) == UInt8(ascii: "\\") else { return 0 }
    if byte(i + 1) == 10 { return 2 }
    if byte(i + 1) == 13 { return byte(i + 2) == 10 ? 3 : 2 }
    return 0
  }

  private mutating func skipTrivia() {
    while index < bytes.count {
      let c = bytes[index]
      if c == 10 || c == 13 {
        atLineStart = true
        spaceBefore = true
        index += 1
      } else if c == 32 || c == 9 || c == 11 || c == 12 || c == 0 {
        spaceBefore = true
        index += 1
      } else if c == 0xEF && byte(index + 1) == 0xBB && byte(index + 2) == 0xBF {
        index += 3
      } else if continuationLength(at: index) > 0 {
        index += continuationLength(at: index)
        spaceBefore = true
      } else if c == UInt8(ascii: "/") && byte(index + 1) == UInt8(ascii: "/") {
        lineComment()
      } else if c == UInt8(ascii: "/") && byte(index + 1) == UInt8(ascii: "*") {
        blockComment()
      } else {
        return
      }
    }
  }

  private mutating func lineComment() {
    let start = index
    index += 2
    while index < bytes.count && bytes[index] != 10 && bytes[index] != 13 { index += 1 }
    record(start, bodyStart: start + 2, bodyEnd: index, isLine: true)
    spaceBefore = true
  }

  private mutating func blockComment() {
    let start = index
    index += 2
    var bodyEnd = bytes.count
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "*") && byte(index + 1) == UInt8(ascii: "/") {
        bodyEnd = index
        index += 2
        break
      }
      if bytes[index] == 10 { atLineStart = true }
      index += 1
    }
    if bodyEnd == bytes.count {
      index = bytes.count
      problems.append((start..<min(start + 2, bytes.count), "unterminated '/*' comment"))
    }
    record(start, bodyStart: start + 2, bodyEnd: bodyEnd, isLine: false)
    spaceBefore = true
  }

  private mutating func record(_ start: Int, bodyStart: Int, bodyEnd: Int, isLine: Bool) {
    guard bodyEnd > bodyStart, Self.contains(bytes, "edrlint:", from: bodyStart, to: bodyEnd)
    else { return }
    let body = String(decoding: bytes[bodyStart..<bodyEnd], as: UTF8.self)
    comments.append(Comment(range: start..<index, body: body, isLineComment: isLine))
  }

  private static func contains(_ bytes: [UInt8], _ needle: String, from: Int, to: Int) -> Bool {
    let n = Array(needle.utf8)
    guard to - from >= n.count else { return false }
    var i = from
    while i + n.count <= to {
      if bytes[i] == n[0] {
        var k = 1
        while k < n.count && bytes[i + k] == n[k] { k += 1 }
        if k == n.count { return true }
      }
      i += 1
    }
    return false
  }

  private static func isIdentStart(_ c: UInt8) -> Bool {
    (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95 || c >= 0x80
  }

  private static func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }

  private mutating func lexToken() {
    let start = index
    let c = bytes[index]
    var kind = Token.Kind.punctuator
    if Self.isIdentStart(c) {
      kind = .identifier
      while index < bytes.count && (Self.isIdentStart(bytes[index]) || Self.isDigit(bytes[index])) {
        index += 1
      }
    } else if Self.isDigit(c) || (c == UInt8(ascii: ".") && Self.isDigit(byte(index + 1))) {
      kind = .number
      lexNumber()
    } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
      kind = c == UInt8(ascii: "\"") ? .string : .character
      lexQuoted(c)
    } else {
      index += punctuatorLength()
    }
    var code: UInt32 = 0
    var text = ""
    if kind == .punctuator {
      for i in start..<min(index, start + 3) { code |= UInt32(bytes[i]) << (8 * (i - start)) }
      text = index - start == 1 ? Lexer.singleBytePunctuators[Int(c & 0x7F)] : spelling(start)
    } else if kind != .string || index - start <= Lexer.stringSpellingLimit {
      text = spelling(start)
    }
    tokens.append(
      Token(
        kind: kind, text: text, range: start..<index, isAtLineStart: atLineStart,
        hasSpaceBefore: spaceBefore, code: index - start <= 3 ? code : 0))
    atLineStart = false
    spaceBefore = false
  }

  /// String literals up to this length keep their spelling (`#include "file.h"`).
  static let stringSpellingLimit = 256

  private func spelling(_ start: Int) -> String {
    String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// One-byte punctuator spellings by byte (made once, so tokens share them).
  private static let singleBytePunctuators: [String] = (0..<128).map {
    String(UnicodeScalar(UInt8($0)))
  }

  private mutating func lexNumber() {
    while index < bytes.count {
      let c = bytes[index]
      if (c == UInt8(ascii: "e") || c == UInt8(ascii: "E") || c == UInt8(ascii: "p")
        || c == UInt8(ascii: "P"))
        && (byte(index + 1) == UInt8(ascii: "+") || byte(index + 1) == UInt8(ascii: "-"))
        && !isHex(upTo: index)
      {
        index += 2
      } else if Self.isDigit(c) || Self.isIdentStart(c) || c == UInt8(ascii: ".") {
        index += 1
      } else {
        return
      }
    }
  }

  private func isHex(upTo end: Int) -> Bool {
    var s = end
    while s > 0 && (Self.isDigit(bytes[s - 1]) || Self.isIdentStart(bytes[s - 1])) { s -= 1 }
    return byte(s) == UInt8(ascii: "0") && (byte(s + 1) | 0x20) == UInt8(ascii: "x")
  }

  private mutating func lexQuoted(_ quote: UInt8) {
    index += 1
    while index < bytes.count {
      let c = bytes[index]
      if c == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if c == quote {
        index += 1
        return
      }
      if c == 10 || c == 13 { break }
      index += 1
    }
    index = min(index, bytes.count)
    problems.append((index..<index, "unterminated literal"))
  }

  private func punctuatorLength() -> Int {
    let c = bytes[index]
    let d = byte(index + 1)
    let e = byte(index + 2)
    if (c == UInt8(ascii: "<") || c == UInt8(ascii: ">")) && d == c && e == UInt8(ascii: "=") {
      return 3
    }
    if c == UInt8(ascii: ".") && d == c && e == c { return 3 }
    switch (c, d) {
    case (UInt8(ascii: "-"), UInt8(ascii: ">")), (UInt8(ascii: ":"), UInt8(ascii: ":")),
      (UInt8(ascii: "#"), UInt8(ascii: "#")), (UInt8(ascii: "&"), UInt8(ascii: "&")),
      (UInt8(ascii: "|"), UInt8(ascii: "|")), (UInt8(ascii: "+"), UInt8(ascii: "+")),
      (UInt8(ascii: "-"), UInt8(ascii: "-")), (UInt8(ascii: "<"), UInt8(ascii: "<")),
      (UInt8(ascii: ">"), UInt8(ascii: ">")):
      return 2
    default:
      break
    }
    if d == UInt8(ascii: "="), Lexer.assignable.contains(c) { return 2 }
    return 1
  }

  /// First bytes of two-character operators ending in `=`.
  private static let assignable: Set<UInt8> = Set("<>=!+-*/%&|^".utf8)

}
