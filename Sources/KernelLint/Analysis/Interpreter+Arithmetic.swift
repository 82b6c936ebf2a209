extension Interpreter {
  /// Lane-wise `+ - * / %` with broadcasting, matrix products and the precision devices.
  func arithmetic(_ op: String, _ x: Value, _ y: Value, at range: Range<Int>) -> Value {
    if case .matrix(let c, let r) = x.shape, op == "*", y.shape == .numeric, y.lanes.count == c {
      return matrixTimesVector(x, c, r, y, at: range)
    }
    if case .matrix(let c, let r) = y.shape, op == "*", x.shape == .numeric, x.lanes.count == r {
      return vectorTimesMatrix(x, y, c, r, at: range)
    }
    if case .matrix = x.shape, case .matrix = y.shape {
      return Value(shape: x.shape, lanes: x.lanes.map { _ in opaqueLane() })
    }
    let n = max(x.lanes.count, y.lanes.count)
    guard n > 0, x.lanes.count == n || x.lanes.count == 1, y.lanes.count == n || y.lanes.count == 1
    else {
      facts.typeErrors += 1
      return opaque(count: max(n, 1))
    }
    var lanes: [Lane] = []
    lanes.reserveCapacity(n)
    for i in 0..<n {
      let l = x.lanes[x.lanes.count == 1 ? 0 : i]
      let r = y.lanes[y.lanes.count == 1 ? 0 : i]
      lanes.append(laneOp(op, l, r, at: range))
    }
    // Colour divided by colour channel by channel (`b.rgb / (1.0 - s.rgb)`, colour dodge) is a
    // blended colour, not a ratio: a limit on it limits output intensity. A division by one
    // scalar (`c.rgb / luma`, `(mx - mn) / mx`) stays a ratio (DERIVED), as does `x / x`.
    if op == "/", x.lanes.count >= 3, y.lanes.count == x.lanes.count {
      for i in lanes.indices
      where lanes[i].cls == .derived && x.lanes[i].cls.contains(.color)
        && y.lanes[i].cls.contains(.color) && x.lanes[i].id != y.lanes[i].id
      {
        lanes[i].cls = .color
      }
    }
    let shape: ValueShape = x.shape == .numeric ? y.shape : x.shape
    return Value(shape: shape, lanes: lanes)
  }

  private func matrixTimesVector(_ m: Value, _ c: Int, _ r: Int, _ v: Value, at range: Range<Int>)
    -> Value
  {
    var lanes: [Lane] = []
    for i in 0..<r {
      var sum = laneOp("*", m.lanes[i], v.lanes[0], at: range)
      for j in 1..<c {
        sum = laneOp("+", sum, laneOp("*", m.lanes[j * r + i], v.lanes[j], at: range), at: range)
      }
      lanes.append(sum)
    }
    return Value(shape: .numeric, lanes: lanes)
  }

  private func vectorTimesMatrix(_ v: Value, _ m: Value, _ c: Int, _ r: Int, at range: Range<Int>)
    -> Value
  {
    var lanes: [Lane] = []
    for j in 0..<c {
      var sum = laneOp("*", v.lanes[0], m.lanes[j * r], at: range)
      for i in 1..<r {
        sum = laneOp("+", sum, laneOp("*", v.lanes[i], m.lanes[j * r + i], at: range), at: range)
      }
      lanes.append(sum)
    }
    return Value(shape: .numeric, lanes: lanes)
  }

  /// One lane of a binary arithmetic operation.
  func laneOp(_ op: String, _ l: Lane, _ r: Lane, at range: Range<Int>) -> Lane {
    var lane = Lane(cls: .constant, a: .top, b: .top, id: facts.freshID())
    // Operators are one byte: compare bytes, not strings (this runs for every lane).
    let code = op.utf8.count == 1 ? op.utf8.first ?? 0 : 0
    let isPlus = code == UInt8(ascii: "+")
    let isMinus = code == UInt8(ascii: "-")
    let isTimes = code == UInt8(ascii: "*")
    let isDivide = code == UInt8(ascii: "/")
    switch code {
    case UInt8(ascii: "+"), UInt8(ascii: "-"):
      lane.cls = l.cls.combined(r.cls)
      lane.a = isPlus ? l.a + r.a : l.a - r.a
      lane.b = isPlus ? l.b + r.b : l.b - r.b
      if isPlus {
        applyDevices(&lane, l, r)
        if let sum = sumForm(l, r) { lane.form = addForm(sum) }
      }
      if isMinus, l.cls == .constant, l.a == .point(1), l.b == .point(1) {
        lane.form = addForm(.oneMinus(r.id))
      }
      lane.taint = addendTaint(l, r).union(addendTaint(r, l))
      lane.residual = l.residual.union(r.residual)
      if isMinus { markResidual(&lane, l, r) }
    case UInt8(ascii: "*"):
      lane.cls = l.cls.combined(r.cls)
      // `x * x` (one value times itself) is a square: never negative.
      lane.a = l.id == r.id ? l.a.squared : l.a * r.a
      lane.b = l.id == r.id ? l.b.squared : l.b * r.b
      lane.form = addForm(.product(factor(l), factor(r)))
      lane.taint = carrierTaint(l, r)
      lane.residual = l.residual.union(r.residual)
    default:
      let bothColor = l.cls.contains(.color) && r.cls.contains(.color)
      lane.cls = bothColor ? .derived : l.cls.combined(r.cls)
      if l.id == r.id && isDivide {
        lane.a = .point(1)
        lane.b = .point(1)
        lane.cls = l.cls == .constant ? .constant : .derived
      } else if isDivide {
        lane.a = l.a / r.a
        lane.b = l.b / r.b
        // Dividing by an input as read (`s / k`, `(1 - a) / b`) or by a value of parameters
        // only (`1 - k`) whose range holds 0 is a known pole, not an unknown value; a divisor
        // computed from colour (the guarded `a + step(a, 0.0)`) or widened by a loop (the weight
        // sum of a normalised average) may avoid 0 where its interval cannot.
        let isInput = facts.inputIDs.contains(r.id) || r.cls == .uniform && !r.isWidened
        lane.isImprecise = Interval.dividesByZero(r.a) && !isInput
        lane.isParameterPole =
          isInput && r.cls == .uniform
          && (Interval.dividesByZero(r.a) || Interval.dividesByZero(r.b))
        let average = weightedAverage(l, r)
        if let a = average.a { lane.a = lane.a.meet(a) }
        if let b = average.b { lane.b = lane.b.meet(b) }
      } else {
        lane.a = .top
        lane.b = .top
        lane.isImprecise = true
      }
      lane.taint = carrierTaint(l, r.taint.isEmpty ? r : guardedDivisor(r))
      lane.residual = l.residual
    }
    if lane.cls == .constant, let u = l.a.constant, let w = r.a.constant {
      let v = fold(op, u, w)
      lane.a = .point(v)
      lane.b = .point(v)
    }
    if isPlus || isMinus || isTimes {
      refineByPolynomial(&lane, isTimes, sign: isMinus ? -1 : 1, l, r)
    }
    lane.isImprecise = lane.isImprecise || l.isImprecise || r.isImprecise
    lane.isWidened = l.isWidened || r.isWidened
    lane.isParameterPole = lane.isParameterPole || l.isParameterPole || r.isParameterPole
    blame(&lane, l, r, at: range)
    return lane
  }

  private func polynomial(of lane: Lane) -> Multilinear {
    if lane.polynomial >= 0 { return facts.polynomials[Int(lane.polynomial)] }
    if lane.cls == .constant, let c = lane.a.constant, lane.b.constant == c { return .constant(c) }
    return .variable(lane)
  }

  /// Narrows `+ - ×` results with the exact range of their multilinear form.
  private func refineByPolynomial(
    _ lane: inout Lane, _ isProduct: Bool, sign: Double, _ l: Lane, _ r: Lane
  ) {
    let x = polynomial(of: l)
    let y = polynomial(of: r)
    let p: Multilinear? =
      isProduct ? Multilinear.multiply(x, y) : Multilinear.add(x, y, sign: sign)
    guard let p else { return }
    facts.polynomials.append(p)
    lane.polynomial = Int32(facts.polynomials.count - 1)
    if let a = p.range(worldA: true) { lane.a = lane.a.meet(a) }
    if let b = p.range(worldA: false) { lane.b = lane.b.meet(b) }
  }

  private func fold(_ op: String, _ u: Double, _ w: Double) -> Double {
    switch op {
    case "+": return u + w
    case "-": return u - w
    case "*": return u * w
    case "/": return u / w
    default: return u.truncatingRemainder(dividingBy: w)
    }
  }

  private func guardedDivisor(_ r: Lane) -> Lane {
    var g = r
    g.taint = r.taint.guarded()
    return g
  }

  /// Taint through `×`/`÷`: the COLOR operand(s) carry; with no colour both do, except that a
  /// `smoothstep` scaling a non-constant factor (`shadow * s`, `(c1 - c0) * s`) is a weight,
  /// not a colour curve.
  func carrierTaint(_ l: Lane, _ r: Lane) -> IDSet {
    let lc = l.cls.contains(.color)
    let rc = r.cls.contains(.color)
    if lc == rc {
      if lc { return l.taint.union(r.taint) }
      return weightTaint(l, scaling: r).union(weightTaint(r, scaling: l))
    }
    return lc ? l.taint : r.taint
  }

  private func weightTaint(_ w: Lane, scaling other: Lane) -> IDSet {
    guard w.cls == .derived, other.cls != .constant else { return w.taint }
    return w.taint.filter { candidateKind($0) != .smoothstepCurve }
  }

  /// Taint of `own` through `own ± other`: a scalar limited to 1 that is added to an unlimited
  /// colour not derived from that limit (`l + clamp(f(l) - l, 0.0, 1.0)`) is an adjustment
  /// term; the sum still exceeds 1, so the limit stops there. An addend known to be a signed
  /// difference for SDR input (chroma: `Y + 1.4 * V` rebuilding RGB from a limited luma) is
  /// not an intensity: the limit stays live.
  private func addendTaint(_ own: Lane, _ other: Lane) -> IDSet {
    let isSignedDifference = other.a.lo < 0 && other.a.lo.isFinite
    guard other.cls.contains(.color), other.b.hi == .infinity, !isSignedDifference,
      !own.taint.isEmpty
    else {
      return own.taint
    }
    let carried = Set(other.taint.items)
    return own.taint.filter { item in
      guard item & 1 == 0, !carried.contains(item), Int(item >> 1) < facts.candidates.count
      else { return true }
      let c = facts.candidates[Int(item >> 1)]
      return !(c.kind == .unitLimit && c.inputIDs.count == 1)
    }
  }

  private func candidateKind(_ item: Int32) -> LimitCandidate.Kind? {
    let k = Int(item >> 1)
    return k < facts.candidates.count ? facts.candidates[k].kind : nil
  }

  func factor(_ lane: Lane) -> LaneForm.Factor {
    var oneMinus: Int32 = -1
    if lane.form >= 0, case .oneMinus(let of) = facts.forms[Int(lane.form)] { oneMinus = of }
    return LaneForm.Factor(id: lane.id, oneMinusOf: oneMinus, a: lane.a, b: lane.b)
  }

  private func addForm(_ form: LaneForm) -> Int32 {
    facts.forms.append(form)
    return Int32(facts.forms.count - 1)
  }

  /// Source-over (device 3) and convex combinations (device 2) on `l + r`.
  private func applyDevices(_ lane: inout Lane, _ l: Lane, _ r: Lane) {
    guard l.form >= 0 || r.form >= 0 else { return }  // both devices need a product operand
    for (p, q) in [(l, r), (r, l)] {
      guard q.form >= 0, case .product(let f, let g) = facts.forms[Int(q.form)] else { continue }
      for (u, v) in [(f, g), (g, f)] where u.oneMinusOf == p.id {
        // p + (1 - p)·v
        if let a = Self.multilinear(p.a, v.a, { $0 + (1 - $0) * $1 }) { lane.a = lane.a.meet(a) }
        if let b = Self.multilinear(p.b, v.b, { $0 + (1 - $0) * $1 }) { lane.b = lane.b.meet(b) }
      }
      guard p.form >= 0, case .product(let f2, let g2) = facts.forms[Int(p.form)] else { continue }
      for (u, v) in [(f, g), (g, f)] where u.oneMinusOf >= 0 {
        for (s, w) in [(f2, g2), (g2, f2)] where s.id == u.oneMinusOf {
          // (1 - t)·v + t·w
          if s.a.isInUnit(tolerance: 0) { lane.a = lane.a.meet(v.a.hull(w.a)) }
          if s.b.isInUnit(tolerance: 0) { lane.b = lane.b.meet(v.b.hull(w.b)) }
        }
      }
    }
  }

  /// The range of `f` over a box when `f` is multilinear (extremes at corners).
  static func multilinear(_ x: Interval, _ y: Interval, _ f: (Double, Double) -> Double)
    -> Interval?
  {
    let values = [f(x.lo, y.lo), f(x.lo, y.hi), f(x.hi, y.lo), f(x.hi, y.hi)]
    guard values.allSatisfy({ !$0.isNaN }) else { return nil }
    return Interval(lo: values.min() ?? 0, hi: values.max() ?? 0)
  }

  /// Marks `x - clamp(x, …)` as the residual of that clamp (clamp-and-restore).
  private func markResidual(_ lane: inout Lane, _ l: Lane, _ r: Lane) {
    for item in r.taint.items where item & 1 == 0 {
      let k = Int(item >> 1)
      guard k < facts.candidates.count else { continue }
      let c = facts.candidates[k]
      if let j = c.resultIDs.firstIndex(of: r.id), j < c.inputIDs.count, c.inputIDs[j] == l.id {
        lane.residual.insert(item)
      }
    }
  }

  /// Sets the alpha culprit of a new lane in both worlds (ALPHA001/002 locations) from its
  /// two or three operands (no arrays: this runs for every lane operation).
  func blame(_ lane: inout Lane, _ x: Lane, _ y: Lane, _ z: Lane? = nil, at range: Range<Int>) {
    lane.culpritA = culprit(lane.a, x, y, z, worldA: true, range)
    lane.culpritB = culprit(lane.b, x, y, z, worldA: false, range)
  }

  private func culprit(
    _ result: Interval, _ x: Lane, _ y: Lane, _ z: Lane?, worldA: Bool, _ range: Range<Int>
  ) -> Int32 {
    if result.isInUnit() { return -1 }
    let inherited = { (o: Lane) in worldA ? o.culpritA : o.culpritB }
    if inherited(x) >= 0 { return inherited(x) }
    if inherited(y) >= 0 { return inherited(y) }
    if let z, inherited(z) >= 0 { return inherited(z) }
    let inUnit = { (o: Lane) in o.cls != .constant && (worldA ? o.a : o.b).isInUnit() }
    guard inUnit(x) || inUnit(y) || z.map(inUnit) == true else { return -1 }
    let classes = x.cls.union(y.cls).union(z?.cls ?? [])
    let reason =
      classes.contains(.uniform)
      ? "uniform" : classes.contains(.color) ? "colour-weight" : "colour-channel"
    facts.culprits.append(Culprit(range: range, callStack: callStack, reason: reason))
    return Int32(facts.culprits.count - 1)
  }

  /// Join for ternaries and `select`: branch values are carriers.
  func mixJoin(_ y: Value, _ n: Value) -> Value {
    if y.lanes.count == n.lanes.count { return joinValues(y, n) }
    let count = max(y.lanes.count, n.lanes.count)
    return joinValues(resized(y, to: count), resized(n, to: count))
  }
}
