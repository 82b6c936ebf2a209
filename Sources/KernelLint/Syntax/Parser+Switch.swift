extension Parser {
  /// Parses `switch (x) { case a: … default: … }` into `if (x == a) {…} else … {default}`.
  ///
  /// Cases without statements share the next case's body (`case 0: case 1: …`); fall-through
  /// between non-empty cases is not followed, and `break` ends nothing the analysis tracks.
  mutating func parseSwitch() throws(SyntaxError) -> Stmt {
    skip()
    try expect("(")
    let subject = try parseExpression()
    try expect(")")
    try expect("{")
    var groups: [(condition: Expr, body: [Stmt])] = []
    var pending: Expr?
    var defaultBody: [Stmt]?
    var inDefault = false
    while !accept("}") {
      if atEnd { throw SyntaxError(range: current.range, message: "expected '}'") }
      if accept("case") {
        let label = try parseExpression()
        try expect(":")
        let test = node(.binary("==", subject, label), like: label)
        pending = pending.map { node(.binary("||", $0, test), like: label) } ?? test
        inDefault = false
      } else if current.isIdent("default") && self[ahead: 1].isPunct(":") {
        index += 2
        defaultBody = defaultBody ?? []
        inDefault = true
      } else {
        let statement = try parseStatement()
        if inDefault {
          defaultBody?.append(statement)
        } else if let condition = pending {
          groups.append((condition, [statement]))
          pending = nil
        } else if !groups.isEmpty {
          groups[groups.count - 1].body.append(statement)
        }
      }
    }
    var result: Stmt? = defaultBody.map { .block($0) }
    for group in groups.reversed() {
      result = .ifElse(group.condition, .block(group.body), result)
    }
    return result ?? .block([])
  }

  /// A synthesised node spanning `source` (a case label).
  private mutating func node(_ kind: Expr.Kind, like source: Expr) -> Expr {
    nextID += 1
    return Expr(kind, range: source.range, id: nextID, isFromMacro: source.isFromMacro)
  }
}
