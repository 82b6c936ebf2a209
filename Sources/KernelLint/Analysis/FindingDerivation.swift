/// Turns analysis facts into rule findings with messages and fix-its.
struct FindingDerivation {
  let text: [UInt8]
  let facts: AnalysisFacts
  let kernel: String
  let dialect: KernelDialect
  let flagGuards: Bool
  /// The kernel's parameters bound as uniforms (named in the range-annotation hint).
  var uniformNames: [String] = []

  private func source(_ range: Range<Int>) -> String {
    String(
      decoding: text[max(range.lowerBound, 0)..<min(range.upperBound, text.count)], as: UTF8.self)
  }

  private var vec4: String { dialect == .cikl ? "vec4" : "float4" }

  mutating func derive() -> [RawFinding] {
    var result: [RawFinding] = []
    for c in facts.candidates {
      if let f = limitFinding(c) { result.append(f) }
    }
    result += alphaFindings()
    for lookup in facts.lookups {
      result.append(
        RawFinding(
          rule: .edr004, range: lookup.range,
          message: lookup.isClamped
            ? "LUT domain ends at 1.0; EDR values are mapped to the LUT edge"
            : "colour value > 1.0 addresses outside the LUT domain (neighbouring tile or edge texel)",
          kernel: kernel))
    }
    return result
  }

  private func related(_ c: LimitCandidate) -> [(Range<Int>, String)] {
    guard let site = c.callStack.first else { return [] }
    return [(site, "called from '\(kernel)' here, which makes the result reach the output")]
  }

  private func limitFinding(_ c: LimitCandidate) -> RawFinding? {
    let value = source(c.valueRange)
    let simple = value.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
    let operand = simple ? value : "(\(value))"
    let canFix = !c.isFromMacro
    switch c.kind {
    case .unitLimit:
      guard c.isLiveDirect || c.isLiveGuarded, !c.isDischarged else { return nil }
      var finding = RawFinding(
        rule: .edr001, range: c.callRange,
        message:
          "RGB value limited to <= 1.0 by '\(c.callee)'; values above 1.0 (EDR highlights) are discarded. Extended-range working spaces allow RGB > 1.0; only alpha must stay in [0,1].",
        kernel: kernel, related: related(c))
      // `c = clamp(c, 0.0, 1.0);` without its limit is `c = c;`: offer no removal there.
      let before = String(decoding: text[..<min(c.callRange.lowerBound, text.count)], as: UTF8.self)
      let selfAssignment = before.trimmingTrailingSpaces().hasSuffix(value + " =")
      if canFix && !selfAssignment {
        let replacement =
          c.isWholeVector
          ? (dialect == .cikl
            ? "vec4(\(operand).rgb, clamp(\(operand).a, 0.0, 1.0))"
            : "float4(\(operand).rgb, saturate(\(operand).a))")
          : value
        finding.fixes.append(
          .init(
            kind: .suggestion,
            description: c.isWholeVector
              ? "limit only alpha"
              : "remove the limit (extended-range working spaces allow RGB > 1.0)",
            edits: [(c.callRange, replacement)]))
        if !c.isWholeVector {
          finding.fixes.append(
            .init(
              kind: .suggestion, description: "keep only the floor",
              edits: [(c.callRange, "max(\(value), 0.0)")]))
        }
      }
      return finding
    case .negativeClip:
      let live = c.isLiveDirect || (flagGuards && c.isLiveGuarded)
      guard live, !c.isCoveredByUnitLimit, !c.isDischarged else { return nil }
      var finding = RawFinding(
        rule: .edr003, range: c.callRange,
        message:
          "negative RGB components are clipped to 0; in extended-range working spaces negative values encode colours outside the sRGB gamut (wide-gamut content).",
        kernel: kernel, related: related(c))
      if canFix {
        finding.fixes.append(
          .init(kind: .suggestion, description: "remove the clip", edits: [(c.callRange, value)]))
      }
      return finding
    case .smoothstepCurve:
      guard c.isLiveDirect || c.isLiveGuarded, !c.isDischarged else { return nil }
      var finding = RawFinding(
        rule: .edr002, range: c.callRange,
        message:
          "'smoothstep' with constant edges ending at or below 1.0 is used as a colour curve; it saturates every value above the upper edge (a soft clamp of EDR highlights).",
        kernel: kernel, related: related(c))
      if canFix {
        finding.fixes.append(
          .init(
            kind: .suggestion, description: "keep the excess above the curve's domain",
            edits: [
              (c.callRange, "(\(source(c.callRange)) + (\(value) - clamp(\(value), 0.0, 1.0)))")
            ]))
      }
      return finding
    }
  }

  private func alphaFindings() -> [RawFinding] {
    var result: [RawFinding] = []
    var seen = Set<Int>()
    for output in facts.outputs {
      let lane = output.lane
      guard !lane.isImprecise else { continue }
      let failsA = !lane.a.isInUnit()
      let failsB = !lane.b.isInUnit()
      guard failsA || failsB else { continue }
      let widenedInA = failsA && (lane.isWidened || lane.isParameterPole)
      let isError = failsA && !widenedInA
      let culpritIndex =
        isError ? lane.culpritA : (lane.culpritB >= 0 ? lane.culpritB : lane.culpritA)
      let range: Range<Int>
      var stack: [Range<Int>] = []
      if culpritIndex >= 0 {
        range = facts.culprits[Int(culpritIndex)].range
        stack = facts.culprits[Int(culpritIndex)].callStack
      } else if lane.placedAt >= 0 {
        range = facts.placements[Int(lane.placedAt)]
      } else {
        range = output.returnRange
      }
      guard seen.insert(range.lowerBound).inserted else { continue }
      let culpritReason = culpritIndex >= 0 ? facts.culprits[Int(culpritIndex)].reason : nil
      let fallback =
        lane.cls.contains(.color)
        ? "colour-channel" : lane.cls.contains(.uniform) ? "uniform" : "colour-weight"
      let reason: String? = isError ? nil : lane.isWidened ? "loop" : culpritReason ?? fallback
      let worlds = ["A": [lane.a.lo, lane.a.hi], "B": [lane.b.lo, lane.b.hi]]
      let shown = isError ? lane.a : lane.b
      let message =
        isError
        ? "alpha can leave [0,1]: output alpha is in \(Self.format(shown)) even for SDR input and parameters in [0,1]"
        : "alpha may leave [0,1] (\(reason ?? "")): output alpha is in \(Self.format(shown)) for EDR input or parameters outside [0,1]"
      var finding = RawFinding(
        rule: isError ? .alpha001 : .alpha002, range: range, message: message, kernel: kernel)
      finding.worlds = worlds
      finding.reason = reason
      if range != output.returnRange {
        finding.related.append((output.returnRange, "returned here"))
      }
      if let site = stack.first { finding.related.append((site, "in the helper called here")) }
      finding.fixes = alphaFixes(range)
      if reason == "uniform" {
        finding.fixes.append(
          .init(
            kind: .suggestion,
            description:
              "if the host guarantees the range, annotate it: // edrlint:param \(uniformName(in: range)) in [0, 1]",
            edits: []))
      }
      result.append(finding)
    }
    return result
  }

  /// The uniform parameter the culprit at `range` names (the first one if it names none).
  private func uniformName(in range: Range<Int>) -> String {
    let words = Set(
      source(range).split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    return uniformNames.first { words.contains($0) } ?? uniformNames.first ?? "<parameter>"
  }

  private static func format(_ i: Interval) -> String {
    func f(_ v: Double) -> String {
      if v.isInfinite { return v < 0 ? "-inf" : "+inf" }
      let r = (v * 1000).rounded() / 1000
      return r == r.rounded() && abs(r) < 1e15 ? String(Int(r)) : String(r)
    }
    return "[\(f(i.lo)), \(f(i.hi))]"
  }

  /// Scale RGB only for a whole-vector `*`/`/` culprit (WWDC22).
  private func alphaFixes(_ range: Range<Int>) -> [RawFinding.RawFix] {
    let culprit = source(range)
    for op in [" * ", " / ", "*", "/"] {
      guard let r = culprit.firstRange(of: op) else { continue }
      let lhs = String(culprit[..<r.lowerBound]).trimmingCharacters()
      let rhs = String(culprit[r.upperBound...]).trimmingCharacters()
      guard !lhs.isEmpty, !rhs.isEmpty, lhs.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
        !rhs.contains(where: { "+-*/?:".contains($0) })
      else { return [] }
      let o = op.trimmingCharacters()
      return [
        .init(
          kind: .suggestion, description: "scale RGB only",
          edits: [(range, "\(vec4)(\(lhs).rgb \(o) \(rhs), \(lhs).a)")])
      ]
    }
    return []
  }
}

extension String {
  /// The string without trailing spaces and tabs.
  func trimmingTrailingSpaces() -> String {
    var s = Substring(self)
    while s.last == " " || s.last == "\t" { s = s.dropLast() }
    return String(s)
  }

  /// The string without leading and trailing spaces.
  func trimmingCharacters() -> String {
    var s = Substring(self)
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}
