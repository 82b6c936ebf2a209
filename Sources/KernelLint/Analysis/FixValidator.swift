/// Offers a fix only when the fixed kernel text still parses and type-checks as well as the
/// original (no new parse problem, unknown name or vector-width mismatch) and the fix removes
/// a finding of its rule without adding a finding of any rule: a fix never has to be undone.
struct FixValidator {
  /// The analyser (its configuration) that re-analyses fixed text.
  var analyzer: KernelAnalyzer
  /// Re-analyses beyond this many per kernel cost more than they save; later fixes are dropped.
  static let budget = 48

  /// `report`'s findings, each keeping only the fixes that pass.
  func checked(_ report: KernelReport, _ text: [UInt8]) -> [RawFinding] {
    var recheck = analyzer
    recheck.validatesFixes = false
    let before = Self.counts(report.findings)
    var spent = 0
    return report.findings.map { finding in
      var finding = finding
      finding.fixes = finding.fixes.filter { fix in
        guard !fix.edits.isEmpty else { return true }  // a hint, edits nothing
        spent += 1
        guard spent <= Self.budget else { return false }
        let after = recheck.analyze(Self.applying(fix.edits, to: text))
        let counts = Self.counts(after.findings)
        return after.problemCount <= report.problemCount && after.typeErrors <= report.typeErrors
          && counts[finding.rule, default: 0] < before[finding.rule, default: 0]
          && counts.allSatisfy { $0.value <= before[$0.key, default: 0] }
      }
      return finding
    }
  }

  /// Findings per rule (partial-analysis notes excluded: `problemCount` compares those).
  private static func counts(_ findings: [RawFinding]) -> [RuleID: Int] {
    var result: [RuleID: Int] = [:]
    for f in findings where f.rule != .lint003 { result[f.rule, default: 0] += 1 }
    return result
  }

  /// `text` with non-overlapping `edits` applied.
  static func applying(_ edits: [(Range<Int>, String)], to text: [UInt8]) -> [UInt8] {
    var result = text
    for (range, replacement) in edits.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
      let lower = min(max(range.lowerBound, 0), result.count)
      let upper = min(max(range.upperBound, lower), result.count)
      result.replaceSubrange(lower..<upper, with: Array(replacement.utf8))
    }
    return result
  }
}
