/// A C-style preprocessor over tokens: `#define` (object- and function-like), `#undef`,
/// `#if`/`#ifdef`/`#ifndef`/`#elif`/`#else`/`#endif`; other directives are dropped.
///
/// Expanded tokens report the range of the macro use, so findings land where the user wrote
/// the macro. Recursion is cut by the set of macros being expanded, and what expansion adds
/// is bounded in bytes (``expansionByteLimit``: billion-laughs inputs, and many uses of one
/// long macro, stop with a partial-analysis note).
struct Preprocessor {
  /// A macro definition.
  struct Macro {
    var parameters: [String]?
    var body: [Token]
  }

  /// The expanded token stream, ending with `.endOfFile`.
  private(set) var output: [Token] = []
  /// Reasons the analysis may be partial (range, message).
  private(set) var problems: [(Range<Int>, String)] = []
  /// The first entry-point marker (`kernel`, `fragment`, `stitchable`…) of each inactive
  /// `#if` branch: kernel code the analysis skipped because of the defines in force.
  private(set) var inactiveKernels: [Range<Int>] = []
  /// Names of function-like macros, used to tell "unknown macro" from "unknown function".
  private(set) var macros: [String: Macro] = [:]
  /// A cheap filter in front of `macros` (no false negatives): most identifiers are not
  /// macros, and hashing every one of them costs more than the rest of the preprocessor.
  private var mayBeMacro = [Bool](repeating: false, count: 4096)

  /// The most bytes of tokens macro expansion may add to one file's token stream (each
  /// token a `Token`, 48 bytes; spellings are shared with the definition): 32 MiB, about
  /// 700,000 tokens, so a file's stream stays within its lexed tokens (at most
  /// `Lexer.tokenLimit`) plus this, whatever the macros. A budget in tokens proportional to
  /// the input let a 1.6 MB file grow to 8 million tokens and 1.3 GB (issue 40 R7).
  static let expansionByteLimit = 32 << 20

  private let input: [Token]
  private var position = 0
  /// Bytes of tokens expansion may still add (``expansionByteLimit``).
  private var budget = Preprocessor.expansionByteLimit
  private var budgetExhausted = false

  /// Runs the preprocessor on lexer output with predefined object-like macros.
  init(tokens: [Token], defines: [String: String] = [:]) {
    input = tokens
    for (name, value) in defines {
      let body = Lexer.tokenize(Array(value.utf8)).tokens.dropLast()
      macros[name] = Macro(parameters: nil, body: Array(body))
      mayBeMacro[Preprocessor.filterSlot(name)] = true
    }
    run()
  }

  /// The filter slot of a name: its length and first and last bytes.
  private static func filterSlot(_ name: String) -> Int {
    let utf8 = name.utf8
    let first = Int(utf8.first ?? 0)
    let last = Int(utf8.last ?? 0)
    return (first &* 31 &+ last &* 7 &+ utf8.count) & 4095
  }

  private func isMacro(_ name: String) -> Bool {
    mayBeMacro[Preprocessor.filterSlot(name)] && macros[name] != nil
  }

  private struct Conditional {
    var parentActive: Bool
    var isActive: Bool
    var anyTaken: Bool
  }

  private mutating func run() {
    var stack: [Conditional] = []
    var active = true
    output.reserveCapacity(input.count)
    while position < input.count {
      let token = input[position]
      if token.kind == .endOfFile { break }
      if token.isPunct("#") && token.isAtLineStart {
        let line = directiveLine()
        handleDirective(line, stack: &stack, active: &active)
        continue
      }
      if !active {
        noteInactive(token)
        position += 1
        continue
      }
      if token.kind != .identifier || !isMacro(token.text) {
        output.append(token)
        position += 1
        continue
      }
      expandNext()
    }
    if let open = stack.last, !stack.isEmpty {
      _ = open
      problems.append((input.last?.range ?? 0..<0, "unterminated '#if' block"))
    }
    output.append(
      input.last
        ?? Token(
          kind: .endOfFile, text: "", range: 0..<0, isAtLineStart: true, hasSpaceBefore: true))
  }

  private static let entryMarkers: Set<String> = [
    "kernel", "fragment", "stitchable", "__sample", "sample_t",
  ]
  /// Counts the `#if`/`#elif`/`#else` branches opened so far (identifies the current one).
  private var branchOpened = 0
  /// The branch whose marker was last recorded.
  private var lastInactiveBranch = -1

  /// Records `token` when it is the first entry-point marker of the current inactive branch.
  private mutating func noteInactive(_ token: Token) {
    guard token.kind == .identifier, Preprocessor.entryMarkers.contains(token.text),
      lastInactiveBranch != branchOpened
    else { return }
    lastInactiveBranch = branchOpened
    inactiveKernels.append(token.range)
  }

  /// The tokens of one directive line, `#` excluded.
  private mutating func directiveLine() -> [Token] {
    position += 1
    var line: [Token] = []
    while position < input.count, !input[position].isAtLineStart,
      input[position].kind != .endOfFile
    {
      line.append(input[position])
      position += 1
    }
    return line
  }

  private mutating func handleDirective(
    _ line: [Token], stack: inout [Conditional], active: inout Bool
  ) {
    guard let name = line.first?.text else { return }
    let rest = Array(line.dropFirst())
    if ["if", "ifdef", "ifndef", "elif", "else", "endif"].contains(name) { branchOpened += 1 }
    switch name {
    case "if", "ifdef", "ifndef":
      let taken = active && evaluate(name, rest)
      stack.append(Conditional(parentActive: active, isActive: taken, anyTaken: taken))
      active = taken
    case "elif":
      guard var top = stack.popLast() else { return unmatched(line) }
      let taken = top.parentActive && !top.anyTaken && evaluate("if", rest)
      top.isActive = taken
      top.anyTaken = top.anyTaken || taken
      stack.append(top)
      active = taken
    case "else":
      guard var top = stack.popLast() else { return unmatched(line) }
      top.isActive = top.parentActive && !top.anyTaken
      top.anyTaken = true
      stack.append(top)
      active = top.isActive
    case "endif":
      guard let top = stack.popLast() else { return unmatched(line) }
      active = top.parentActive
    case "define" where active:
      define(rest)
    case "undef" where active:
      if let id = rest.first?.text { macros[id] = nil }
    case "include" where active:
      if rest.first?.kind == .string {
        problems.append(
          (
            line[0].range,
            "'#include \(rest[0].text)' was not found inside the linted file's folder or the "
              + "include paths (absolute paths and paths leaving them are not followed); "
              + "included code was not analysed"
          ))
      }
    default:
      break  // #include <…>, #pragma, #line, #error: no effect on the analysis
    }
  }

  private mutating func unmatched(_ line: [Token]) {
    problems.append((line[0].range, "'#\(line[0].text)' without '#if'"))
  }

  private mutating func define(_ rest: [Token]) {
    guard let nameToken = rest.first, nameToken.kind == .identifier else { return }
    var body = Array(rest.dropFirst())
    var parameters: [String]?
    if let open = body.first, open.isPunct("("), !open.hasSpaceBefore {
      var names: [String] = []
      var i = 1
      while i < body.count, !body[i].isPunct(")") {
        if body[i].kind == .identifier || body[i].isPunct("...") { names.append(body[i].text) }
        i += 1
      }
      parameters = names
      body = Array(body.dropFirst(min(i + 1, body.count)))
    }
    macros[nameToken.text] = Macro(parameters: parameters, body: body)
    mayBeMacro[Preprocessor.filterSlot(nameToken.text)] = true
  }

  private mutating func evaluate(_ kind: String, _ tokens: [Token]) -> Bool {
    if kind != "if" {
      let defined = tokens.first.map { macros[$0.text] != nil } ?? false
      return kind == "ifdef" ? defined : !defined
    }
    var resolved: [Token] = []
    var i = 0
    while i < tokens.count {
      if tokens[i].isIdent("defined") {
        var j = i + 1
        let paren = j < tokens.count && tokens[j].isPunct("(")
        if paren { j += 1 }
        let isDefined = j < tokens.count && macros[tokens[j].text] != nil
        var one = tokens[i]
        one.respell(.number, isDefined ? "1" : "0")
        resolved.append(one)
        i = j + (paren ? 2 : 1)
      } else {
        resolved.append(tokens[i])
        i += 1
      }
    }
    var expanded: [Token] = []
    var cursor = 0
    while cursor < resolved.count {
      expand(resolved, at: &cursor, hidden: [], into: &expanded, site: nil, depth: 0)
    }
    var evaluator = ConditionEvaluator(tokens: expanded)
    guard let value = evaluator.parse() else {
      problems.append((tokens.first?.range ?? 0..<0, "'#if' condition could not be evaluated"))
      return false
    }
    return value != 0
  }

  private mutating func expandNext() {
    var produced: [Token] = []
    var cursor = position
    expand(input, at: &cursor, hidden: [], into: &produced, site: nil, depth: 0)
    position = cursor
    output.append(contentsOf: produced)
  }

  /// Expands the token at `cursor` of `source` (and its arguments) into `out`.
  private mutating func expand(
    _ source: [Token], at cursor: inout Int, hidden: Set<String>, into out: inout [Token],
    site: Range<Int>?, depth: Int
  ) {
    let token = source[cursor]
    guard token.kind == .identifier, isMacro(token.text), let macro = macros[token.text],
      !hidden.contains(token.text),
      !budgetExhausted
    else {
      out.append(relocated(token, site))
      cursor += 1
      return
    }
    if depth > 64 || budget <= 0 {
      budgetExhausted = true
      problems.append((token.range, "macro expansion too large; the rest was not expanded"))
      out.append(relocated(token, site))
      cursor += 1
      return
    }
    var useRange = token.range
    var body = macro.body
    if let parameters = macro.parameters {
      guard cursor + 1 < source.count, source[cursor + 1].isPunct("(") else {
        out.append(relocated(token, site))
        cursor += 1
        return
      }
      let (arguments, end) = collectArguments(source, from: cursor + 2)
      if end - 1 < source.count {
        // Rescanned bodies mix tokens of the definition and of the use, so the closing
        // parenthesis may lie before the name: the use spans both, in either order.
        let last = source[end - 1].range
        useRange =
          min(
            token.range.lowerBound, last.lowerBound)..<max(token.range.upperBound, last.upperBound)
      }
      cursor = end
      body = substitute(
        body, parameters: parameters, arguments: arguments, hidden: hidden, depth: depth)
    } else {
      cursor += 1
    }
    let mySite = site ?? useRange
    var inner = hidden
    inner.insert(token.text)
    var i = 0
    // The use (one token) becomes the body: charge what that adds. Nested uses in the body
    // are charged again when they expand, so the budget counts the final stream.
    budget -= max(body.count - 1, 0) * MemoryLayout<Token>.stride
    while i < body.count {
      expand(body, at: &i, hidden: inner, into: &out, site: mySite, depth: depth + 1)
    }
  }

  private func relocated(_ token: Token, _ site: Range<Int>?) -> Token {
    guard let site else { return token }
    var copy = token
    copy.range = site
    copy.isFromMacro = true
    return copy
  }

  /// Splits `( a, b )` arguments starting after `(`; returns them and the index after `)`.
  private func collectArguments(_ source: [Token], from start: Int) -> ([[Token]], Int) {
    var arguments: [[Token]] = [[]]
    var depth = 0
    var i = start
    while i < source.count, source[i].kind != .endOfFile {
      let t = source[i]
      if t.isPunct("(") || t.isPunct("[") || t.isPunct("{") { depth += 1 }
      if t.isPunct(")") || t.isPunct("]") || t.isPunct("}") {
        if depth == 0 { return (arguments, i + 1) }
        depth -= 1
      }
      if t.isPunct(","), depth == 0 {
        arguments.append([])
      } else {
        arguments[arguments.count - 1].append(t)
      }
      i += 1
    }
    return (arguments, i)
  }

  private mutating func substitute(
    _ body: [Token], parameters: [String], arguments: [[Token]], hidden: Set<String>, depth: Int
  ) -> [Token] {
    var result: [Token] = []
    var i = 0
    func argument(_ name: String) -> [Token]? {
      guard let k = parameters.firstIndex(of: name) else { return nil }
      return k < arguments.count ? arguments[k] : []
    }
    while i < body.count {
      let t = body[i]
      if t.isPunct("#"), i + 1 < body.count, argument(body[i + 1].text) != nil {
        var s = t
        s.respell(.string, "")
        result.append(s)
        i += 2
        continue
      }
      if t.isPunct("##"), let last = result.popLast(), i + 1 < body.count {
        let next = argument(body[i + 1].text)?.first ?? body[i + 1]
        var pasted = last
        let isNumber = last.kind == .number || next.kind == .number && last.kind != .identifier
        pasted.respell(isNumber ? .number : last.kind, last.text + next.text)
        result.append(pasted)
        result.append(contentsOf: argument(body[i + 1].text)?.dropFirst() ?? [])
        i += 2
        continue
      }
      if t.kind == .identifier, let arg = argument(t.text) {
        let pasteFollows = i + 1 < body.count && body[i + 1].isPunct("##")
        if pasteFollows {
          result.append(contentsOf: arg)
        } else {
          var k = 0
          while k < arg.count {
            expand(arg, at: &k, hidden: hidden, into: &result, site: nil, depth: depth + 1)
          }
        }
        i += 1
        continue
      }
      result.append(t)
      i += 1
    }
    return result
  }
}
