import ColorMath

/// The one error type of EDRPipeline.
public struct EDRPipelineError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Hashable, Sendable {
    /// An `# EDRCube space: …` comment that cannot be read; the token at fault.
    case invalidSpaceComment(token: String)
    /// An `# EDRCube space:` comment without a space name.
    case emptySpaceComment
    /// A reference white that is not a positive, finite number of cd/m².
    case invalidReferenceWhite(Double)
    /// A generation or conversion parameter outside its range; the parameter and the reason.
    case invalidParameter(String, reason: String)
    /// A cube that the operation cannot use (e.g. converting a cube that is not SDR).
    case unsupportedCube(reason: String)
  }

  /// What went wrong.
  public var kind: Kind
  /// The offending text (the comment, without its `#`), when there is one.
  public var text: String?

  /// Creates an error.
  public init(_ kind: Kind, text: String? = nil) {
    self.kind = kind
    self.text = text
  }

  /// The spellings a space comment takes, for messages.
  static var validNames: String {
    let curves = TransferFunction.allCases.map(\.rawValue).joined(separator: ", ")
    let primaries = NamedPrimaries.allCases.map(\.rawValue).joined(separator: ", ")
    return "curves: \(curves); primaries: \(primaries); `raw` on the input only with a raw output"
  }

  /// A one-line, compiler-style message.
  public var description: String {
    let context = text.map { " in '# \($0)'" } ?? ""
    switch kind {
    case .invalidSpaceComment(let token):
      return "error: unknown cube space token '\(token)'\(context); \(Self.validNames)"
    case .emptySpaceComment:
      return "error: cube space comment names no space\(context)"
    case .invalidReferenceWhite(let value):
      return "error: reference white must be a positive number of cd/m², got \(value)\(context)"
    case .invalidParameter(let name, let reason):
      return "error: \(name): \(reason)\(context)"
    case .unsupportedCube(let reason):
      return "error: \(reason)\(context)"
    }
  }
}
