extension FileReport {
  /// The report of a file the linter could not process (unreadable, or an internal error):
  /// one error-level LINT003 finding at its first line saying why, so a run over many files
  /// still reports this one instead of stopping.
  /// - Parameters:
  ///   - path: the path as shown in reports.
  ///   - reason: what went wrong (e.g. `cannot read Filters/a.metal`).
  public static func failure(path: String, reason: String) -> FileReport {
    let start = SourcePosition(line: 1, column: 1, utf16Column: 1)
    let finding = Finding(
      ruleID: .lint003, severity: .error,
      message: "this file was not analysed: \(reason)", file: path,
      span: SourceSpan(start: start, end: start, offsets: 0..<0))
    return FileReport(
      path: path, findings: [finding], kernelsAnalysed: 0, kernelsSkipped: 0,
      source: SourceText(bytes: []))
  }
}
