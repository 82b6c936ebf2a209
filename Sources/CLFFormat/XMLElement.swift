/// An element of a document read by ``XMLReader``: its name, attributes, character data and
/// child elements, and where it starts.
public struct XMLElement: Sendable, Hashable {
  /// The local name (the part after any `prefix:`).
  public var name: String
  /// The namespace URI its prefix (or the default namespace) is bound to; nil when none.
  public var namespace: String?
  /// The attributes in document order, names as written (`xmlns` declarations included).
  public var attributes: [(name: String, value: String)]
  /// The child elements in document order.
  public var children: [XMLElement]
  /// The element's own character data (text and CDATA, entities resolved), concatenated.
  public var text: String
  /// The 1-based line of the element's `<`.
  public var line: Int
  /// The 1-based column (in bytes) of the element's `<`.
  public var column: Int

  /// Creates an element.
  public init(
    name: String, namespace: String? = nil, attributes: [(name: String, value: String)] = [],
    children: [XMLElement] = [], text: String = "", line: Int = 1, column: Int = 1
  ) {
    self.name = name
    self.namespace = namespace
    self.attributes = attributes
    self.children = children
    self.text = text
    self.line = line
    self.column = column
  }

  /// The value of the attribute whose local name is `name`, if present.
  public func attribute(_ name: String) -> String? {
    attributes.first { $0.name == name || $0.name.hasSuffix(":" + name) }?.value
  }

  /// The children whose local name is `name`.
  public func children(named name: String) -> [XMLElement] {
    children.filter { $0.name == name }
  }

  /// Whether two elements have the same names, attributes, text, children and positions.
  public static func == (a: XMLElement, b: XMLElement) -> Bool {
    a.name == b.name && a.namespace == b.namespace && a.children == b.children
      && a.text == b.text && a.line == b.line && a.column == b.column
      && a.attributes.map(\.name) == b.attributes.map(\.name)
      && a.attributes.map(\.value) == b.attributes.map(\.value)
  }

  /// Hashes the name and position (enough to spread elements; equality checks the rest).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(line)
    hasher.combine(column)
  }
}
