/// A parse problem at a byte range of the kernel text.
struct SyntaxError: Error, Sendable {
  /// Where the parser stopped.
  var range: Range<Int>
  /// What was wrong.
  var message: String

  /// Whether the input nests deeper than `Parser.nestingLimit`: the enclosing function is
  /// given up rather than recovered statement by statement (which would revisit every level).
  var isNestingLimit: Bool { message.hasPrefix("nesting deeper") }
}
