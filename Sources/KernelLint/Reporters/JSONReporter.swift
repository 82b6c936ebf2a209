import Foundation

/// The JSON document of docs/lint-rules.md §4.2 (Codable, stable key order).
enum JSONReporter {
  struct Document: Codable {
    var tool = "edrlint"
    var version = KernelLintVersion.current
    var findings: [Entry]
    var files: [FileEntry]
    var summary: LintSummary
  }

  /// Per file: whether kernels were found (`found`, `none`, `inactive-only`).
  struct FileEntry: Codable {
    var file: String
    var kernels: KernelStatus
    var kernelsAnalysed: Int
  }

  struct Position: Codable {
    var line: Int
    var column: Int
  }

  struct Host: Codable {
    var file: String
    var literalStart: Position
  }

  struct Related: Codable {
    var file: String
    var line: Int
    var column: Int
    var message: String
  }

  struct Edit: Codable {
    var line: Int
    var column: Int
    var endLine: Int
    var endColumn: Int
    var newText: String
  }

  struct FixEntry: Codable {
    var kind: String
    var description: String
    var edits: [Edit]
  }

  struct Entry: Codable {
    var ruleId: String
    var severity: String
    var message: String
    var file: String
    var line: Int
    var column: Int
    var endLine: Int
    var endColumn: Int
    var kernel: String?
    var kernelLine: Int?
    var dialect: String?
    var host: Host?
    var worlds: [String: [Double]]?
    var reason: String?
    var related: [Related]
    var fixes: [FixEntry]
    var suppressed: Bool
  }

  static func entry(_ f: Finding) -> Entry {
    Entry(
      ruleId: f.ruleID.rawValue, severity: f.severity.rawValue, message: f.message, file: f.file,
      line: f.span.start.line, column: f.span.start.column, endLine: f.span.end.line,
      endColumn: f.span.end.column, kernel: f.kernel, kernelLine: f.host?.kernelLine,
      dialect: f.dialect?.rawValue,
      host: f.host.map {
        Host(
          file: f.file,
          literalStart: Position(line: $0.literalStart.line, column: $0.literalStart.column))
      },
      worlds: f.worlds?.mapValues {
        $0.map {
          $0.isFinite
            ? $0 : ($0 < 0 ? -Double.greatestFiniteMagnitude : Double.greatestFiniteMagnitude)
        }
      },
      reason: f.reason,
      related: f.related.map {
        Related(
          file: f.file, line: $0.span.start.line, column: $0.span.start.column, message: $0.message)
      },
      fixes: f.fixes.map { fix in
        FixEntry(
          kind: fix.kind.rawValue, description: fix.description,
          edits: fix.edits.map {
            Edit(
              line: $0.span.start.line, column: $0.span.start.column, endLine: $0.span.end.line,
              endColumn: $0.span.end.column, newText: $0.newText)
          })
      },
      suppressed: f.isSuppressed)
  }

  static func render(_ reports: [FileReport], summary: LintSummary) -> String {
    let files = reports.map {
      FileEntry(file: $0.path, kernels: $0.kernelStatus, kernelsAnalysed: $0.kernelsAnalysed)
    }
    let document = Document(
      findings: reports.flatMap { $0.findings.map(entry) }, files: files, summary: summary)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(document) else { return "{}" }
    return TerminalText.json(String(decoding: data, as: UTF8.self)) + "\n"
  }
}

/// The linter's version string.
public enum KernelLintVersion {
  /// The current version.
  public static let current = "0.1.0"
}
