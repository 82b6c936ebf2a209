/// A position in a source file: 1-based line and column.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file path as given by the caller; `nil` for in-memory input.
  public var file: String?
  /// The 1-based line. Lines end at LF, CRLF or a bare CR; a UTF-8 BOM is not a line.
  public var line: Int
  /// The 1-based column, counted in bytes of the line (ASCII text: characters).
  public var column: Int

  /// Creates a location.
  public init(file: String?, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:col`, or `<input>:line:col` for in-memory input; `file` alone for line 0
  /// (the whole file: it could not be read).
  public var description: String {
    line == 0 ? file ?? "<input>" : "\(file ?? "<input>"):\(line):\(column)"
  }
}
