/// Why a ``CubeFile`` could not be written.
public struct CubeWriteError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of problem.
  public enum Kind: Sendable, Hashable {
    /// The file has neither a 1D nor a 3D table.
    case noTable
    /// The profile cannot express part of the file (the reason says which).
    case notRepresentable(profile: CubeWriterProfile, reason: String)
    /// A table or domain value is NaN or infinite (`.cube` numbers are finite).
    case nonFiniteValue(table: String, index: Int)
    /// A table's `values.count` does not match its size, or a domain is empty.
    case invalidTable(String)
    /// The title holds a line break or a control character, or is too long for one line.
    case invalidTitle(String)
    /// A comment holds a NUL or another control character other than a tab.
    case invalidComment(String)
    /// The output file could not be written (nothing was left behind).
    case io(path: String, reason: String)
  }

  /// The kind of problem.
  public var kind: Kind

  /// Creates an error.
  public init(kind: Kind) {
    self.kind = kind
  }

  /// A one-line human description.
  public var description: String {
    switch kind {
    case .noTable: return "error: the file has no table to write"
    case .notRepresentable(let profile, let reason):
      return "error: the \(profile.rawValue) profile cannot express this file: \(reason)"
    case .nonFiniteValue(let table, let index):
      return "error: \(table) value \(index) is not finite; .cube numbers must be finite"
    case .invalidTable(let reason): return "error: invalid table: \(reason)"
    case .invalidTitle(let reason): return "error: invalid TITLE: \(reason)"
    case .invalidComment(let reason): return "error: invalid comment: \(reason)"
    case .io(let path, let reason): return "\(path): error: \(reason)"
    }
  }
}
