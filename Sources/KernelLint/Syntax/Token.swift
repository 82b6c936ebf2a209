/// One token of kernel source, after line continuations are removed.
struct Token: Sendable {
  /// The lexical category of a token.
  enum Kind: UInt8, Sendable {
    case identifier, number, string, character, punctuator, endOfFile
  }

  /// The lexical category.
  private(set) var kind: Kind
  /// The spelling, quotes included for strings; empty for strings longer than
  /// `Lexer.stringSpellingLimit` bytes.
  private(set) var text: String
  /// The byte range to report for this token (the macro use site for expanded tokens).
  var range: Range<Int>
  /// Whether a line break separates this token from the previous one.
  var isAtLineStart: Bool
  /// Whether whitespace precedes this token (needed by function-like `#define`).
  var hasSpaceBefore: Bool
  /// Whether the token came out of a macro expansion.
  var isFromMacro: Bool = false
  /// A punctuator's bytes packed little-endian (`Token.code`); 0 for other kinds. Lets the
  /// parser compare punctuators as integers instead of strings.
  private(set) var code: UInt32 = 0

  /// Creates a token.
  ///
  /// `code` is the punctuator code when the caller already knows it (the lexer).
  init(
    kind: Kind, text: String, range: Range<Int>, isAtLineStart: Bool, hasSpaceBefore: Bool,
    isFromMacro: Bool = false, code: UInt32? = nil
  ) {
    self.kind = kind
    self.text = text
    self.range = range
    self.isAtLineStart = isAtLineStart
    self.hasSpaceBefore = hasSpaceBefore
    self.isFromMacro = isFromMacro
    self.code = code ?? Token.code(of: kind, text)
  }

  /// Changes the category and spelling (macro stringification, pasting, `defined`).
  mutating func respell(_ kind: Kind, _ text: String) {
    self.kind = kind
    self.text = text
    code = Token.code(of: kind, text)
  }

  private static func code(of kind: Kind, _ text: String) -> UInt32 {
    guard kind == .punctuator, text.utf8.count <= 3 else { return 0 }
    var value: UInt32 = 0
    for (i, byte) in text.utf8.enumerated() { value |= UInt32(byte) << (8 * i) }
    return value
  }

  /// The packed code of a punctuator spelling of at most three bytes.
  @inline(__always) static func code(_ p: StaticString) -> UInt32 {
    guard p.hasPointerRepresentation else { return p.unicodeScalar.value & 0x7F }
    let start = p.utf8Start
    var value: UInt32 = 0
    for i in 0..<min(p.utf8CodeUnitCount, 3) { value |= UInt32(start[i]) << (8 * i) }
    return value
  }

  /// Byte `i` (0–2) of a punctuator's spelling, 0 past its end or for other kinds.
  @inline(__always) func byte(_ i: Int) -> UInt8 { UInt8(truncatingIfNeeded: code >> (8 * i)) }

  /// Whether the token is the punctuator `p`.
  @inline(__always) func isPunct(_ p: StaticString) -> Bool {
    code != 0 && code == Token.code(p)
  }
  /// Whether the token is the identifier `name`.
  @inline(__always) func isIdent(_ name: String) -> Bool { kind == .identifier && text == name }
}

/// A comment that may hold an `edrlint:` directive.
struct Comment: Sendable {
  /// The byte range of the whole comment, delimiters included.
  var range: Range<Int>
  /// The comment body without `//` or `/*` `*/`.
  var body: String
  /// Whether the comment is a `//` line comment.
  var isLineComment: Bool
}
