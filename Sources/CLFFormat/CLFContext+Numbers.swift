/// Numbers in text: one value, value lists and `Array` elements with their `dim`.
extension CLFContext {
  /// A strict decimal number: `[+-]digits[.digits][(e|E)[+-]digits]` (also `.5`, `5.`).
  static func number(_ token: Substring) -> Double? {
    guard !token.isEmpty, token.utf8.count <= 64 else { return nil }
    var digits = 0
    for byte in token.utf8 {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
      case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "e"),
        UInt8(ascii: "E"):
        break
      default: return nil
      }
    }
    guard digits > 0, let value = Double(token), value.isFinite else { return nil }
    return value
  }

  static func isSpace(_ c: Character) -> Bool {
    c.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
  }

  static func isSpaceByte(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

  /// Exactly `count` whitespace-separated numbers from `element`'s text, each within the
  /// range of a 32-bit float (the values are applied as `Float`).
  ///
  /// Tokens are found one at a time and counted as they are found, so a text with millions of
  /// tokens more than declared costs no more than its own bytes (docs/reliability.md §4).
  func numbers(_ element: XMLElement, count: Int) throws(CLFParseError) -> [Double] {
    var values: [Double] = []
    // Each number takes at least two bytes of text: a short text reserves little.
    let text = element.text.utf8
    values.reserveCapacity(min(count, text.count / 2 + 1))
    var index = text.startIndex
    while true {
      while index < text.endIndex, Self.isSpaceByte(text[index]) {
        index = text.index(after: index)
      }
      guard index < text.endIndex else { break }
      var end = index
      while end < text.endIndex, !Self.isSpaceByte(text[end]) { end = text.index(after: end) }
      let token = Substring(text[index..<end])
      index = end
      guard values.count < count else {
        throw fail("'\(element.name)' has more than the \(count) values it declares", element)
      }
      guard let value = Self.number(token) else {
        throw fail(
          "invalid number '\(token.prefix(40))' (value \(values.count + 1) of '\(element.name)')",
          element)
      }
      guard abs(value) <= Double(Float.greatestFiniteMagnitude) else {
        throw fail(
          "value \(values.count + 1) of '\(element.name)' (\(token.prefix(40))) is beyond the range of a 32-bit float",
          element)
      }
      values.append(value)
    }
    guard values.count == count else {
      throw fail("'\(element.name)' has \(values.count) values, expected \(count)", element)
    }
    return values
  }

  /// The one number of an element such as `<Saturation>` or `<minInValue>`.
  func scalar(_ element: XMLElement) throws(CLFParseError) -> Double {
    try numbers(element, count: 1)[0]
  }

  /// A numeric attribute, nil when absent.
  func attributeNumber(_ element: XMLElement, _ name: String) throws(CLFParseError) -> Double? {
    guard let text = element.attribute(name) else { return nil }
    guard let value = Self.number(Substring(text.trimmingSpaces)) else {
      throw fail("attribute \(name)='\(text.prefix(40))' is not a number", element)
    }
    return value
  }

  /// The `Array` child of `element` and its `dim` as integers (each checked against `limit`
  /// before anything is allocated).
  func array(_ element: XMLElement, limit: Int) throws(CLFParseError) -> (XMLElement, [Int]) {
    guard let array = try single(element, "Array") else {
      throw fail("'\(element.name)' has no Array", element)
    }
    guard let dimText = array.attribute("dim") else { throw fail("Array has no dim", array) }
    var dims: [Int] = []
    for token in dimText.split(separator: " ") {
      guard token.utf8.count <= 9, let n = Int(token), n > 0, n <= limit else {
        throw fail("Array dim '\(dimText.prefix(40))': each size must be 1…\(limit)", array)
      }
      dims.append(n)
    }
    return (array, dims)
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and line breaks.
  var trimmingSpaces: String {
    let trimmed = drop(while: CLFContext.isSpace).reversed().drop(while: CLFContext.isSpace)
    return String(trimmed.reversed())
  }
}
