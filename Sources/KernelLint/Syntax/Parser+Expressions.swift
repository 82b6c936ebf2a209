extension Parser {
  private func node(_ kind: Expr.Kind, from start: Int) -> Expr {
    let first = tokens[min(start, tokens.count - 1)]
    let last = tokens[max(min(index - 1, tokens.count - 1), 0)]
    let lower = min(first.range.lowerBound, last.range.lowerBound)
    let upper = max(first.range.upperBound, last.range.upperBound)
    return Expr(
      kind, range: lower..<upper, id: nextID, isFromMacro: first.isFromMacro || last.isFromMacro)
  }

  private mutating func make(_ kind: Expr.Kind, from start: Int) -> Expr {
    nextID += 1
    return node(kind, from: start)
  }

  /// Parses a comma expression.
  mutating func parseExpression() throws(SyntaxError) -> Expr {
    let start = index
    var left = try parseAssignment()
    while accept(",") {
      let right = try parseAssignment()
      left = make(.comma(left, right), from: start)
    }
    return left
  }

  private static let assignmentOperators: Set<String> = [
    "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=",
  ]

  /// Parses an assignment (right-associative) or a conditional expression.
  mutating func parseAssignment() throws(SyntaxError) -> Expr {
    let start = index
    let left = try parseConditional()
    if current.kind == .punctuator, Parser.assignmentOperators.contains(current.text) {
      let op = advance().text
      try enter()
      defer { depth -= 1 }
      let right = try parseAssignment()
      return make(.assign(op, left, right), from: start)
    }
    return left
  }

  private mutating func parseConditional() throws(SyntaxError) -> Expr {
    let start = index
    let condition = try parseBinary(0)
    guard accept("?") else { return condition }
    try enter()
    defer { depth -= 1 }
    let yes = try parseExpression()
    try expect(":")
    let no = try parseAssignment()
    return make(.ternary(condition, yes, no), from: start)
  }

  private static let precedence: [String: Int] = [
    "||": 0, "&&": 1, "|": 2, "^": 3, "&": 4, "==": 5, "!=": 5, "<": 6, ">": 6, "<=": 6,
    ">=": 6, "<<": 7, ">>": 7, "+": 8, "-": 8, "*": 9, "/": 9, "%": 9,
  ]

  private mutating func parseBinary(_ minimum: Int) throws(SyntaxError) -> Expr {
    let start = index
    var left = try parseUnary()
    var chain = 0
    while current.kind == .punctuator, let p = Parser.precedence[current.text], p >= minimum {
      chain += 1
      if chain > Parser.chainLimit {
        throw SyntaxError(
          range: current.range, message: "expression longer than \(Parser.chainLimit) operators")
      }
      let op = advance().text
      let right = try parseBinary(p + 1)
      left = make(.binary(op, left, right), from: start)
    }
    return left
  }

  private mutating func parseUnary() throws(SyntaxError) -> Expr {
    let start = index
    if current.kind == .punctuator,
      ["-", "+", "!", "~", "++", "--", "*", "&"].contains(current.text)
    {
      try enter()
      defer { depth -= 1 }
      let op = advance().text
      let operand = try parseUnary()
      return make(.unary(op, operand), from: start)
    }
    if current.isPunct("("), isCast() {
      try enter()
      defer { depth -= 1 }
      _ = advance()
      let type = try parseType()
      try expect(")")
      let operand = try parseUnary()
      return make(.cast(type, operand), from: start)
    }
    return try parsePostfix()
  }

  private func isCast() -> Bool {
    let t = peek()
    guard t.kind == .identifier else { return false }
    let closes = peek(2).isPunct(")")
    return closes
      && (TypeName.laneCount(of: t.text) != nil || TypeName.matrixShape(t.text) != nil
        || userTypes.contains(t.text))
  }

  private mutating func parsePostfix() throws(SyntaxError) -> Expr {
    let start = index
    var expr = try parsePrimary()
    while true {
      if current.isPunct("(") {
        _ = advance()
        try enter()
        defer { depth -= 1 }
        let arguments = try parseArguments(closing: ")")
        expr = make(.call(expr, arguments), from: start)
      } else if current.isPunct(".") || current.isPunct("->") {
        _ = advance()
        guard current.kind == .identifier else {
          throw SyntaxError(range: current.range, message: "expected a member name")
        }
        let name = advance().text
        expr = make(.member(expr, name), from: start)
      } else if current.isPunct("[") && !peek().isPunct("[") {
        _ = advance()
        try enter()
        defer { depth -= 1 }
        let subscriptExpr = try parseExpression()
        try expect("]")
        expr = make(.index(expr, subscriptExpr), from: start)
      } else if current.isPunct("++") || current.isPunct("--") {
        let op = advance().text
        expr = make(.postfix(op, expr), from: start)
      } else {
        return expr
      }
    }
  }

  private mutating func parseArguments(closing: String) throws(SyntaxError) -> [Expr] {
    var arguments: [Expr] = []
    while !current.isPunct(closing) {
      if atEnd { throw SyntaxError(range: current.range, message: "expected '\(closing)'") }
      arguments.append(try parseAssignment())
      if !accept(",") { break }
    }
    try expect(closing)
    return arguments
  }

  /// Parses `(args)` or `{args}` after a declared name: `float3 v(1.0);`.
  mutating func parsePostfixArguments(constructorName: String, nameToken: Token)
    throws(SyntaxError) -> Expr
  {
    let start = index
    let closing = current.isPunct("(") ? ")" : "}"
    _ = advance()
    let arguments = try parseArguments(closing: closing)
    nextID += 1
    let callee = Expr(
      .identifier(constructorName), range: nameToken.range, id: nextID, isFromMacro: false)
    return make(.call(callee, arguments), from: start)
  }

  private mutating func parsePrimary() throws(SyntaxError) -> Expr {
    let start = index
    let token = current
    switch token.kind {
    case .number:
      _ = advance()
      return make(.number(Parser.numberValue(token.text)), from: start)
    case .string, .character:
      while current.kind == .string || current.kind == .character { _ = advance() }
      return make(.literal, from: start)
    case .identifier:
      _ = advance()
      var name = token.text
      while current.isPunct("::"), peek().kind == .identifier {
        _ = advance()
        name = advance().text
      }
      if current.isPunct("<"),
        Parser.castTemplates.contains(name) || Parser.templateTypes.contains(name)
      {
        skipBalanced(open: "<", close: ">")
      }
      if name == "true" || name == "false" {
        return make(.number(name == "true" ? 1 : 0), from: start)
      }
      return make(.identifier(name), from: start)
    case .punctuator:
      if token.text == "(" {
        try enter()
        defer { depth -= 1 }
        _ = advance()
        let inner = try parseExpression()
        try expect(")")
        return inner
      }
      if token.text == "{" {
        try enter()
        defer { depth -= 1 }
        _ = advance()
        let elements = try parseArguments(closing: "}")
        return make(.initializerList(elements), from: start)
      }
      if token.text == "::" {
        _ = advance()
        return try parsePrimary()
      }
    case .endOfFile:
      break
    }
    throw SyntaxError(range: token.range, message: "unexpected '\(token.text)'")
  }

  /// The longest operator chain accepted in one expression (keeps analysis recursion bounded).
  static let chainLimit = 1024

  private static let castTemplates: Set<String> = [
    "static_cast", "as_type", "reinterpret_cast", "const_cast",
  ]

  /// The value of a numeric literal, suffixes (`f`, `h`, `u`, `l`) removed.
  static func numberValue(_ text: String) -> Double {
    let lower = text.lowercased()
    if lower.hasPrefix("0x") {
      let digits = lower.dropFirst(2).prefix { $0.isHexDigit }
      return Double(UInt64(digits, radix: 16) ?? 0)
    }
    var body = Substring(lower)
    while let last = body.last, "fhul".contains(last) { body = body.dropLast() }
    if body.hasSuffix(".") { body = body.dropLast() }
    return Double(body) ?? Double.nan
  }
}
