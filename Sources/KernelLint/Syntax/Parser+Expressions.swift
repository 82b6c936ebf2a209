extension Parser {
  private func node(_ kind: Expr.Kind, from start: Int) -> Expr {
    // Fields are read in place: copying whole tokens (with their strings) costs more.
    let f = min(start, tokens.count - 1)
    let l = max(min(index - 1, tokens.count - 1), 0)
    let lower = min(tokens[f].range.lowerBound, tokens[l].range.lowerBound)
    let upper = max(tokens[f].range.upperBound, tokens[l].range.upperBound)
    return Expr(
      kind, range: lower..<upper, id: nextID,
      isFromMacro: tokens[f].isFromMacro || tokens[l].isFromMacro)
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

  /// Whether `t` is `=`, `+=`, `-=`, `*=`, `/=`, `%=`, `&=`, `|=`, `^=`, `<<=` or `>>=`.
  private static func isAssignmentOperator(_ t: Token) -> Bool {
    let (c0, c1, c2) = (t.byte(0), t.byte(1), t.byte(2))
    if c0 == UInt8(ascii: "=") { return c1 == 0 }
    if c1 == UInt8(ascii: "=") && c2 == 0 { return Parser.compoundFirstBytes.contains(c0) }
    return c2 == UInt8(ascii: "=") && c0 == c1
      && (c0 == UInt8(ascii: "<") || c0 == UInt8(ascii: ">"))
  }

  private static let compoundFirstBytes: [UInt8] = Array("+-*/%&|^".utf8)

  /// Parses an assignment (right-associative) or a conditional expression.
  mutating func parseAssignment() throws(SyntaxError) -> Expr {
    let start = index
    let left = try parseConditional()
    if Parser.isAssignmentOperator(current) {
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

  /// Binary operator precedence: `||` 0, `&&` 1, `|` 2, `^` 3, `&` 4, `== !=` 5,
  /// `< > <= >=` 6, `<< >>` 7, `+ -` 8, `* / %` 9; nil if `t` is not a binary operator.
  private static func precedence(_ t: Token) -> Int? {
    let (c0, c1) = (t.byte(0), t.byte(1))
    guard c0 != 0, t.byte(2) == 0 else { return nil }
    switch (c0, c1) {
    case (UInt8(ascii: "|"), UInt8(ascii: "|")): return 0
    case (UInt8(ascii: "&"), UInt8(ascii: "&")): return 1
    case (UInt8(ascii: "|"), 0): return 2
    case (UInt8(ascii: "^"), 0): return 3
    case (UInt8(ascii: "&"), 0): return 4
    case (UInt8(ascii: "="), UInt8(ascii: "=")), (UInt8(ascii: "!"), UInt8(ascii: "=")): return 5
    case (UInt8(ascii: "<"), 0), (UInt8(ascii: ">"), 0), (UInt8(ascii: "<"), UInt8(ascii: "=")),
      (UInt8(ascii: ">"), UInt8(ascii: "=")):
      return 6
    case (UInt8(ascii: "<"), UInt8(ascii: "<")), (UInt8(ascii: ">"), UInt8(ascii: ">")): return 7
    case (UInt8(ascii: "+"), 0), (UInt8(ascii: "-"), 0): return 8
    case (UInt8(ascii: "*"), 0), (UInt8(ascii: "/"), 0), (UInt8(ascii: "%"), 0): return 9
    default: return nil
    }
  }

  /// Whether `t` is a prefix operator: `- + ! ~ ++ -- * &`.
  private static func isPrefixOperator(_ t: Token) -> Bool {
    let (c0, c1) = (t.byte(0), t.byte(1))
    switch (c0, c1) {
    case (UInt8(ascii: "-"), 0), (UInt8(ascii: "+"), 0), (UInt8(ascii: "!"), 0),
      (UInt8(ascii: "~"), 0), (UInt8(ascii: "*"), 0), (UInt8(ascii: "&"), 0),
      (UInt8(ascii: "+"), UInt8(ascii: "+")), (UInt8(ascii: "-"), UInt8(ascii: "-")):
      return t.byte(2) == 0
    default:
      return false
    }
  }

  private mutating func parseBinary(_ minimum: Int) throws(SyntaxError) -> Expr {
    let start = index
    var left = try parseUnary()
    var chain = 0
    while let p = Parser.precedence(current), p >= minimum {
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
    if Parser.isPrefixOperator(current) {
      try enter()
      defer { depth -= 1 }
      let op = advance().text
      let operand = try parseUnary()
      return make(.unary(op, operand), from: start)
    }
    if current.isPunct("("), isCast() {
      try enter()
      defer { depth -= 1 }
      skip()
      let type = try parseType()
      try expect(")")
      let operand = try parseUnary()
      return make(.cast(type, operand), from: start)
    }
    return try parsePostfix()
  }

  private func isCast() -> Bool {
    let t = self[ahead: 1]
    guard t.kind == .identifier else { return false }
    let closes = self[ahead: 2].isPunct(")")
    return closes
      && (t.text == "void" || TypeName.laneCount(of: t.text) != nil
        || TypeName.matrixShape(t.text) != nil
        || userTypes.contains(t.text))
  }

  private mutating func parsePostfix() throws(SyntaxError) -> Expr {
    let start = index
    var expr = try parsePrimary()
    while true {
      if current.isPunct("(") {
        skip()
        try enter()
        defer { depth -= 1 }
        let arguments = try parseArguments(closing: ")")
        expr = make(.call(expr, arguments), from: start)
      } else if current.isPunct(".") || current.isPunct("->") {
        skip()
        guard current.kind == .identifier else {
          throw SyntaxError(range: current.range, message: "expected a member name")
        }
        let name = advance().text
        expr = make(.member(expr, name), from: start)
      } else if current.isPunct("[") && !self[ahead: 1].isPunct("[") {
        skip()
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

  private mutating func parseArguments(closing: StaticString) throws(SyntaxError) -> [Expr] {
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
    let closing: StaticString = current.isPunct("(") ? ")" : "}"
    skip()
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
      skip()
      return make(.number(Parser.numberValue(token.text)), from: start)
    case .string, .character:
      while current.kind == .string || current.kind == .character { skip() }
      return make(.literal, from: start)
    case .identifier:
      skip()
      var name = token.text
      var scope: String?
      while current.isPunct("::"), self[ahead: 1].kind == .identifier {
        skip()
        scope = name
        name = advance().text
      }
      // `coord::normalized`, `filter::linear`: enumerators (sampler settings), not values.
      if let scope, !Parser.valueNamespaces.contains(scope), !current.isPunct("(") {
        return make(.literal, from: start)
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
      if token.isPunct("(") {
        try enter()
        defer { depth -= 1 }
        skip()
        let inner = try parseExpression()
        try expect(")")
        return inner
      }
      if token.isPunct("{") {
        try enter()
        defer { depth -= 1 }
        skip()
        let elements = try parseArguments(closing: "}")
        return make(.initializerList(elements), from: start)
      }
      if token.isPunct("::") {
        skip()
        return try parsePrimary()
      }
    case .endOfFile:
      break
    }
    throw SyntaxError(range: token.range, message: "unexpected '\(token.text)'")
  }

  /// The longest operator chain accepted in one expression (keeps analysis recursion bounded).
  static let chainLimit = 1024

  /// Namespaces whose members are functions and constants (`metal::pi`), not enumerators.
  private static let valueNamespaces: Set<String> = [
    "metal", "coreimage", "std", "precise", "fast",
  ]

  private static let castTemplates: Set<String> = [
    "static_cast", "as_type", "reinterpret_cast", "const_cast",
  ]

  /// The value of a numeric literal, suffixes (`f`, `h`, `u`, `l`) removed.
  static func numberValue(_ text: String) -> Double {
    let utf8 = text.utf8
    let lowered = { (i: String.Index) in utf8[i] | 0x20 }
    if utf8.count >= 2, utf8.first == UInt8(ascii: "0"),
      lowered(utf8.index(after: utf8.startIndex)) == UInt8(ascii: "x")
    {
      let digits = text.dropFirst(2).prefix { $0.isHexDigit }
      return Double(UInt64(digits, radix: 16) ?? 0)
    }
    var end = utf8.endIndex
    while end > utf8.startIndex, Parser.numberSuffixes.contains(lowered(utf8.index(before: end))) {
      end = utf8.index(before: end)
    }
    if end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: ".") {
      end = utf8.index(before: end)
    }
    return Double(text[..<end]) ?? Double.nan
  }

  private static let numberSuffixes: [UInt8] = Array("fhul".utf8)
}
