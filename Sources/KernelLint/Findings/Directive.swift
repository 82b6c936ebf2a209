/// A parsed `edrlint:` comment directive (docs/lint-rules.md §3).
struct Directive {
  /// The command.
  enum Command: String {
    case disableNextLine = "disable-next-line", disableLine = "disable-line", disable, enable
    case disableFile = "disable-file", disableNextKernel = "disable-next-kernel", param
  }

  var command: Command
  /// Rules named (empty with `isAll`).
  var rules: Set<RuleID>
  var isAll: Bool
  var reason: String?
  /// The comment in host byte offsets.
  var range: Range<Int>
  /// Whether the comment is a `//` comment.
  var isLineComment: Bool
  /// Host lines this directive covers (computed by the linter).
  var lines: ClosedRange<Int> = 1...1
  /// Whether it suppressed a finding.
  var isUsed = false
  /// `param` payload.
  var parameter: String?
  var parameterRange: (Double, Double)?
  var parameterIsColor = false

  /// Parses every directive in a comment body; malformed ones come back as error messages.
  static func parse(_ comment: Comment, hostRange: Range<Int>) -> [Result<
    Directive, DirectiveError
  >] {
    var results: [Result<Directive, DirectiveError>] = []
    var rest = Substring(comment.body)
    while let r = rest.firstRange(of: "edrlint:") {
      var text = rest[r.upperBound...]
      if let next = text.firstRange(of: "edrlint:") {
        rest = text[next.lowerBound...]
        text = text[..<next.lowerBound]
      } else {
        rest = ""
      }
      results.append(parseOne(String(text), comment: comment, hostRange: hostRange))
    }
    return results
  }

  private static func parseOne(_ text: String, comment: Comment, hostRange: Range<Int>)
    -> Result<Directive, DirectiveError>
  {
    var body = text
    var reason: String?
    if let r = body.firstRange(of: " -- ") ?? body.firstRange(of: "--") {
      reason = String(body[r.upperBound...]).trimmingCharacters()
      body = String(body[..<r.lowerBound])
    }
    let words = body.split(whereSeparator: {
      $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r"
    }).map(String.init)
    guard let first = words.first, let command = Command(rawValue: first) else {
      return .failure(
        DirectiveError(range: hostRange, message: "unknown edrlint command '\(words.first ?? "")'"))
    }
    var directive = Directive(
      command: command, rules: [], isAll: false, reason: reason, range: hostRange,
      isLineComment: comment.isLineComment)
    let args = Array(words.dropFirst())
    if command == .param { return parseParam(args, directive, hostRange) }
    for word in args {
      if word == "all" {
        directive.isAll = true
      } else if let id = RuleID(rawValue: word.uppercased()) {
        directive.rules.insert(id)
      } else {
        return .failure(
          DirectiveError(
            range: hostRange, message: "unknown rule id '\(word)' in edrlint directive"))
      }
    }
    if directive.rules.isEmpty && !directive.isAll {
      return .failure(
        DirectiveError(
          range: hostRange,
          message: "edrlint:\(command.rawValue) names no rule (use a rule id or 'all')"))
    }
    return .success(directive)
  }

  private static func parseParam(_ args: [String], _ base: Directive, _ hostRange: Range<Int>)
    -> Result<Directive, DirectiveError>
  {
    var d = base
    guard let name = args.first else {
      return .failure(
        DirectiveError(range: hostRange, message: "edrlint:param needs a parameter name"))
    }
    d.parameter = name
    let rest = args.dropFirst().joined(separator: " ")
    if rest == "color" || rest == "colour" {
      d.parameterIsColor = true
      return .success(d)
    }
    let cleaned = rest.replacing("in", with: "").replacing("[", with: " ").replacing("]", with: " ")
    let numbers = cleaned.split(separator: " ").compactMap { Double($0) }
    guard rest.hasPrefix("in"), numbers.count == 2, numbers[0] <= numbers[1] else {
      return .failure(
        DirectiveError(
          range: hostRange,
          message:
            "malformed range in edrlint:param '\(name) \(rest)' (expected 'in [lo, hi]' with lo <= hi, or 'color')"
        ))
    }
    d.parameterRange = (numbers[0], numbers[1])
    return .success(d)
  }
}

/// A malformed directive (LINT002).
struct DirectiveError: Error {
  var range: Range<Int>
  var message: String
}
