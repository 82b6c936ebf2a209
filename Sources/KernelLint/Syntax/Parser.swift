/// Recursive-descent parser for the C-like subset shared by CIKL and Metal kernels.
///
/// Nesting (parentheses, blocks, unary chains, ternaries) is limited to
/// `Parser.nestingLimit`; deeper input gives a diagnostic, never a stack overflow. A function
/// that fails to parse is skipped (brace-balanced) and reported, the rest is still parsed.
struct Parser {
  /// The fixed nesting limit (as in naga).
  static let nestingLimit = 256

  var tokens: [Token]
  var index = 0
  var depth = 0
  var nextID = 0
  var unit = TranslationUnit()
  var userTypes: Set<String> = []
  private var markerStack: [Set<String>] = []

  /// Parses preprocessed tokens (which end with `.endOfFile`).
  static func parse(_ tokens: [Token]) -> TranslationUnit {
    var parser = Parser(tokens: tokens)
    parser.parseTopLevel()
    return parser.unit
  }

  init(tokens: [Token]) {
    self.tokens =
      tokens.isEmpty
      ? [Token(kind: .endOfFile, text: "", range: 0..<0, isAtLineStart: true, hasSpaceBefore: true)]
      : tokens
  }

  // MARK: Token access

  var current: Token {
    @inline(__always) _read { yield tokens[index] }
  }
  /// The token `offset` places ahead (read in place, not copied).
  subscript(ahead offset: Int) -> Token {
    @inline(__always) _read { yield tokens[min(index + offset, tokens.count - 1)] }
  }
  var atEnd: Bool { current.kind == .endOfFile }

  /// Consumes the current token and returns it.
  mutating func advance() -> Token {
    let t = tokens[index]
    skip()
    return t
  }

  /// Consumes the current token (no copy: most consumed tokens are not needed).
  @inline(__always) mutating func skip() {
    if index < tokens.count - 1 { index += 1 }
  }

  /// Consumes the punctuator or keyword `p` if it is next.
  mutating func accept(_ p: StaticString) -> Bool {
    let letter = UInt8(truncatingIfNeeded: Token.code(p)) | 0x20
    let isWord = letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "z")
    let matches =
      isWord ? tokens[index].isIdent(p.description) : tokens[index].isPunct(p)
    if matches { index += 1 }
    return matches
  }

  mutating func expect(_ p: StaticString) throws(SyntaxError) {
    guard accept(p) else {
      throw SyntaxError(range: current.range, message: "expected '\(p)'")
    }
  }

  mutating func enter() throws(SyntaxError) {
    depth += 1
    if depth > Parser.nestingLimit {
      throw SyntaxError(
        range: current.range, message: "nesting deeper than \(Parser.nestingLimit) levels")
    }
  }

  mutating func makeID() -> Int {
    nextID += 1
    return nextID
  }

  /// Skips balanced brackets starting at an opening token; stops at end of input.
  mutating func skipBalanced(open: StaticString, close: StaticString) {
    var level = 0
    while !atEnd {
      let t = advance()
      if t.isPunct(open) { level += 1 }
      if t.isPunct(close) {
        level -= 1
        if level <= 0 { return }
      }
    }
  }

  // MARK: Top level

  private static let declarationQualifiers: Set<String> = [
    "const", "constant", "static", "inline", "kernel", "fragment", "vertex", "thread", "device",
    "threadgroup", "__sample", "__color", "__table", "in", "out", "inout", "highp", "mediump",
    "lowp", "uniform", "volatile", "constexpr", "METAL_FUNC", "__inline", "__attribute__",
    "[[", "visible", "extern", "ray_data", "object_data", "unsigned", "signed",
  ]

  private mutating func parseTopLevel() {
    while !atEnd {
      let start = index
      do {
        try parseExternalDeclaration()
      } catch {
        unit.errors.append((error.range, error.message))
        depth = 0
        recoverTopLevel(from: start)
      }
      if index == start { skip() }
    }
  }

  /// Skips to the end of the declaration that failed: past its body or its `;`.
  private mutating func recoverTopLevel(from start: Int) {
    index = start
    while !atEnd {
      if current.isPunct(";") {
        skip()
        return
      }
      if current.isPunct("{") {
        skipBalanced(open: "{", close: "}")
        _ = accept(";")
        return
      }
      skip()
    }
  }

  private mutating func parseExternalDeclaration() throws(SyntaxError) {
    if accept(";") { return }
    if current.isPunct("}") {
      skip()
      _ = markerStack.popLast()
      return
    }
    if current.isIdent("using") || current.isIdent("typedef") {
      let isTypedef = current.isIdent("typedef")
      var last = ""
      while !atEnd && !current.isPunct(";") {
        if current.kind == .identifier { last = current.text }
        if current.isPunct("{") { skipBalanced(open: "{", close: "}") } else { skip() }
      }
      if isTypedef { userTypes.insert(last) }
      _ = accept(";")
      return
    }
    if current.isIdent("namespace") {
      skip()
      var name = ""
      while current.kind == .identifier || current.isPunct("::") { name = advance().text }
      try expect("{")
      var markers = markerStack.last ?? []
      if name == "coreimage" { markers.insert("coreimage") }
      markerStack.append(markers)
      return
    }
    if current.isIdent("extern") && self[ahead: 1].kind == .string && self[ahead: 2].isPunct("{") {
      index += 3
      var markers = markerStack.last ?? []
      markers.insert("externC")
      markerStack.append(markers)
      return
    }
    if current.isIdent("template") {
      skip()
      if current.isPunct("<") { skipBalanced(open: "<", close: ">") }
    }
    if current.isIdent("struct") || current.isIdent("class") || current.isIdent("union")
      || current.isIdent("enum")
    {
      skip()
      var name = ""
      if current.kind == .identifier {
        name = advance().text
        userTypes.insert(name)
      }
      while !atEnd && !current.isPunct("{") && !current.isPunct(";") { skip() }
      if current.isPunct("{") {
        let open = index
        skipBalanced(open: "{", close: "}")
        let members = colorMembers(in: open..<index)
        if !name.isEmpty && !members.isEmpty { unit.colorMembers[name] = members }
      }
      while !atEnd && !current.isPunct(";") { skip() }
      _ = accept(";")
      return
    }
    try parseFunctionOrGlobal()
  }

  private mutating func parseFunctionOrGlobal() throws(SyntaxError) {
    let startRange = current.range
    var markers = markerStack.last ?? []
    var qualifiers: [String] = []
    try parseLeadingQualifiers(into: &qualifiers, markers: &markers)
    var type = try parseType()
    type.qualifiers += qualifiers
    try parseTrailingAttributes(markers: &markers)
    guard current.kind == .identifier else {
      throw SyntaxError(range: current.range, message: "expected a declaration name")
    }
    let nameToken = advance()
    if current.isPunct("("), !isConstructedGlobal(qualifiers: qualifiers) {
      try parseFunction(
        type: type, name: nameToken, markers: markers.union(qualifiers), start: startRange)
      return
    }
    var decls = try parseDeclarators(type: type, firstName: nameToken, start: startRange)
    for i in decls.indices { decls[i].type.qualifiers += qualifiers }
    unit.globals += decls
  }

  /// Whether `name(` at the cursor starts a global built by a constructor
  /// (`constant float3 k(0.2, 0.7, 0.1);`, `constexpr sampler s(filter::linear);`) rather than
  /// a function: functions are never `constant`/`constexpr`, and parameters never start with
  /// a value.
  private func isConstructedGlobal(qualifiers: [String]) -> Bool {
    if qualifiers.contains("constant") || qualifiers.contains("constexpr") { return true }
    let first = self[ahead: 1]
    let afterScoped = self[ahead: 4]
    return first.kind == .number || first.kind == .string || first.isPunct("-")
      || self[ahead: 2].isPunct("::") && (afterScoped.isPunct(",") || afterScoped.isPunct(")"))
  }

  /// Names of the members declared `name [[color(n)]]` among `tokens[range]`.
  private func colorMembers(in range: Range<Int>) -> [String] {
    var names: [String] = []
    for i in range where i + 3 < range.upperBound {
      if tokens[i].kind == .identifier, tokens[i + 1].isPunct("["), tokens[i + 2].isPunct("["),
        tokens[i + 3].isIdent("color")
      {
        names.append(tokens[i].text)
      }
    }
    return names
  }

  mutating func parseLeadingQualifiers(into qualifiers: inout [String], markers: inout Set<String>)
    throws(SyntaxError)
  {
    while true {
      if current.isPunct("[") && self[ahead: 1].isPunct("[") {
        markers.formUnion(try parseAttribute())
      } else if current.isIdent("extern") && self[ahead: 1].kind == .string {
        index += 2
        markers.insert("externC")
      } else if current.isIdent("__attribute__") {
        skip()
        if current.isPunct("(") { skipBalanced(open: "(", close: ")") }
      } else if current.kind == .identifier, Parser.declarationQualifiers.contains(current.text) {
        qualifiers.append(advance().text)
      } else {
        return
      }
    }
  }

  mutating func parseTrailingAttributes(markers: inout Set<String>) throws(SyntaxError) {
    while current.isPunct("[") && self[ahead: 1].isPunct("[") {
      markers.formUnion(try parseAttribute())
    }
  }

  /// Parses `[[name(args), other]]` and returns the attribute names.
  mutating func parseAttribute() throws(SyntaxError) -> Set<String> {
    index += 2
    var names: Set<String> = []
    var level = 0
    while !atEnd {
      if level == 0 && current.isPunct("]") && self[ahead: 1].isPunct("]") {
        index += 2
        return names
      }
      if current.isPunct("(") { level += 1 }
      if current.isPunct(")") { level -= 1 }
      if level == 0, current.kind == .identifier { names.insert(current.text) }
      skip()
    }
    throw SyntaxError(range: current.range, message: "unterminated attribute")
  }

  /// Parses a type: `ns::name<args> const &`.
  mutating func parseType() throws(SyntaxError) -> TypeName {
    _ = accept("::")
    guard current.kind == .identifier else {
      throw SyntaxError(range: current.range, message: "expected a type")
    }
    var name = advance().text
    while current.isPunct("::"), self[ahead: 1].kind == .identifier {
      skip()
      name = advance().text
    }
    var type = TypeName(name: name)
    if current.isPunct("<") { skipBalanced(open: "<", close: ">") }
    while true {
      if accept("&") || accept("*") {
        type.isReference = true
      } else if current.isIdent("const") || current.isIdent("constant") {
        type.qualifiers.append(advance().text)
      } else {
        return type
      }
    }
  }

  private mutating func parseFunction(
    type: TypeName, name: Token, markers: Set<String>, start: Range<Int>
  ) throws(SyntaxError) {
    try expect("(")
    var parameters: [Parameter] = []
    if current.isIdent("void") && self[ahead: 1].isPunct(")") { skip() }
    while !current.isPunct(")") && !atEnd {
      parameters.append(try parseParameter())
      if !accept(",") { break }
    }
    try expect(")")
    var allMarkers = markers
    while !atEnd && !current.isPunct("{") && !current.isPunct(";") {
      if current.isPunct("[") && self[ahead: 1].isPunct("[") {
        allMarkers.formUnion(try parseAttribute())
      } else {
        skip()
      }
    }
    var function = FunctionDecl(
      name: name.text, nameRange: name.range, returnType: type, parameters: parameters, body: nil,
      markers: allMarkers, range: start)
    if accept(";") {
      unit.functions.append(function)
      return
    }
    let bodyStart = index
    do {
      function.body = try parseBlock()
    } catch {
      unit.errors.append((error.range, error.message))
      depth = 0
      index = bodyStart
      skipBalanced(open: "{", close: "}")
    }
    function.range =
      start.lowerBound..<max(start.upperBound, tokens[max(index - 1, 0)].range.upperBound)
    unit.functions.append(function)
  }

  private mutating func parseParameter() throws(SyntaxError) -> Parameter {
    let start = current.range
    var qualifiers: [String] = []
    var markers: Set<String> = []
    try parseLeadingQualifiers(into: &qualifiers, markers: &markers)
    var type: TypeName
    if let last = qualifiers.last, current.kind == .identifier,
      self[ahead: 1].isPunct(",") || self[ahead: 1].isPunct(")") || self[ahead: 1].isPunct("[")
    {
      type = TypeName(name: last)
    } else {
      type = try parseType()
    }
    type.qualifiers += qualifiers
    if qualifiers.contains("out") || qualifiers.contains("inout") { type.isReference = true }
    var name = ""
    if current.kind == .identifier { name = advance().text }
    while current.isPunct("[") && !self[ahead: 1].isPunct("[") {
      skip()
      while !atEnd && !current.isPunct("]") { skip() }
      try expect("]")
      type.isArray = true
    }
    var attributes: [String] = []
    while current.isPunct("[") && self[ahead: 1].isPunct("[") { attributes += try parseAttribute() }
    let defaultValue = accept("=") ? try parseAssignment() : nil
    return Parameter(
      type: type, name: name, attributes: attributes, defaultValue: defaultValue,
      range: start.lowerBound..<tokens[max(index - 1, 0)].range.upperBound)
  }

  /// Parses `a = e, b[3] = {…};` after the type and first name.
  mutating func parseDeclarators(type: TypeName, firstName: Token, start: Range<Int>)
    throws(SyntaxError) -> [VariableDecl]
  {
    var decls: [VariableDecl] = []
    var nameToken = firstName
    while true {
      var declType = type
      // `constant bool useX [[function_constant(0)]];`: no effect on the value's range.
      while current.isPunct("[") && self[ahead: 1].isPunct("[") { _ = try parseAttribute() }
      while accept("[") {
        if !current.isPunct("]") { _ = try parseExpression() }
        try expect("]")
        declType.isArray = true
      }
      var initializer: Expr?
      if accept("=") {
        initializer = try parseAssignment()
      } else if current.isPunct("(") || current.isPunct("{") {
        initializer = try parsePostfixArguments(
          constructorName: declType.name, nameToken: nameToken)
      }
      decls.append(
        VariableDecl(
          type: declType, name: nameToken.text, initializer: initializer,
          range: nameToken.range.lowerBound..<tokens[max(index - 1, 0)].range.upperBound))
      guard accept(",") else { break }
      guard current.kind == .identifier else {
        throw SyntaxError(range: current.range, message: "expected a variable name")
      }
      nameToken = advance()
    }
    try expect(";")
    return decls
  }
}
