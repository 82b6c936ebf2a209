extension Parser {
  /// Parses `{ … }`.
  ///
  /// A statement that fails to parse is recorded in `unit.errors` where parsing stopped and
  /// skipped (`skipStatement(from:)`); the block goes on with the next one. A block cut off
  /// by the end of the input keeps the statements parsed so far. Only the nesting limit
  /// aborts the enclosing function.
  mutating func parseBlock() throws(SyntaxError) -> Stmt {
    try expect("{")
    var statements: [Stmt] = []
    while !current.isPunct("}") {
      if atEnd {
        unit.errors.append((current.range, "expected '}' before the end of the input"))
        return .block(statements)
      }
      let start = index
      let savedDepth = depth
      do {
        statements.append(try parseStatement())
      } catch {
        if error.isNestingLimit { throw error }
        depth = savedDepth
        unit.errors.append((error.range, "statement skipped (\(error.message))"))
        skipStatement(from: start)
      }
    }
    skip()
    return .block(statements)
  }

  /// Moves the cursor from `start` past the statement that failed: to just after the next
  /// `;` outside parentheses (or ending its line), or past a balanced `{ … }`; it stops before
  /// a `}` that closes the enclosing block.
  mutating func skipStatement(from start: Int) {
    index = start
    var parentheses = 0
    while !atEnd {
      if current.isPunct("}") { return }
      if current.isPunct("{") {
        skipBalanced(open: "{", close: "}")
        if parentheses == 0 { return }
        continue
      }
      if current.isPunct("(") || current.isPunct("[") { parentheses += 1 }
      if current.isPunct(")") || current.isPunct("]") { parentheses = max(parentheses - 1, 0) }
      let ends = current.isPunct(";")
      skip()
      if ends && (parentheses == 0 || current.isAtLineStart) { return }
    }
  }

  /// Parses one statement.
  mutating func parseStatement() throws(SyntaxError) -> Stmt {
    try enter()
    defer { depth -= 1 }
    let start = current.range
    if current.isPunct("{") { return try parseBlock() }
    if accept(";") { return .block([]) }
    if current.kind == .identifier {
      switch current.text {
      case "if":
        skip()
        try expect("(")
        let condition = try parseExpression()
        try expect(")")
        let then = try parseStatement()
        let otherwise = accept("else") ? try parseStatement() : nil
        return .ifElse(condition, then, otherwise)
      case "for":
        skip()
        try expect("(")
        let initial: Stmt? = current.isPunct(";") ? nil : try parseSimpleStatement()
        if initial == nil { try expect(";") }
        let condition = current.isPunct(";") ? nil : try parseExpression()
        try expect(";")
        let step = current.isPunct(")") ? nil : try parseExpression()
        try expect(")")
        let body = try parseStatement()
        return .forLoop(initial, condition, step, body, range: start.lowerBound..<previousEnd)
      case "while":
        skip()
        try expect("(")
        let condition = try parseExpression()
        try expect(")")
        let body = try parseStatement()
        return .whileLoop(condition, body, isDoWhile: false, range: start.lowerBound..<previousEnd)
      case "do":
        skip()
        let body = try parseStatement()
        try expect("while")
        try expect("(")
        let condition = try parseExpression()
        try expect(")")
        try expect(";")
        return .whileLoop(condition, body, isDoWhile: true, range: start.lowerBound..<previousEnd)
      case "switch":
        return try parseSwitch()
      case "return":
        skip()
        let value = current.isPunct(";") ? nil : try parseExpression()
        try expect(";")
        return .returnValue(value, range: start.lowerBound..<previousEnd)
      case "break", "continue", "discard", "discard_fragment":
        skip()
        if current.isPunct("(") { skipBalanced(open: "(", close: ")") }
        try expect(";")
        return .jump
      default:
        break
      }
    }
    return try parseSimpleStatement()
  }

  /// The end of the previous token.
  var previousEnd: Int { tokens[max(index - 1, 0)].range.upperBound }

  /// A declaration or an expression statement, including its `;`.
  mutating func parseSimpleStatement() throws(SyntaxError) -> Stmt {
    if looksLikeDeclaration() {
      let start = current.range
      var qualifiers: [String] = []
      var markers: Set<String> = []
      try parseLeadingQualifiers(into: &qualifiers, markers: &markers)
      var type = try parseType()
      type.qualifiers += qualifiers
      guard current.kind == .identifier else {
        throw SyntaxError(range: current.range, message: "expected a variable name")
      }
      let name = advance()
      return .declaration(try parseDeclarators(type: type, firstName: name, start: start))
    }
    let expression = try parseExpression()
    try expect(";")
    return .expression(expression)
  }

  private static let typeQualifiers: Set<String> = [
    "const", "constant", "thread", "device", "threadgroup", "static", "constexpr", "highp",
    "mediump", "lowp", "unsigned", "signed", "volatile",
  ]

  /// Whether the tokens at the cursor start a declaration (`type name`, `ns::type<…> name`).
  func looksLikeDeclaration() -> Bool {
    var i = index
    func at(_ k: Int) -> Token { tokens[min(k, tokens.count - 1)] }
    while at(i).kind == .identifier && Parser.typeQualifiers.contains(at(i).text) { i += 1 }
    if i > index { return true }
    guard at(i).kind == .identifier else { return false }
    i += 1
    while at(i).isPunct("::") && at(i + 1).kind == .identifier { i += 2 }
    if at(i).isPunct("<") {
      let name = at(i - 1).text
      guard TypeName.laneCount(of: name) == nil,
        userTypes.contains(name) || Parser.templateTypes.contains(name)
      else { return false }
      var level = 0
      repeat {
        if at(i).isPunct("<") { level += 1 }
        if at(i).isPunct(">") { level -= 1 }
        if at(i).isPunct(">>") { level -= 2 }
        i += 1
      } while level > 0 && at(i).kind != .endOfFile
    }
    while at(i).isPunct("&") || at(i).isPunct("*") {
      i += 1
      return at(i).kind == .identifier && (at(i + 1).isPunct("=") || at(i + 1).isPunct(";"))
    }
    guard at(i).kind == .identifier else { return false }
    // `in`/`out` are GLSL qualifiers, but also plain Metal names (`FragOut out;`).
    let next = at(i + 1)
    return !Parser.nonNameWords.contains(at(i).text) || next.isPunct(";") || next.isPunct("=")
  }

  static let templateTypes: Set<String> = [
    "texture2d", "texture1d", "texture3d", "vec", "array", "matrix", "sampler", "depth2d",
  ]
  private static let nonNameWords: Set<String> = ["in", "out"]
}
