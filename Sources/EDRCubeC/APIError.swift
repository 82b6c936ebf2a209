import CLFFormat
import CubeFormat

/// An error as the C API reports it: a kind (`parse`, `io`, `options`, `space`, `convert`,
/// `lint`), the message, and where it is when it is in a file.
struct APIError: Error, Encodable {
  var kind: String
  var message: String
  var file: String?
  var line: Int?
  var column: Int?

  /// A compiler-style `error: ` prefix of `message` (the libraries' one-line descriptions
  /// carry it) is dropped: Python puts its own `file: error:` in front.
  init(
    kind: String, message: String, file: String? = nil, line: Int? = nil, column: Int? = nil
  ) {
    self.kind = kind
    self.message = message.hasPrefix("error: ") ? String(message.dropFirst(7)) : message
    self.file = file
    self.line = line
    self.column = column
  }

  /// A reader's error at `location`.
  init(kind: String, message: String, at location: SourceLocation) {
    self.init(
      kind: kind, message: message, file: location.file, line: location.line,
      column: location.column)
  }

  /// Every key present (`null` where absent), so Python reads a fixed shape.
  func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(kind, forKey: .kind)
    try c.encode(message, forKey: .message)
    try c.encode(file, forKey: .file)
    try c.encode(line, forKey: .line)
    try c.encode(column, forKey: .column)
  }

  private enum CodingKeys: String, CodingKey { case kind, message, file, line, column }
}
