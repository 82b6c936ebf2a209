/// Maps kernel findings to host coordinates and applies directives, severities and LINT00x.
struct FileFindingBuilder {
  let path: String
  let source: SourceText
  let configuration: LintConfiguration
  private var directives: [Directive] = []
  private var errors: [DirectiveError] = []
  private var findings: [Finding] = []
  private var kernelSpans: [Range<Int>] = []

  /// At most this many findings per file (docs/reliability.md §3.5).
  static let findingLimit = 1000
  /// The most UTF-8 bytes of one finding's message.
  static let messageByteLimit = 1000

  init(path: String, source: SourceText, configuration: LintConfiguration) {
    self.path = path
    self.source = source
    self.configuration = configuration
  }

  // MARK: Spans

  func span(_ range: Range<Int>) -> SourceSpan {
    let lower = min(max(range.lowerBound, 0), source.bytes.count)
    let upper = min(max(range.upperBound, lower), source.bytes.count)
    let s = source.position(of: lower)
    let e = source.position(of: upper)
    return SourceSpan(
      start: SourcePosition(
        line: s.line, column: s.column, utf16Column: source.utf16Column(of: lower)),
      end: SourcePosition(
        line: e.line, column: e.column, utf16Column: source.utf16Column(of: upper)),
      offsets: lower..<upper)
  }

  // MARK: Directives

  mutating func addHostComments(_ comments: [Comment]) {
    for comment in comments { addDirectives(comment, hostRange: comment.range, nextLine: nil) }
  }

  private mutating func addDirectives(_ comment: Comment, hostRange: Range<Int>, nextLine: Int?) {
    for result in Directive.parse(comment, hostRange: hostRange) {
      switch result {
      case .failure(let error): errors.append(error)
      case .success(var d):
        let line = source.line(of: hostRange.lowerBound)
        switch d.command {
        case .disableLine: d.lines = line...line
        case .disableNextLine:
          let next = nextLine ?? line + 1
          d.lines = next...next
        case .disableFile: d.lines = 1...max(source.lineCount, 1)
        default: d.lines = line...line
        }
        if configuration.requireReason == true, d.reason == nil, d.command != .param,
          d.command != .enable
        {
          errors.append(
            DirectiveError(
              range: hostRange,
              message: "edrlint directive needs a reason ('-- reason'): requireReason is on"))
        }
        directives.append(d)
      }
    }
  }

  func applyParamDirectives(to annotations: inout Interpreter.Annotations) {
    for d in directives where d.command == .param {
      if let name = d.parameter, let range = d.parameterRange { annotations.ranges[name] = range }
      if let name = d.parameter, d.parameterIsColor { annotations.colorParameters.insert(name) }
    }
  }

  // MARK: Findings

  mutating func add(_ report: KernelReport, kernel: EmbeddedKernel) {
    let embedded = kernel.hostOffsets != nil
    let kernelText = embedded ? SourceText(bytes: kernel.text) : source
    if embedded { kernelSpans.append(kernel.literalStart..<kernel.literalEnd) }
    for comment in report.comments {
      let hostRange = kernel.hostRange(comment.range)
      var next: Int?
      if embedded {
        let kLine = kernelText.line(of: comment.range.lowerBound)
        if kLine < kernelText.lineCount {
          next = source.line(
            of: kernel.hostRange(
              kernelText.offset(ofLine: kLine + 1)..<kernelText.offset(ofLine: kLine + 1) + 1
            ).lowerBound)
        }
      }
      addDirectives(comment, hostRange: hostRange, nextLine: next)
    }
    for raw in report.findings {
      guard let severity = configuration.severity(of: raw.rule) else { continue }
      var finding = Finding(
        ruleID: raw.rule, severity: severity, message: raw.message, file: path,
        span: span(kernel.hostRange(raw.range)), kernel: raw.kernel, dialect: report.dialect)
      finding.worlds = raw.worlds
      finding.reason = raw.reason
      finding.related = raw.related.map {
        RelatedLocation(span: span(kernel.hostRange($0.0)), message: $0.1)
      }
      if embedded {
        let kLine = kernelText.line(of: raw.range.lowerBound)
        let start = span(kernel.literalStart..<kernel.literalStart).start
        finding.host = HostInfo(literalStart: start, kernelLine: kLine)
        finding.related.append(
          RelatedLocation(
            span: span(kernel.literalStart..<kernel.literalStart),
            message:
              "in kernel '\(raw.kernel ?? "?")' (kernel line \(kLine)) embedded in the string literal starting here"
          ))
      }
      finding.fixes = raw.fixes.compactMap { fix in
        guard fix.edits.allSatisfy({ kernel.isContiguous($0.0) }) else { return nil }
        return Fix(
          kind: fix.kind, description: fix.description,
          edits: fix.edits.map { TextEdit(span: span(kernel.hostRange($0.0)), newText: $0.1) })
      }
      findings.append(finding)
    }
  }

  /// Resolves regions and kernels, applies suppressions and adds LINT001/LINT002.
  mutating func finish() -> [Finding] {
    resolveScopes()
    for i in findings.indices {
      for k in directives.indices
      where directives[k].command != .enable && directives[k].command != .param {
        let d = directives[k]
        guard d.lines.contains(findings[i].span.start.line),
          d.isAll || d.rules.contains(findings[i].ruleID)
        else { continue }
        findings[i].isSuppressed = true
        findings[i].justification = d.reason
        directives[k].isUsed = true
      }
    }
    if configuration.reportUnusedSuppressions != false,
      let severity = configuration.severity(of: .lint001)
    {
      for d in directives where !d.isUsed && d.command != .enable && d.command != .param {
        let names = d.isAll ? "all" : d.rules.map(\.rawValue).sorted().joined(separator: ", ")
        var f = Finding(
          ruleID: .lint001, severity: severity,
          message:
            "unused suppression: 'edrlint:\(d.command.rawValue) \(names)' suppressed nothing",
          file: path, span: span(d.range))
        f.fixes = [
          Fix(
            kind: .safe, description: "remove the directive",
            edits: [TextEdit(span: span(deletionRange(d)), newText: "")])
        ]
        findings.append(f)
      }
    }
    if let severity = configuration.severity(of: .lint002) {
      for e in errors {
        findings.append(
          Finding(
            ruleID: .lint002, severity: severity, message: e.message, file: path,
            span: span(e.range)))
      }
    }
    let sorted = findings.sorted {
      ($0.span.offsets.lowerBound, $0.ruleID.rawValue) < (
        $1.span.offsets.lowerBound, $1.ruleID.rawValue
      )
    }
    return sorted.prefix(FileFindingBuilder.findingLimit).map { finding in
      var bounded = finding
      bounded.message = Self.bounded(finding.message)
      return bounded
    }
  }

  /// `message` cut to at most ``messageByteLimit`` UTF-8 bytes at a Unicode scalar boundary,
  /// ending in "…" when cut (messages quote the file's own text, which can be any length).
  static func bounded(_ message: String) -> String {
    guard message.utf8.count > messageByteLimit else { return message }
    var kept = String.UnicodeScalarView()
    var bytes = 0
    for scalar in message.unicodeScalars {
      bytes += UTF8.width(scalar)
      guard bytes <= messageByteLimit - 3 else { break }
      kept.append(scalar)
    }
    return String(kept) + "…"
  }

  private mutating func resolveScopes() {
    let order = directives.indices.sorted {
      directives[$0].range.lowerBound < directives[$1].range.lowerBound
    }
    var closed = Set<Int>()
    for (position, k) in order.enumerated() {
      let d = directives[k]
      let line = source.line(of: d.range.lowerBound)
      switch d.command {
      case .disableNextKernel:
        if let kernel = kernelSpans.first(where: { $0.lowerBound >= d.range.upperBound }) {
          directives[k].lines =
            source.line(
              of: kernel.lowerBound)...source.line(
              of: max(kernel.upperBound - 1, kernel.lowerBound))
        }
      case .disable:
        var end = max(source.lineCount, line)
        for j in order[(position + 1)...] where directives[j].command == .enable {
          let e = directives[j]
          if e.isAll || d.isAll || !e.rules.isDisjoint(with: d.rules) {
            end = max(source.line(of: e.range.lowerBound), line)
            closed.insert(j)
            break
          }
        }
        directives[k].lines = line...end
      default:
        break
      }
    }
    for k in directives.indices where directives[k].command == .enable && !closed.contains(k) {
      errors.append(
        DirectiveError(
          range: directives[k].range,
          message: "'edrlint:enable' without a matching 'edrlint:disable'"))
    }
  }

  /// The comment, or its whole line when nothing else is on it.
  private func deletionRange(_ d: Directive) -> Range<Int> {
    let line = source.line(of: d.range.lowerBound)
    let lineStart = source.offset(ofLine: line)
    let lineEnd = line < source.lineCount ? source.offset(ofLine: line + 1) : source.bytes.count
    let before = source.bytes[lineStart..<d.range.lowerBound].allSatisfy { $0 == 32 || $0 == 9 }
    let afterEnd = d.range.upperBound
    let after = source.bytes[min(afterEnd, lineEnd)..<lineEnd].allSatisfy {
      $0 == 32 || $0 == 9 || $0 == 10 || $0 == 13
    }
    if before && after { return lineStart..<lineEnd }
    var start = d.range.lowerBound
    while start > lineStart && (source.bytes[start - 1] == 32 || source.bytes[start - 1] == 9) {
      start -= 1
    }
    return start..<d.range.upperBound
  }
}
