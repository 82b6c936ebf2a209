import CubeFormat

/// Names, attributes, references, comments and locations.
extension XMLReader {
  /// Whether the input at `index` starts with `text`.
  func matches(_ text: StaticString) -> Bool {
    let count = text.utf8CodeUnitCount
    guard index + count <= bytes.count else { return false }
    let p = text.utf8Start
    for k in 0..<count where bytes[index + k] != p[k] { return false }
    return true
  }

  mutating func skipWhitespace() {
    while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
  }

  static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

  static func isNameByte(_ b: UInt8, first: Bool) -> Bool {
    switch b {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "_"), UInt8(ascii: ":"), 0x80...0xFF:
      return true
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
      return !first
    default: return false
    }
  }

  /// An element or attribute name (at most 256 bytes).
  mutating func name() throws(CLFParseError) -> String {
    let start = index
    while index < bytes.count, Self.isNameByte(bytes[index], first: index == start) {
      index += 1
      if index - start > 256 { throw error("a name longer than 256 bytes", at: start) }
    }
    guard index > start else { throw error("expected a name", at: start) }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// `prefix:local` → (prefix, local); no colon → ("", name).
  func split(_ qualified: String) -> (String, String) {
    guard let colon = qualified.firstIndex(of: ":") else { return ("", qualified) }
    return (String(qualified[..<colon]), String(qualified[qualified.index(after: colon)...]))
  }

  /// The attributes of a start tag, up to (not including) `>` or `/>`.
  mutating func attributeList(of element: String) throws(CLFParseError)
    -> [(name: String, value: String)]
  {
    var list: [(name: String, value: String)] = []
    while true {
      let before = index
      skipWhitespace()
      guard index < bytes.count else {
        throw error("end of file in the start tag of '\(element)'", at: before)
      }
      if bytes[index] == UInt8(ascii: ">") || matches("/>") { return list }
      guard index > before else {
        throw error("expected whitespace before an attribute of '\(element)'", at: index)
      }
      let at = index
      let name = try name()
      skipWhitespace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
        throw error("expected '=' after attribute '\(name)'", at: index)
      }
      index += 1
      skipWhitespace()
      guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 else {
        throw error("expected a quoted value for attribute '\(name)'", at: index)
      }
      let quote = bytes[index]
      index += 1
      var value: [UInt8] = []
      while true {
        guard index < bytes.count else {
          throw error("end of file in the value of attribute '\(name)'", at: at)
        }
        let b = bytes[index]
        if b == quote { break }
        if b == UInt8(ascii: "<") {
          throw error("'<' in the value of attribute '\(name)'", at: index)
        }
        if b == UInt8(ascii: "&") {
          try reference(into: &value)
        } else {
          // Attribute-value normalisation: whitespace characters become spaces.
          value.append(Self.isSpace(b) ? 0x20 : b)
          index += 1
        }
      }
      index += 1
      if list.contains(where: { $0.name == name }) {
        throw error("attribute '\(name)' repeated", at: at)
      }
      list.append((name, String(decoding: value, as: UTF8.self)))
      guard list.count <= CLFLimits.maxAttributes else {
        throw error("more than \(CLFLimits.maxAttributes) attributes on '\(element)'", at: at)
      }
    }
  }

  /// A reference at `&`: a predefined entity or a numeric character reference, appended as
  /// UTF-8. Any other entity is undeclared (the reader refuses declarations).
  mutating func reference(into out: inout [UInt8]) throws(CLFParseError) {
    let start = index
    guard
      let semicolon = bytes[index..<min(bytes.count, index + 12)].firstIndex(
        of: UInt8(ascii: ";"))
    else { throw error("'&' that does not start a reference (write &amp;)", at: start) }
    let body = String(decoding: bytes[(index + 1)..<semicolon], as: UTF8.self)
    index = semicolon + 1
    switch body {
    case "lt": out.append(UInt8(ascii: "<"))
    case "gt": out.append(UInt8(ascii: ">"))
    case "amp": out.append(UInt8(ascii: "&"))
    case "apos": out.append(0x27)
    case "quot": out.append(0x22)
    default:
      var scalar: UInt32?
      if body.hasPrefix("#x") {
        scalar = UInt32(body.dropFirst(2), radix: 16)
      } else if body.hasPrefix("#") {
        scalar = UInt32(body.dropFirst(), radix: 10)
      } else {
        throw error(
          "undeclared entity '&\(body);' (only the five predefined ones exist)", at: start)
      }
      // XML 1.0's Char: tab, line feed, carriage return, and U+0020 on, without U+FFFE/FFFF.
      guard let value = scalar, value >= 0x20 || [0x9, 0xA, 0xD].contains(value),
        value != 0xFFFE, value != 0xFFFF, let character = Unicode.Scalar(value)
      else {
        throw error("invalid character reference '&\(body);'", at: start)
      }
      out.append(contentsOf: Array(String(Character(character)).utf8))
    }
  }

  mutating func skipComment() throws(CLFParseError) {
    let start = index
    index += 4
    try skip(past: "-->", what: "comment", openedAt: start)
  }

  /// Moves past the next `terminator`; an error located at `openedAt` (default: here) when
  /// the input ends first.
  mutating func skip(past terminator: StaticString, what: String, openedAt: Int? = nil)
    throws(CLFParseError)
  {
    let start = openedAt ?? index
    while index < bytes.count {
      if matches(terminator) {
        index += terminator.utf8CodeUnitCount
        return
      }
      index += 1
    }
    throw error("unterminated \(what)", at: start)
  }

  /// The line and column of byte `offset`. Offsets are asked for in increasing order while
  /// parsing, so the scan is linear overall; an earlier offset rescans from the start.
  mutating func location(of offset: Int) -> SourceLocation {
    if offset < scanned {
      scanned = 0
      line = 1
      lineStart = 0
    }
    while scanned < offset, scanned < bytes.count {
      if bytes[scanned] == 0x0A { (line, lineStart) = (line + 1, scanned + 1) }
      scanned += 1
    }
    return SourceLocation(file: file, line: line, column: offset - lineStart + 1)
  }

  /// An error located at byte `offset`.
  mutating func error(_ message: String, at offset: Int) -> CLFParseError {
    CLFParseError(message, at: location(of: offset))
  }
}
