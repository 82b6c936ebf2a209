/// A CLF / CTF process list: an ordered list of process nodes applied to RGB values
/// (Academy/ASC Common LUT Format v3, SMPTE ST 2136-1, and Autodesk's CTF, which shares it).
public struct ProcessList: Sendable, Hashable {
  /// Which dialect the document declared.
  public enum Dialect: String, Sendable, Hashable {
    /// `urn:AMPAS:CLF:v3.0` or no namespace (Academy CLF v3).
    case academy
    /// SMPTE ST 2136-1 (`http://www.smpte-ra.org/ns/2136-1/2024`).
    case smpte
    /// Autodesk's Color Transform Format (`.ctf`, a `version` attribute).
    case ctf
  }

  /// The Academy CLF v3 namespace.
  public static let academyNamespace = "urn:AMPAS:CLF:v3.0"
  /// The SMPTE ST 2136-1 namespace, as OpenColorIO reads and writes it.
  public static let smpteNamespace = "http://www.smpte-ra.org/ns/2136-1/2024"

  /// The dialect.
  public var dialect: Dialect
  /// The `id` attribute.
  public var id: String
  /// The `name` attribute, if any.
  public var name: String?
  /// The ST 2136-1 `Id` element's text, if any.
  public var idElement: String?
  /// The `Description` elements' text.
  public var descriptions: [String]
  /// `InputDescriptor`, if any.
  public var inputDescriptor: String?
  /// `OutputDescriptor`, if any.
  public var outputDescriptor: String?
  /// The process nodes, in order.
  public var nodes: [ProcessNode]
  /// What the reader accepted with a remark (empty for lists built in code).
  public var warnings: [CLFWarning]

  /// Creates a process list.
  public init(
    dialect: Dialect = .academy, id: String = "edrcube", name: String? = nil,
    descriptions: [String] = [], inputDescriptor: String? = nil, outputDescriptor: String? = nil,
    nodes: [ProcessNode] = [], warnings: [CLFWarning] = []
  ) {
    self.dialect = dialect
    self.id = id
    self.name = name
    self.descriptions = descriptions
    self.inputDescriptor = inputDescriptor
    self.outputDescriptor = outputDescriptor
    self.nodes = nodes
    self.warnings = warnings
  }
}

/// One process node: an operation with the bit depths its numbers are written at.
public struct ProcessNode: Sendable, Hashable {
  /// The `id` attribute, if any.
  public var id: String?
  /// The `name` attribute, if any.
  public var name: String?
  /// The scale of the node's input numbers.
  public var inBitDepth: CLFBitDepth
  /// The scale of the node's output numbers.
  public var outBitDepth: CLFBitDepth
  /// The `Description` elements' text.
  public var descriptions: [String]
  /// What the node does.
  public var operation: CLFOperation

  /// Creates a node.
  public init(
    id: String? = nil, name: String? = nil, inBitDepth: CLFBitDepth = .float32,
    outBitDepth: CLFBitDepth = .float32, descriptions: [String] = [], operation: CLFOperation
  ) {
    self.id = id
    self.name = name
    self.inBitDepth = inBitDepth
    self.outBitDepth = outBitDepth
    self.descriptions = descriptions
    self.operation = operation
  }
}
