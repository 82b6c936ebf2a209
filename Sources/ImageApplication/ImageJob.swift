/// One file to grade: read `input`, write `output` (`-` is standard output when the writer
/// says so).
package struct ImageJob: Equatable, Sendable {
  package var input: String
  package var output: String

  /// A job from `input` to `output`.
  package init(input: String, output: String) {
    self.input = input
    self.output = output
  }
}
