/// Applies fix-its to file bytes: safe fixes always, the first suggestion of each finding only
/// when asked (`--fix` vs `--fix-unsafe`).
public enum FixApplier {
  /// The bytes with the chosen fixes applied; overlapping edits after the first are skipped.
  public static func applying(
    _ findings: [Finding], to bytes: [UInt8], includeSuggestions: Bool
  ) -> (bytes: [UInt8], applied: Int) {
    var edits: [TextEdit] = []
    for f in findings where !f.isSuppressed {
      let fix =
        f.fixes.first { $0.kind == .safe }
        ?? (includeSuggestions
          ? f.fixes.first { $0.kind == .suggestion && !$0.edits.isEmpty } : nil)
      if let fix { edits += fix.edits }
    }
    edits.sort { $0.span.offsets.lowerBound > $1.span.offsets.lowerBound }
    var result = bytes
    var applied = 0
    var limit = Int.max
    for edit in edits
    where edit.span.offsets.upperBound <= limit && edit.span.offsets.upperBound <= result.count {
      result.replaceSubrange(edit.span.offsets, with: Array(edit.newText.utf8))
      limit = edit.span.offsets.lowerBound
      applied += 1
    }
    return (result, applied)
  }
}
