/// A parse problem at a byte range of the kernel text.
struct SyntaxError: Error, Sendable {
  /// Where the parser stopped.
  var range: Range<Int>
  /// What was wrong.
  var message: String
}
