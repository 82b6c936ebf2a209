/// A finding in kernel-text coordinates, before mapping to the host file.
struct RawFinding {
  /// A fix in kernel coordinates.
  struct RawFix {
    var kind: Fix.Kind
    var description: String
    var edits: [(Range<Int>, String)]
  }

  var rule: RuleID
  var range: Range<Int>
  var message: String
  var kernel: String?
  var related: [(Range<Int>, String)] = []
  var fixes: [RawFix] = []
  var worlds: [String: [Double]]?
  var reason: String?
}

/// The result of analysing one kernel text.
struct KernelReport {
  var findings: [RawFinding] = []
  var entryCount = 0
  var isPartial = false
  /// Partial-analysis reasons and type errors seen (fix validation compares them).
  var problemCount = 0
  var typeErrors = 0
  var dialect: KernelDialect = .cikl
  var comments: [Comment] = []
  /// Whether no entry point was found but kernel code sits in inactive `#if` branches.
  var hasInactiveKernels = false
}

/// Runs the front end and the data flow on one kernel text and derives rule findings.
struct KernelAnalyzer: Sendable {
  var annotations = Interpreter.Annotations()
  var defines: [String: String] = [:]
  var flagGuards = false
  var runtimeAssembly: String?
  var runtimeOffset = 0
  /// Kernel offset where an embedded kernel's text was cut (`EmbeddedKernel.cutOffset`).
  var cutOffset: Int?
  var entryOptions = EntryOptions()
  /// Resolves `#include "…"`; nil leaves every include unresolved.
  var includes: IncludeExpander?
  /// The directory of the file holding the kernel (for includes).
  var directory = "."
  /// Whether each fix is checked by re-analysing the fixed text (off for that re-analysis).
  var validatesFixes = true

  /// Analyses kernel text.
  func analyze(_ text: [UInt8]) -> KernelReport {
    var report = KernelReport()
    let front = preprocess(text)
    report.comments = front.comments
    var annotations = self.annotations
    for comment in front.comments {
      for case .success(let d) in Directive.parse(comment, hostRange: comment.range)
      where d.command == .param {
        if let name = d.parameter, let range = d.parameterRange { annotations.ranges[name] = range }
        if let name = d.parameter, d.parameterIsColor { annotations.colorParameters.insert(name) }
      }
    }
    report.dialect = KernelDialect.guess(front.tokens)
    let unit = Parser.parse(front.tokens)
    var partial: [(Range<Int>, String)] = []
    // A cut literal first: the note names it (the run-time assembly follows from it).
    if let cut = cutOffset {
      partial.append(
        (
          max(cut - 1, 0)..<max(cut, 1),
          "string interpolation added more than \(HostExtractor.interpolationByteLimit >> 20) MiB "
            + "to this file's kernel text; the rest of the literal was not analysed"
        ))
    }
    if let reason = runtimeAssembly {
      partial.append(
        (runtimeOffset..<runtimeOffset + 1, "kernel text is assembled at run time (\(reason))"))
    }
    partial += front.problems + unit.errors
    let entries = EntryPoints.find(in: unit, options: entryOptions)
    report.entryCount = entries.count
    if entries.contains(where: { EntryPoints.metalRole($0.0, unit: unit) != nil }) {
      report.dialect = .metal
    }
    var seen = Set<FindingKey>()
    let functions = Interpreter.index(unit)
    let dialect = report.dialect
    let globals = EvaluatedGlobals(unit: unit, functions: functions, annotations: annotations)
    let results = LargeStack.map(entries, threads: entries.count >= 8 ? 2 : 1) { entry in
      analyzeEntry(
        entry, unit: unit, functions: functions, globals: globals, annotations: annotations,
        text: text, dialect: dialect)
    }
    for (findings, notes, typeErrors) in results {
      for finding in findings {
        let key = FindingKey(rule: finding.rule, range: finding.range)
        if seen.insert(key).inserted { report.findings.append(finding) }
      }
      partial += notes
      report.typeErrors += typeErrors
    }
    report.problemCount = partial.count
    // With no kernel found, say where kernel code was skipped (a file whose kernels are all
    // `#if`'d out is told apart from one without kernels).
    report.hasInactiveKernels = entries.isEmpty && !front.inactiveKernels.isEmpty
    for range in front.inactiveKernels where entries.isEmpty {
      report.findings.append(
        RawFinding(
          rule: .lint003, range: range,
          message:
            "no kernel analysed: kernel code in an inactive '#if' branch was skipped (set preprocessor.defines to lint it)"
        ))
    }
    if let (range, message) = partial.first {
      report.isPartial = true
      let name = entries.first?.0.name
      let more = partial.count > 1 ? " (and \(partial.count - 1) more)" : ""
      report.findings.append(
        RawFinding(
          rule: .lint003, range: range,
          message: "kernel\(name.map { " '\($0)'" } ?? "") analysed partially: \(message)\(more)",
          kernel: name))
    }
    if validatesFixes { report.findings = FixValidator(analyzer: self).checked(report, text) }
    return report
  }

  /// Lexes, splices includes and preprocesses; only the expanded tokens outlive this call
  /// (the lexer's tokens are freed before parsing, which lowers the peak memory).
  private func preprocess(_ text: [UInt8]) -> (
    tokens: [Token], comments: [Comment], problems: [(Range<Int>, String)],
    inactiveKernels: [Range<Int>]
  ) {
    let lexer = Lexer.tokenize(text)
    let tokens = includes?.expand(lexer.tokens, directory: directory) ?? lexer.tokens
    let preprocessor = Preprocessor(tokens: tokens, defines: defines)
    return (
      preprocessor.output, lexer.comments, lexer.problems + preprocessor.problems,
      preprocessor.inactiveKernels
    )
  }

  /// Interprets one entry point and derives its findings and partial-analysis notes.
  private func analyzeEntry(
    _ entry: (FunctionDecl, EntryRole), unit: TranslationUnit,
    functions: [String: [FunctionDecl]], globals: EvaluatedGlobals,
    annotations: Interpreter.Annotations, text: [UInt8], dialect: KernelDialect
  ) -> ([RawFinding], [(Range<Int>, String)], Int) {
    let (function, role) = entry
    let facts = globals.facts.copy()
    let interpreter = Interpreter(
      unit: unit, functions: functions, facts: facts, annotations: annotations,
      globals: globals.values)
    var frame: [String: Value] = [:]
    for (k, p) in function.parameters.enumerated() {
      frame[p.name] = EntryPoints.bind(p, index: k, of: function, role: role, using: interpreter)
    }
    interpreter.scopes = [frame]
    switch role {
    case .compute: interpreter.recordsTextureWrites = true
    case .fragmentStruct(let members):
      interpreter.outputStruct = (type: function.returnType.name, members: members)
    default: break
    }
    if let body = function.body { _ = interpreter.exec(body) }
    var derivation = FindingDerivation(
      text: text, facts: facts, kernel: function.name, dialect: dialect, flagGuards: flagGuards)
    derivation.uniformNames = function.parameters.map(\.name).filter {
      frame[$0]?.lanes.first?.cls == .uniform
    }
    return (derivation.derive(), facts.partial, facts.typeErrors)
  }
}

/// The file's global variables, evaluated once and shared (read-only) by every entry point.
private struct EvaluatedGlobals: @unchecked Sendable {
  /// Global values by name.
  let values: [String: Value]
  /// The facts after evaluating them; each entry point starts from a copy.
  let facts: AnalysisFacts

  init(
    unit: TranslationUnit, functions: [String: [FunctionDecl]], annotations: Interpreter.Annotations
  ) {
    let interpreter = Interpreter(
      unit: unit, functions: functions, facts: AnalysisFacts(), annotations: annotations)
    values = interpreter.globals
    facts = interpreter.facts
  }
}

/// Identity of a finding for de-duplication across entry points.
private struct FindingKey: Hashable {
  var rule: RuleID
  var range: Range<Int>
}
