/// Why an output file could not be written (nothing was left behind).
public struct FileOutputError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of problem.
  public enum Kind: Hashable, Sendable {
    /// A file-system step failed (creating, syncing or renaming the file).
    case io
    /// The destination is not allowed: a folder, or one of the protected inputs.
    case invalidRequest
  }

  /// The kind of problem.
  public var kind: Kind
  /// The destination path.
  public var path: String
  /// What went wrong.
  public var message: String

  /// Creates an error.
  public init(_ kind: Kind, path: String, _ message: String) {
    self.kind = kind
    self.path = path
    self.message = message
  }

  /// `path: error: message`.
  public var description: String { "\(path): error: \(message)" }
}
