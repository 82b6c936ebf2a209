import KernelLint

/// Source text with `↓` markers removed and their 1-based (line, UTF-8 column) positions.
struct MarkedSource {
  var text: String
  var markers: Set<Position>

  struct Position: Hashable, CustomStringConvertible {
    var line: Int
    var column: Int
    var description: String { "\(line):\(column)" }
  }

  init(_ marked: String) {
    var clean: [UInt8] = []
    var markers: Set<Position> = []
    var line = 1
    var column = 1
    let marker = Array("↓".utf8)
    let bytes = Array(marked.utf8)
    var i = 0
    while i < bytes.count {
      if bytes[i] == marker[0], i + 2 < bytes.count, bytes[i + 1] == marker[1],
        bytes[i + 2] == marker[2]
      {
        markers.insert(Position(line: line, column: column))
        i += 3
        continue
      }
      clean.append(bytes[i])
      if bytes[i] == 10 {
        line += 1
        column = 1
      } else {
        column += 1
      }
      i += 1
    }
    text = String(decoding: clean, as: UTF8.self)
    self.markers = markers
  }
}

/// Lints example text as a file with the example's extension, with `rule` enabled.
func lintExample(_ text: String, fileExtension: String, enabling rule: RuleID) -> FileReport {
  var configuration = LintConfiguration()
  configuration.rules = [rule.rawValue: rule.description.defaultSeverity.rawValue]
  return Linter(configuration: configuration).lint(text: text, path: "Example.\(fileExtension)")
}

/// Unsuppressed findings of one rule.
func positions(of rule: RuleID, in report: FileReport) -> Set<MarkedSource.Position> {
  Set(
    report.findings.filter { $0.ruleID == rule && !$0.isSuppressed }.map {
      MarkedSource.Position(line: $0.span.start.line, column: $0.span.start.column)
    })
}
