import CubeFormat

/// A small, strict XML reader: elements, attributes, character data, comments, CDATA,
/// processing instructions (skipped), the five predefined entities and numeric character
/// references. Document type declarations are refused, so no entity can be declared and
/// expanded (no "billion laughs"); nesting depth, element count, attribute count and input
/// size are bounded by ``CLFLimits``. Every error names `file:line:column`.
public struct XMLReader {
  let bytes: [UInt8]
  let file: String?
  var index = 0
  /// The position whose line and column are known: `line` starts at `lineStart`.
  var scanned = 0
  var line = 1
  var lineStart = 0
  var elementCount = 0

  init(bytes: [UInt8], file: String?) {
    self.bytes = bytes
    self.file = file
  }

  /// Parses a whole document and returns its root element.
  /// - Parameters:
  ///   - bytes: the document, UTF-8.
  ///   - file: the name used in errors; nil for in-memory input.
  /// - Throws: ``CLFParseError`` located at the offending markup.
  public static func parse(_ bytes: [UInt8], file: String? = nil) throws(CLFParseError)
    -> XMLElement
  {
    guard bytes.count <= CLFLimits.maxBytes else {
      throw CLFParseError(
        "the file is larger than \(CLFLimits.maxBytes >> 20) MiB",
        at: SourceLocation(file: file, line: 0, column: 0))
    }
    var reader = XMLReader(bytes: bytes, file: file)
    return try reader.document()
  }

  /// Prolog, root element, trailing misc.
  mutating func document() throws(CLFParseError) -> XMLElement {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    if let nul = bytes.firstIndex(of: 0) {
      throw error("NUL byte: not UTF-8 text (UTF-16 or binary data)", at: nul)
    }
    if let control = bytes.firstIndex(where: { $0 < 0x20 && !Self.isSpace($0) }) {
      let code = String(bytes[control], radix: 16, uppercase: true)
      throw error(
        "control character U+00\(code.count == 1 ? "0" : "")\(code) (not allowed in XML)",
        at: control)
    }
    var root: XMLElement?
    while true {
      skipWhitespace()
      guard index < bytes.count else { break }
      guard bytes[index] == UInt8(ascii: "<") else {
        throw error(
          root == nil ? "expected '<' (not an XML document)" : "text after the root element",
          at: index)
      }
      if try skipMarkupOutsideElements() { continue }
      guard root == nil else { throw error("a second root element", at: index) }
      root = try element(depth: 1, namespaces: [:])
    }
    guard let root else { throw error("no root element", at: index) }
    return root
  }

  /// Skips a comment, processing instruction or XML declaration at `index`; refuses a
  /// document type declaration. Returns false when an element starts here.
  mutating func skipMarkupOutsideElements() throws(CLFParseError) -> Bool {
    if matches("<!--") {
      try skipComment()
      return true
    }
    if matches("<?") {
      try skip(past: "?>", what: "processing instruction")
      return true
    }
    if matches("<!DOCTYPE") || matches("<!ENTITY") || matches("<!") {
      throw error(
        "document type and entity declarations are refused (CLF needs none; they allow entity expansion attacks)",
        at: index)
    }
    return false
  }

  /// One element starting at `<`, with its content and end tag.
  mutating func element(depth: Int, namespaces outer: [String: String]) throws(CLFParseError)
    -> XMLElement
  {
    let start = index
    guard depth <= CLFLimits.maxDepth else {
      throw error("elements nested deeper than \(CLFLimits.maxDepth)", at: start)
    }
    elementCount += 1
    guard elementCount <= CLFLimits.maxElements else {
      throw error("more than \(CLFLimits.maxElements) elements", at: start)
    }
    index += 1
    let qualifiedName = try name()
    let attributes = try attributeList(of: qualifiedName)
    var namespaces = outer
    for (name, value) in attributes {
      if name == "xmlns" { namespaces[""] = value }
      if name.hasPrefix("xmlns:") { namespaces[String(name.dropFirst(6))] = value }
    }
    let (prefix, local) = split(qualifiedName)
    let resolved = namespaces[prefix]
    if !prefix.isEmpty, resolved == nil {
      throw error("undeclared namespace prefix '\(prefix)'", at: start)
    }
    let position = location(of: start)
    var node = XMLElement(
      name: local, namespace: resolved, attributes: attributes, line: position.line,
      column: position.column)
    if matches("/>") {
      index += 2
      return node
    }
    guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
      throw error("expected '>' or '/>' in the start tag of '\(qualifiedName)'", at: index)
    }
    index += 1
    // Text is kept as runs of the document's bytes (`run` is where the current one starts)
    // and copied once, into the element's string: a 250 MB Array costs one copy, not a byte
    // array grown by doubling plus the string (issue 40 R3). `text` holds the bytes of runs
    // that a reference, CDATA section or child element ended.
    var text: [UInt8] = []
    var run = index
    while true {
      guard index < bytes.count else {
        throw error("end of file inside '\(qualifiedName)' (no end tag)", at: start)
      }
      let byte = bytes[index]
      if byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<") {
        index += 1
        continue
      }
      let plain = bytes[run..<index]
      if byte == UInt8(ascii: "&") {
        text.append(contentsOf: plain)
        try reference(into: &text)
      } else if matches("</") {
        let endAt = index
        index += 2
        let endName = try name()
        skipWhitespace()
        guard endName == qualifiedName, index < bytes.count, bytes[index] == UInt8(ascii: ">")
        else {
          throw error("end tag '\(endName)' does not close '\(qualifiedName)'", at: endAt)
        }
        index += 1
        if text.isEmpty {
          node.text = String(decoding: plain, as: UTF8.self)
        } else {
          text.append(contentsOf: plain)
          node.text = String(decoding: text, as: UTF8.self)
        }
        return node
      } else if matches("<![CDATA[") {
        text.append(contentsOf: plain)
        index += 9
        let from = index
        try skip(past: "]]>", what: "CDATA section", openedAt: from - 9)
        text.append(contentsOf: bytes[from..<(index - 3)])
      } else if try skipMarkupOutsideElements() {
        text.append(contentsOf: plain)
      } else {
        text.append(contentsOf: plain)
        node.children.append(try element(depth: depth + 1, namespaces: namespaces))
      }
      run = index
    }
  }
}
