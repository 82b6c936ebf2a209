public import CubeFormat

/// Why a CLF/CTF file was rejected, and where (`file:line:column`).
public struct CLFParseError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A one-line description of the problem, without the location.
  public var message: String
  /// Where: the line and column of the offending markup (line 0: the whole file).
  public var location: SourceLocation

  /// Creates an error.
  public init(_ message: String, at location: SourceLocation) {
    self.message = message
    self.location = location
  }

  /// Compiler style: `file:line:col: error: message`.
  public var description: String { "\(location): error: \(message)" }
}

/// Something the CLF reader noticed and accepted (an unknown metadata element, an unknown
/// attribute), with its location.
public struct CLFWarning: Sendable, Hashable, CustomStringConvertible {
  /// What was noticed.
  public var message: String
  /// Where.
  public var location: SourceLocation

  /// Creates a warning.
  public init(_ message: String, at location: SourceLocation) {
    self.message = message
    self.location = location
  }

  /// Compiler style: `file:line:col: warning: message`.
  public var description: String { "\(location): warning: \(message)" }
}
