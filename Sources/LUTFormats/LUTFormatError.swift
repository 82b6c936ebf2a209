/// Why a LUT file of one of ``LUTFormat``'s formats was rejected, and where.
public struct LUTFormatError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A file and line (line 0: the whole file).
  public struct Location: Sendable, Hashable, CustomStringConvertible {
    /// The file's name as given, if any.
    public var file: String?
    /// The line, from 1; 0 for the whole file.
    public var line: Int

    /// Creates a location.
    public init(file: String?, line: Int) {
      self.file = file
      self.line = line
    }

    /// `file:line` (or `file` for line 0).
    public var description: String {
      let name = file ?? "<input>"
      return line > 0 ? "\(name):\(line)" : name
    }
  }

  /// A one-line description of the problem, without the location.
  public var message: String
  /// Where.
  public var location: Location

  /// Creates an error.
  public init(_ message: String, at location: Location) {
    self.message = message
    self.location = location
  }

  /// Compiler style: `file:line: error: message`.
  public var description: String { "\(location): error: \(message)" }
}
