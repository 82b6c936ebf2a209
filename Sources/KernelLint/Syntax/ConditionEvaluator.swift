/// Evaluates a preprocessed `#if` expression over integers (C rules; unknown names are 0).
struct ConditionEvaluator {
  private let tokens: [Token]
  private var index = 0
  private var depth = 0

  /// Creates an evaluator for macro-expanded tokens.
  init(tokens: [Token]) { self.tokens = tokens }

  /// The value, or nil if the expression is malformed or too deep.
  mutating func parse() -> Int64? {
    let value = ternary()
    return index == tokens.count ? value : nil
  }

  private var current: Token? { index < tokens.count ? tokens[index] : nil }

  private mutating func ternary() -> Int64? {
    guard let condition = binary(0) else { return nil }
    guard current?.isPunct("?") == true else { return condition }
    index += 1
    guard let yes = ternary(), current?.isPunct(":") == true else { return nil }
    index += 1
    guard let no = ternary() else { return nil }
    return condition != 0 ? yes : no
  }

  private static let levels: [[String]] = [
    ["||"], ["&&"], ["|"], ["^"], ["&"], ["==", "!="], ["<", ">", "<=", ">="], ["<<", ">>"],
    ["+", "-"], ["*", "/", "%"],
  ]

  private mutating func binary(_ level: Int) -> Int64? {
    guard level < Self.levels.count else { return unary() }
    guard var left = binary(level + 1) else { return nil }
    while let op = current, op.kind == .punctuator, Self.levels[level].contains(op.text) {
      index += 1
      guard let right = binary(level + 1) else { return nil }
      left = Self.apply(op.text, left, right)
    }
    return left
  }

  private static func apply(_ op: String, _ a: Int64, _ b: Int64) -> Int64 {
    switch op {
    case "||": return (a != 0 || b != 0) ? 1 : 0
    case "&&": return (a != 0 && b != 0) ? 1 : 0
    case "|": return a | b
    case "^": return a ^ b
    case "&": return a & b
    case "==": return a == b ? 1 : 0
    case "!=": return a != b ? 1 : 0
    case "<": return a < b ? 1 : 0
    case ">": return a > b ? 1 : 0
    case "<=": return a <= b ? 1 : 0
    case ">=": return a >= b ? 1 : 0
    case "<<": return a << (b & 63)
    case ">>": return a >> (b & 63)
    case "+": return a &+ b
    case "-": return a &- b
    case "*": return a &* b
    case "/": return b == 0 ? 0 : a.dividedReportingOverflow(by: b).partialValue
    default: return b == 0 ? 0 : a.remainderReportingOverflow(dividingBy: b).partialValue
    }
  }

  private mutating func unary() -> Int64? {
    guard let token = current else { return nil }
    depth += 1
    defer { depth -= 1 }
    guard depth < 256 else { return nil }
    index += 1
    switch token.kind {
    case .number:
      let digits = token.text.prefix { $0.isNumber || $0.isLetter }
        .filter { !"uUlL".contains($0) }
      if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
        return Int64(digits.dropFirst(2), radix: 16) ?? 0
      }
      if let exact = Int64(digits) { return exact }
      let d = Double(token.text) ?? 0
      return d.isFinite && abs(d) < 9e18 ? Int64(d) : 0
    case .identifier:
      if current?.isPunct("(") == true { return nil }
      return token.text == "true" ? 1 : 0
    case .punctuator:
      switch token.text {
      case "(":
        guard let v = ternary(), current?.isPunct(")") == true else { return nil }
        index += 1
        return v
      case "!": return unary().map { $0 == 0 ? 1 : 0 }
      case "-": return unary().map { 0 &- $0 }
      case "+": return unary()
      case "~": return unary().map { ~$0 }
      default: return nil
      }
    default:
      return nil
    }
  }
}
