/// One token of kernel source, after line continuations are removed.
struct Token: Sendable {
  /// The lexical category of a token.
  enum Kind: UInt8, Sendable {
    case identifier, number, string, character, punctuator, endOfFile
  }

  /// The lexical category.
  var kind: Kind
  /// The spelling (identifiers, numbers, punctuators); empty for strings.
  var text: String
  /// The byte range to report for this token (the macro use site for expanded tokens).
  var range: Range<Int>
  /// Whether a line break separates this token from the previous one.
  var isAtLineStart: Bool
  /// Whether whitespace precedes this token (needed by function-like `#define`).
  var hasSpaceBefore: Bool
  /// Whether the token came out of a macro expansion.
  var isFromMacro: Bool = false

  /// Whether the token is the punctuator `p`.
  @inline(__always) func isPunct(_ p: String) -> Bool { kind == .punctuator && text == p }
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
