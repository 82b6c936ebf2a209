/// Every rule's description, in a fixed order (SARIF `ruleIndex` follows it).
public enum RuleCatalog {
  /// All rule descriptions.
  public static let all: [RuleDescription] = RuleID.allCases.map(make)

  /// The description of a rule.
  public static func description(of id: RuleID) -> RuleDescription {
    all.first { $0.identifier == id } ?? make(id)
  }

  /// Finds a rule by id (`EDR001`) or name (`rgb-clamped-to-unit`), case-insensitively.
  public static func lookup(_ text: String) -> RuleDescription? {
    all.first {
      $0.identifier.rawValue.lowercased() == text.lowercased() || $0.name == text.lowercased()
    }
  }

  private static func make(_ id: RuleID) -> RuleDescription {
    switch id {
    case .edr001:
      RuleDescription(
        identifier: id, name: "rgb-clamped-to-unit",
        summary:
          "RGB clamped to [0,1] (clamp/min/saturate/fmin with a constant bound <= 1) on colour that reaches the output.",
        rationale:
          "Core Image works in extended linear sRGB: RGB above 1.0 carries EDR highlights. Review math that limits RGB to 0-1 (WWDC22 10114); only alpha must stay in [0,1].",
        defaultSeverity: .warning, nonTriggeringExamples: EDR001Examples.nonTriggering,
        triggeringExamples: EDR001Examples.triggering)
    case .edr002:
      RuleDescription(
        identifier: id, name: "rgb-smoothstep-curve",
        summary:
          "smoothstep with constant edges ending <= 1 used as a colour curve (a soft clamp).",
        rationale:
          "smoothstep saturates at 1 for every input above its upper edge, so EDR highlights collapse to 1.0 just as with clamp.",
        defaultSeverity: .warning, nonTriggeringExamples: EDR002Examples.nonTriggering,
        triggeringExamples: EDR002Examples.triggering)
    case .edr003:
      RuleDescription(
        identifier: id, name: "rgb-negative-clip",
        summary: "max(colour, 0) or a lower-only clamp of colour that reaches the output.",
        rationale:
          "Extended sRGB encodes colours outside the sRGB gamut with negative components (sign(x)*f(|x|)); clipping them at 0 loses wide-gamut content. Guards of pow/sqrt/log/division are exempt.",
        defaultSeverity: .note, nonTriggeringExamples: EDR003Examples.nonTriggering,
        triggeringExamples: EDR003Examples.triggering)
    case .edr004:
      RuleDescription(
        identifier: id, name: "colour-indexes-lut",
        summary:
          "A colour value is used as a sample coordinate or array index (the LUT domain ends at 1.0).",
        rationale:
          "EDR values above 1.0 address outside the table or are mapped to its edge. Off by default: LUT kernels do this on purpose; enable it to audit.",
        defaultSeverity: .note, isOptIn: true, nonTriggeringExamples: EDR004Examples.nonTriggering,
        triggeringExamples: EDR004Examples.triggering)
    case .alpha001:
      RuleDescription(
        identifier: id, name: "alpha-out-of-range",
        summary: "Output alpha leaves [0,1] even for SDR input and parameters in [0,1].",
        rationale:
          "RGB may exceed 0-1 but alpha must stay in 0-1 (WWDC22 10114): multiply only RGB, e.g. float4(s.rgb * 5.0, s.a).",
        defaultSeverity: .error, nonTriggeringExamples: AlphaExamples.alpha001NonTriggering,
        triggeringExamples: AlphaExamples.alpha001Triggering)
    case .alpha002:
      RuleDescription(
        identifier: id, name: "alpha-may-leave-range",
        summary: "Output alpha leaves [0,1] only for EDR input or parameters outside [0,1].",
        rationale:
          "A free parameter, an RGB lane written into alpha, or a colour-derived weight can push alpha out of [0,1] once colours exceed 1.0. Annotate guaranteed ranges with // edrlint:param NAME in [0, 1].",
        defaultSeverity: .warning, nonTriggeringExamples: AlphaExamples.alpha002NonTriggering,
        triggeringExamples: AlphaExamples.alpha002Triggering)
    case .lint001:
      RuleDescription(
        identifier: id, name: "unused-suppression",
        summary: "An edrlint:disable directive that suppressed nothing.",
        rationale: "Stale suppressions hide future problems; --fix removes them.",
        defaultSeverity: .warning, nonTriggeringExamples: LintExamples.lint001NonTriggering,
        triggeringExamples: LintExamples.lint001Triggering)
    case .lint002:
      RuleDescription(
        identifier: id, name: "invalid-directive",
        summary:
          "A malformed edrlint directive: unknown command or rule id, bad param range, enable without disable.",
        rationale: "A directive that does not parse silently suppresses nothing.",
        defaultSeverity: .warning, nonTriggeringExamples: LintExamples.lint002NonTriggering,
        triggeringExamples: LintExamples.lint002Triggering)
    case .lint003:
      RuleDescription(
        identifier: id, name: "partial-analysis",
        summary:
          "Kernel text could not be (fully) analysed: parse error, run-time assembly, unknown function.",
        rationale: "Coverage gaps are reported instead of silent passes.",
        defaultSeverity: .note, nonTriggeringExamples: LintExamples.lint003NonTriggering,
        triggeringExamples: LintExamples.lint003Triggering)
    }
  }
}
