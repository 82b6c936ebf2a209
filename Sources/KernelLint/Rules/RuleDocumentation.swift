/// Renders a rule description as text for `--explain`.
public enum RuleDocumentation {
  /// The description, rationale and examples of one rule.
  public static func render(_ d: RuleDescription) -> String {
    var out =
      "\(d.identifier.rawValue) \(d.name) (default: \(d.isOptIn ? "off, opt-in" : d.defaultSeverity.rawValue))\n\n"
    out += d.summary + "\n\n" + d.rationale + "\n"
    out += "\nTriggering examples (↓ marks the finding):\n"
    for e in d.triggeringExamples { out += "\n" + indent(e.code) + "\n" }
    out += "\nNon-triggering examples:\n"
    for e in d.nonTriggeringExamples { out += "\n" + indent(e.code) + "\n" }
    return out
  }

  private static func indent(_ s: String) -> String {
    s.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(
      separator: "\n")
  }
}
