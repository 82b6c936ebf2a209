/// The output formats of `edrcube lint`.
public enum ReporterKind: String, Sendable, CaseIterable {
  /// clang-style `path:line:col: severity: message [RULE]` with source line and caret.
  case text
  /// Only the first line of each diagnostic (Xcode build logs).
  case xcode
  /// The JSON document of docs/lint-rules.md §4.2.
  case json
  /// SARIF 2.1.0.
  case sarif
  /// GitHub Actions workflow commands.
  case github

  /// Renders the reports of a run.
  /// - Parameters:
  ///   - reports: one report per file, in the order to show them.
  ///   - summary: the counts of the whole run (JSON and SARIF include them).
  ///   - sourceRoot: the `file://` URI paths are relative to (SARIF `SRCROOT`).
  public func render(_ reports: [FileReport], summary: LintSummary, sourceRoot: String? = nil)
    -> String
  {
    switch self {
    case .text:
      return TextReporter(firstLineOnly: false).render(reports)
        + TextReporter.fileStatusLines(reports) + summary.line + "\n"
    case .xcode: return TextReporter(firstLineOnly: true).render(reports)
    case .json: return JSONReporter.render(reports, summary: summary)
    case .sarif: return SARIFReporter.render(reports, sourceRoot: sourceRoot)
    case .github: return GitHubReporter.render(reports)
    }
  }
}

/// Totals of a run (unsuppressed findings only).
public struct LintSummary: Sendable, Codable, Equatable {
  /// Error-level findings.
  public var errors = 0
  /// Warning-level findings.
  public var warnings = 0
  /// Note-level findings.
  public var notes = 0
  /// Files read.
  public var filesScanned = 0
  /// Kernels analysed.
  public var kernelsAnalysed = 0
  /// Kernels analysed only partially.
  public var kernelsSkipped = 0
  /// Files in which no kernel was found (nothing to lint, or all `#if`'d out: see LINT003).
  public var filesWithoutKernel = 0

  /// Counts the findings of the given reports.
  public init(_ reports: [FileReport]) {
    filesScanned = reports.count
    for report in reports {
      kernelsAnalysed += report.kernelsAnalysed
      kernelsSkipped += report.kernelsSkipped
      if report.kernelsAnalysed == 0 { filesWithoutKernel += 1 }
      for f in report.findings where !f.isSuppressed {
        switch f.severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .note: notes += 1
        }
      }
    }
  }
}

extension LintSummary {
  /// The text format's last line: files, kernels, findings by severity, files without kernel.
  public var line: String {
    "\(filesScanned) file(s), \(kernelsAnalysed) kernel(s) found: \(errors) error(s), \(warnings) warning(s), \(notes) note(s); \(filesWithoutKernel) file(s) with no kernel"
  }
}

/// clang-style output understood by Xcode and editors.
struct TextReporter {
  var firstLineOnly: Bool

  func render(_ reports: [FileReport]) -> String {
    var out = ""
    for report in reports {
      for f in report.findings where !f.isSuppressed {
        // `file` starts each line it is in: escaped and defused (``TerminalText/line(_:)``).
        let file = TerminalText.line(f.file)
        out +=
          "\(file):\(f.span.start.line):\(f.span.start.column): \(f.severity.rawValue): \(Self.truncated(f.message)) [\(f.ruleID.rawValue)]\n"
        if firstLineOnly || f.span.start.column > 400 { continue }
        // The echoed line, caret and fix text are bounded like the message (docs/reliability.md §3.5).
        let line = TerminalText.echoedLine(
          String(report.source.lineText(f.span.start.line).prefix(400)))
        out += line + "\n"
        let prefix = String(
          line.utf8.prefix(max(f.span.start.column - 1, 0)).map {
            $0 == 9 ? Character("\t") : Character(" ")
          })
        let width =
          f.span.end.line == f.span.start.line ? max(f.span.end.column - f.span.start.column, 1) : 1
        let caretWidth = min(width, max(line.utf8.count - (f.span.start.column - 1), 1))
        out += prefix + "^" + String(repeating: "~", count: max(caretWidth - 1, 0)) + "\n"
        if let edit = f.fixes.first?.edits.first, edit.span.start.line == f.span.start.line,
          !edit.newText.isEmpty, !edit.newText.contains("\n")
        {
          out += TerminalText.echoedLine(prefix + Self.truncated(edit.newText)) + "\n"
        }
        for fix in f.fixes {
          out +=
            "\(file):\(f.span.start.line):\(f.span.start.column): note: \(fix.kind == .safe ? "fix" : "suggestion"): \(Self.truncated(fix.description))\n"
        }
        for r in f.related {
          out +=
            "\(file):\(r.span.start.line):\(r.span.start.column): note: \(Self.truncated(r.message))\n"
        }
      }
    }
    return out
  }

  /// For a run over several files, one line per file saying whether it held kernels.
  static func fileStatusLines(_ reports: [FileReport]) -> String {
    guard reports.count > 1 else { return "" }
    return reports.map { report in
      let status =
        switch report.kernelStatus {
        case .found: "\(report.kernelsAnalysed) kernel(s) analysed"
        case .none: "no kernel found"
        case .inactiveOnly: "kernels only in inactive #if branches (not analysed)"
        }
      return "\(TerminalText.line(report.path)): \(status)\n"
    }.joined()
  }

  /// Messages are bounded (docs/reliability.md §3.5) and their control characters escaped.
  static func truncated(_ s: String) -> String {
    TerminalText.escaped(s.count <= 400 ? s : String(s.prefix(400)) + "…")
  }
}

/// GitHub Actions workflow commands.
enum GitHubReporter {
  static func render(_ reports: [FileReport]) -> String {
    var out = ""
    for report in reports {
      for f in report.findings where !f.isSuppressed {
        let level = f.severity == .note ? "notice" : f.severity.rawValue
        let message = escape(f.message)
        out +=
          "::\(level) file=\(property(f.file)),line=\(f.span.start.line),col=\(f.span.start.column),endLine=\(f.span.end.line),endColumn=\(f.span.end.column),title=\(f.ruleID.rawValue)::\(message)\n"
      }
    }
    return out
  }

  /// GitHub's escapes for `%`, CR and LF, then every other control character escaped.
  private static func escape(_ s: String) -> String {
    TerminalText.escaped(
      s.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A"))
  }

  private static func property(_ s: String) -> String {
    escape(s).replacing(":", with: "%3A").replacing(",", with: "%2C")
  }
}
