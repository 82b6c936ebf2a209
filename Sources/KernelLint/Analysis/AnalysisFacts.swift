/// A limiting call (clamp-like or smoothstep) whose liveness is decided at the outputs.
struct LimitCandidate: Sendable {
  /// Which rule the call may violate.
  enum Kind: Sendable { case unitLimit, negativeClip, smoothstepCurve }

  /// The rule family.
  var kind: Kind
  /// The whole call.
  var callRange: Range<Int>
  /// The called name (`clamp`, `saturate`, `min`, …).
  var callee: String
  /// The limited operand.
  var valueRange: Range<Int>
  /// Whether the operand is a whole 4-vector (alpha included).
  var isWholeVector: Bool
  /// Whether the call text came from a macro expansion.
  var isFromMacro: Bool
  /// Lane ids of the operand and of the result (for residual restore).
  var inputIDs: [Int32]
  /// Lane ids of the result.
  var resultIDs: [Int32]
  /// Call sites of the helper functions the call was evaluated in (innermost last).
  var callStack: [Range<Int>]
  /// Whether an enclosing EDR001 call already covers this EDR003 candidate.
  var isCoveredByUnitLimit = false
  /// Whether the result reaches an output RGB lane directly.
  var isLiveDirect = false
  /// Whether the result reaches an output RGB lane only through a NaN guard.
  var isLiveGuarded = false
  /// Whether its residual is added back to an output.
  var isDischarged = false
}

/// The operation blamed for an out-of-range alpha.
struct Culprit: Sendable {
  /// The operation's range.
  var range: Range<Int>
  /// Helper call sites at that time.
  var callStack: [Range<Int>]
  /// The ALPHA002 reason suggested by the operands (`uniform`, `colour-weight`, …).
  var reason: String
}

/// The structure of a lane used by the precision devices.
enum LaneForm: Sendable {
  /// `1 - x` where `x` has this id.
  case oneMinus(Int32)
  /// A product of two factors.
  case product(Factor, Factor)
  /// A sum written out term by term (`c·0.18 + s₁·w₁ + s₂·w₂`, `0.18 + w₁ + w₂`), kept so
  /// that a weighted sum divided by the sum of its weights is known to be an average: its
  /// last addend in `AnalysisFacts.addends` (the others linked from it) and how many there are.
  case sum(last: Int32, count: Int32)

  /// One addend of a sum: the addend itself and, for a product, its two factors (otherwise
  /// the addend and the constant 1).
  struct Addend: Sendable {
    var whole: Factor
    var f: Factor
    var g: Factor
  }

  /// One addend of a sum in `AnalysisFacts.addends` and the one before it (-1 for the first).
  /// Sums share their prefixes, so `a₁ + a₂ + … + aₙ` stores each addend once, not the
  /// 1 + 2 + … + n addends of its partial sums (issue 40 R7: 2.4 KB per `+` of a long chain).
  struct Link: Sendable {
    var addend: Addend
    var previous: Int32
  }

  /// One factor of a product.
  struct Factor: Sendable {
    var id: Int32
    var oneMinusOf: Int32
    var a: Interval
    var b: Interval
  }
}

/// The alpha lane of one `return` of an entry point.
struct OutputAlpha: Sendable {
  /// The alpha lane.
  var lane: Lane
  /// The return statement.
  var returnRange: Range<Int>
}

/// A colour value used as a sample coordinate or array index (EDR004).
struct LUTLookup: Sendable {
  /// The coordinate or index expression.
  var range: Range<Int>
  /// Whether the colour was limited to ≤ 1 first.
  var isClamped: Bool
}

/// Everything the interpreter learns about one kernel.
final class AnalysisFacts {
  // One interpreter thread owns each instance: the dynamic exclusivity checks of class
  // properties (a measurable share of the analysis time) are switched off.
  @exclusivity(unchecked) var nextID: Int32 = 1
  @exclusivity(unchecked) var candidates: [LimitCandidate] = []
  @exclusivity(unchecked) var candidateKeys: [CandidateKey: Int32] = [:]
  @exclusivity(unchecked) var culprits: [Culprit] = []
  @exclusivity(unchecked) var forms: [LaneForm] = []
  /// The addends of the `.sum` forms, linked from each sum's last one.
  @exclusivity(unchecked) var addends: [LaneForm.Link] = []
  @exclusivity(unchecked) var polynomials: [Multilinear] = []
  @exclusivity(unchecked) var placements: [Range<Int>] = []
  @exclusivity(unchecked) var outputs: [OutputAlpha] = []
  @exclusivity(unchecked) var lookups: [LUTLookup] = []
  @exclusivity(unchecked) var partial: [(Range<Int>, String)] = []
  @exclusivity(unchecked) var steps = 0
  /// Type errors seen (vector widths that do not match, a swizzle beyond a value's lanes):
  /// the analysis goes on, and fix-its that add one are not offered.
  @exclusivity(unchecked) var typeErrors = 0
  /// Lane ids of kernel inputs as read (parameters, struct members, colour sources): a
  /// division by one of them is a known pole, by anything computed an unknown value.
  @exclusivity(unchecked) var inputIDs: Set<Int32> = []

  /// Key of a candidate: the expression and the helper-call context.
  struct CandidateKey: Hashable {
    var expression: Int
    var context: [Int]
  }

  /// An independent copy (the state after the globals, shared by every entry point).
  func copy() -> AnalysisFacts {
    let c = AnalysisFacts()
    c.nextID = nextID
    c.candidates = candidates
    c.candidateKeys = candidateKeys
    c.culprits = culprits
    c.forms = forms
    c.addends = addends
    c.polynomials = polynomials
    c.placements = placements
    c.outputs = outputs
    c.lookups = lookups
    c.partial = partial
    c.steps = steps
    c.typeErrors = typeErrors
    c.inputIDs = inputIDs
    return c
  }

  /// A fresh lane id.
  func freshID() -> Int32 {
    nextID += 1
    return nextID
  }

  /// Records a partial-analysis reason (first few only).
  func note(_ range: Range<Int>, _ message: String) {
    let bounded = message.count > 200 ? String(message.prefix(200)) + "…" : message
    if partial.count < 8 && !partial.contains(where: { $0.1 == bounded }) {
      partial.append((range, bounded))
    }
  }
}
