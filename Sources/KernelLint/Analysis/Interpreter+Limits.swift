extension Interpreter {
  /// All lanes constant: the folded values, else nil.
  func constantLanes(_ v: Value) -> [Double]? {
    guard v.shape == .numeric, !v.lanes.isEmpty else { return nil }
    var result: [Double] = []
    for lane in v.lanes {
      guard lane.cls == .constant, let c = lane.a.constant, lane.b.constant == c else { return nil }
      result.append(c)
    }
    return result
  }

  /// `clamp(x, lower, upper)` (and `saturate`): exact intervals plus EDR001/EDR003 candidates.
  func limit(_ e: Expr, _ valueExpr: Expr, _ x: Value, lower: Value, upper: Value) -> Value {
    let n = x.lanes.count
    let lo = resized(lower, to: n)
    let hi = resized(upper, to: n)
    var result = x
    for i in 0..<n {
      var lane = x.lanes[i]
      lane.id = facts.freshID()
      lane.a = clampInterval(lane.a, lo.lanes[i].a, hi.lanes[i].a)
      lane.b = clampInterval(lane.b, lo.lanes[i].b, hi.lanes[i].b)
      lane.form = -1
      lane.polynomial = -1
      if lane.a.isInUnit() { lane.culpritA = -1 }
      if lane.b.isInUnit() { lane.culpritB = -1 }
      result.lanes[i] = lane
    }
    let upperBounds = constantLanes(upper)
    let lowerBounds = constantLanes(lower)
    // EDR001 only where the clamp's range lies within [0, 1]: a lower bound that may be
    // negative for SDR input (chroma in [-0.52, 0.52]) limits something other than brightness.
    let lowerMayBeNegative = lo.lanes.contains { $0.a.lo < 0 }
    if let u = upperBounds, u.allSatisfy({ $0 <= 1 }), !lowerMayBeNegative {
      register(.unitLimit, e, valueExpr, x, &result, isNoOp: { $0.b.hi <= (u.max() ?? 1) })
    } else if let l = lowerBounds, l.allSatisfy({ $0 >= 0 }) {
      register(.negativeClip, e, valueExpr, x, &result, isNoOp: { $0.b.lo >= (l.min() ?? 0) })
    }
    return result
  }

  /// `min(max(x, lo), hi)` is non-decreasing in all three arguments.
  private func clampInterval(_ x: Interval, _ lo: Interval, _ hi: Interval) -> Interval {
    Interval(lo: min(max(x.lo, lo.lo), hi.lo), hi: min(max(x.hi, lo.hi), hi.hi))
  }

  /// `min`/`max` (and `fmin`/`fmax`): between two colours it is not a limit.
  func minMax(_ name: String, _ args: [Value], _ exprs: [Expr], _ e: Expr) -> Value {
    let isMin = name.hasSuffix("min")
    let n = max(args[0].lanes.count, args[1].lanes.count)
    let x = resized(args[0], to: n)
    let y = resized(args[1], to: n)
    var lanes: [Lane] = []
    for i in 0..<n {
      let (p, q) = (x.lanes[i], y.lanes[i])
      var lane = Lane(cls: p.cls.combined(q.cls), a: .top, b: .top, id: facts.freshID())
      let f: (Double, Double) -> Double = isMin ? { Swift.min($0, $1) } : { Swift.max($0, $1) }
      lane.a = Interval(lo: f(p.a.lo, q.a.lo), hi: f(p.a.hi, q.a.hi))
      lane.b = Interval(lo: f(p.b.lo, q.b.lo), hi: f(p.b.hi, q.b.hi))
      lane.taint = p.taint.union(q.taint)
      lane.residual = p.residual.union(q.residual)
      lane.isImprecise = p.isImprecise || q.isImprecise
      lane.isWidened = p.isWidened || q.isWidened
      lane.isParameterPole = p.isParameterPole || q.isParameterPole
      blame(&lane, p, q, at: e.range)
      lanes.append(lane)
    }
    var result = Value(shape: .numeric, lanes: lanes)
    let constants = (constantLanes(args[0]), constantLanes(args[1]))
    let (bound, valueIndex): ([Double]?, Int) =
      constants.1 != nil && constants.0 == nil
      ? (constants.1, 0)
      : constants.0 != nil && constants.1 == nil ? (constants.0, 1) : (nil, 0)
    guard let bound else { return result }
    let value = resized(args[valueIndex], to: n)
    if isMin, bound.allSatisfy({ $0 <= 1 }) {
      let k = register(
        .unitLimit, e, exprs[valueIndex], value, &result, isNoOp: { $0.b.hi <= (bound.max() ?? 1) })
      if k >= 0 { coverInnerClip(exprs[valueIndex]) }
    } else if !isMin, bound.allSatisfy({ $0 >= 0 }) {
      let k = register(
        .negativeClip, e, exprs[valueIndex], value, &result,
        isNoOp: { $0.b.lo >= (bound.min() ?? 0) })
      if k >= 0, let inner = exprs[valueIndex].calleeName,
        inner.hasSuffix("min") || inner == "clamp" || inner == "saturate"
      {
        if candidateIndex(of: exprs[valueIndex]) != nil {
          facts.candidates[Int(k)].isCoveredByUnitLimit = true
        }
      }
    }
    return result
  }

  /// In `min(max(x, 0), 1)` only EDR001 is reported.
  private func coverInnerClip(_ inner: Expr) {
    guard let name = inner.calleeName, name.hasSuffix("max"), let k = candidateIndex(of: inner)
    else { return }
    facts.candidates[Int(k)].isCoveredByUnitLimit = true
  }

  private func candidateIndex(of e: Expr) -> Int32? {
    facts.candidateKeys[
      AnalysisFacts.CandidateKey(expression: e.id, context: callStack.map { $0.lowerBound })]
  }

  /// `smoothstep(e0, e1, x)`: DERIVED in [0,1]; an EDR002 candidate on colour with e1 ≤ 1.
  func smoothstep(_ args: [Value], _ exprs: [Expr], _ e: Expr) -> Value {
    let x = args[2]
    var result = derived(args, .unit)
    result = resized(result, to: x.lanes.count)
    for i in result.lanes.indices { result.lanes[i].id = facts.freshID() }
    if let e0 = constantLanes(args[0]), let e1 = constantLanes(args[1]),
      e1.allSatisfy({ $0 <= 1 }), e0.count > 0
    {
      register(.smoothstepCurve, e, exprs[2], x, &result, isNoOp: { _ in false })
    }
    return result
  }

  /// Creates (or finds) the candidate for this call in this helper context and taints the
  /// result's colour lanes with it. Returns the candidate index or -1.
  @discardableResult
  func register(
    _ kind: LimitCandidate.Kind, _ e: Expr, _ valueExpr: Expr, _ x: Value, _ result: inout Value,
    isNoOp: (Lane) -> Bool
  ) -> Int32 {
    let colorLanes = x.lanes.indices.filter { x.lanes[$0].cls.contains(.color) }
    guard !colorLanes.isEmpty, !colorLanes.allSatisfy({ isNoOp(x.lanes[$0]) }) else { return -1 }
    let key = AnalysisFacts.CandidateKey(expression: e.id, context: callStack.map { $0.lowerBound })
    let k: Int32
    if let existing = facts.candidateKeys[key] {
      k = existing
    } else {
      k = Int32(facts.candidates.count)
      facts.candidateKeys[key] = k
      facts.candidates.append(
        LimitCandidate(
          kind: kind, callRange: e.range, callee: e.calleeName ?? "clamp",
          valueRange: valueExpr.range,
          isWholeVector: x.lanes.count == 4 && x.lanes[3].cls.contains(.alpha),
          isFromMacro: e.isFromMacro, inputIDs: [], resultIDs: [], callStack: callStack))
    }
    facts.candidates[Int(k)].inputIDs = x.lanes.map(\.id)
    facts.candidates[Int(k)].resultIDs = result.lanes.map(\.id)
    for i in colorLanes where i < result.lanes.count { result.lanes[i].taint.insert(k << 1) }
    return k
  }
}
