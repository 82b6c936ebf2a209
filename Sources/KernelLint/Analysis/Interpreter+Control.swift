extension Interpreter {
  // MARK: Branch refinement (device 5)

  /// Narrows variables in the current scopes assuming `condition` has truth value `truth`.
  func refine(_ condition: Expr, _ truth: Bool) {
    switch condition.kind {
    case .unary("!", let inner):
      refine(inner, !truth)
    case .binary("&&", let l, let r) where truth:
      refine(l, true)
      refine(r, true)
    case .binary("||", let l, let r) where !truth:
      refine(l, false)
      refine(r, false)
    case .binary(let op, let l, let r) where ["<", "<=", ">", ">="].contains(op):
      if let c = constantValue(r) {
        narrow(l, op: op, bound: c, truth: truth)
      } else if let c = constantValue(l) {
        let flipped = ["<": ">", "<=": ">=", ">": "<", ">=": "<="][op] ?? op
        narrow(r, op: flipped, bound: c, truth: truth)
      }
    default:
      break
    }
  }

  /// The folded value of a constant scalar expression, if it is one.
  func constantValue(_ e: Expr) -> Double? {
    let v = eval(e)
    guard v.shape == .numeric, v.lanes.count == 1, v.lanes[0].cls == .constant,
      let c = v.lanes[0].a.constant, v.lanes[0].b.constant == c
    else { return nil }
    return c
  }

  private func narrow(_ target: Expr, op: String, bound: Double, truth: Bool) {
    let upper = (op == "<" || op == "<=") == truth
    let limit = upper ? Interval(lo: -.infinity, hi: bound) : Interval(lo: bound, hi: .infinity)
    switch target.kind {
    case .identifier(let name):
      guard var v = lookup(name), v.lanes.count == 1 else { return }
      v.lanes[0].a = v.lanes[0].a.meet(limit)
      v.lanes[0].b = v.lanes[0].b.meet(limit)
      assign(name, v)
    case .member(let base, let field):
      guard case .identifier(let name) = base.kind, var v = lookup(name),
        let lanes = Interpreter.swizzle(field, count: v.lanes.count), lanes.count == 1,
        lanes[0] < v.lanes.count
      else { return }
      v.lanes[lanes[0]].a = v.lanes[lanes[0]].a.meet(limit)
      v.lanes[lanes[0]].b = v.lanes[lanes[0]].b.meet(limit)
      assign(name, v)
    default:
      break
    }
  }

  // MARK: Loops (device 4 and widening)

  /// Runs a loop abstractly: unrolled when short, extrapolated when the trip count is known,
  /// otherwise iterated to a fixpoint with widening after 3 rounds.
  func runLoop(initial: Stmt?, condition: Expr?, step: Expr?, body: Stmt) {
    let trip = tripCount(initial: initial, condition: condition, step: step)
    if let (variable, start, count, delta) = trip, count <= 16, count * 4 <= unrollBudget {
      let savedBudget = unrollBudget
      unrollBudget /= max(count, 1)
      for k in 0..<count {
        assign(variable, constant(start + Double(k) * delta))
        if exec(body) == .returned { break }
      }
      unrollBudget = savedBudget
      assign(variable, constant(start + Double(count) * delta))
      return
    }
    if let (variable, start, count, delta) = trip {
      let end = start + Double(max(count - 1, 0)) * delta
      var range = constant(start)
      range.lanes[0].a = Interval(lo: min(start, end), hi: max(start, end))
      range.lanes[0].b = range.lanes[0].a
      range.lanes[0].cls = .derived
      assign(variable, range)
      let s0 = scopes
      iterate(body, step: step, condition: condition)
      assign(variable, range)
      let s1 = scopes
      iterate(body, step: step, condition: condition)
      assign(variable, range)
      let s2 = scopes
      scopes = extrapolate(s0, s1, s2, count: Double(count))
      return
    }
    var previous = scopes
    for round in 0..<4 {
      iterate(body, step: step, condition: condition)
      let merged = join(previous, scopes)
      if stable(previous, merged) {
        scopes = merged
        return
      }
      scopes = round >= 2 ? widen(previous, merged) : merged
      previous = scopes
    }
    iterate(body, step: step, condition: condition)
    scopes = join(previous, scopes)
  }

  private func iterate(_ body: Stmt, step: Expr?, condition: Expr?) {
    if let condition {
      _ = eval(condition)
      refine(condition, true)
    }
    _ = exec(body)
    if let step { _ = eval(step) }
  }

  /// `(variable, start, count, delta)` for `for (int i = a; i < b; i++)`-style loops.
  func tripCount(initial: Stmt?, condition: Expr?, step: Expr?) -> (String, Double, Int, Double)? {
    guard let initial, let condition, let step else { return nil }
    var variable = ""
    var start = 0.0
    switch initial {
    case .declaration(let decls) where decls.count == 1:
      guard let e = decls[0].initializer, let v = constantValue(e) else { return nil }
      variable = decls[0].name
      start = v
    case .expression(let e):
      guard case .assign("=", let l, let r) = e.kind, case .identifier(let name) = l.kind,
        let v = constantValue(r)
      else { return nil }
      variable = name
      start = v
    default:
      return nil
    }
    var delta = 0.0
    switch step.kind {
    case .postfix(let op, let t), .unary(let op, let t):
      guard case .identifier(variable) = t.kind else { return nil }
      delta = op == "++" ? 1 : op == "--" ? -1 : 0
    case .assign(let op, let t, let amount):
      guard case .identifier(variable) = t.kind, let d = constantValue(amount) else { return nil }
      delta = op == "+=" ? d : op == "-=" ? -d : 0
    default:
      return nil
    }
    guard delta != 0, case .binary(let op, let l, let r) = condition.kind,
      case .identifier(variable) = l.kind, let bound = constantValue(r)
    else { return nil }
    let span: Double
    switch op {
    case "<": span = (bound - start) / delta
    case "<=": span = (bound - start) / delta + 1
    case ">": span = (start - bound) / -delta
    case ">=": span = (start - bound) / -delta + 1
    case "!=": span = (bound - start) / delta
    default: return nil
    }
    guard span.isFinite, span >= 0, span <= 1_000_000 else { return nil }
    return (variable, start, max(Int(span.rounded(.up)), 0), delta)
  }

  private func stable(_ x: [[String: Value]], _ y: [[String: Value]]) -> Bool {
    for k in x.indices where k < y.count {
      for (name, v) in x[k] {
        guard let w = y[k][name], v.lanes.count == w.lanes.count else { continue }
        for i in v.lanes.indices where v.lanes[i].a != w.lanes[i].a || v.lanes[i].b != w.lanes[i].b
        {
          return false
        }
      }
    }
    return true
  }

  private func widen(_ old: [[String: Value]], _ new: [[String: Value]]) -> [[String: Value]] {
    var result = new
    for k in result.indices where k < old.count {
      for (name, v) in result[k] {
        guard let o = old[k][name], o.lanes.count == v.lanes.count else { continue }
        var w = v
        for i in w.lanes.indices {
          let a = w.lanes[i].a.widened(from: o.lanes[i].a)
          let b = w.lanes[i].b.widened(from: o.lanes[i].b)
          if a != w.lanes[i].a || b != w.lanes[i].b { w.lanes[i].isWidened = true }
          w.lanes[i].a = a
          w.lanes[i].b = b
        }
        result[k][name] = w
      }
    }
    return result
  }

  /// Extends per-iteration growth linearly to `count` iterations; non-linear growth widens.
  private func extrapolate(
    _ s0: [[String: Value]], _ s1: [[String: Value]], _ s2: [[String: Value]], count: Double
  ) -> [[String: Value]] {
    var result = join(s0, s2)
    for k in result.indices where k < s0.count && k < s1.count && k < s2.count {
      for (name, v) in result[k] {
        guard let x0 = s0[k][name], let x1 = s1[k][name], let x2 = s2[k][name],
          x0.lanes.count == v.lanes.count, x1.lanes.count == v.lanes.count,
          x2.lanes.count == v.lanes.count
        else { continue }
        var w = v
        for i in w.lanes.indices {
          w.lanes[i].a = Self.linear(
            x0.lanes[i].a, x1.lanes[i].a, x2.lanes[i].a, count, &w.lanes[i])
          w.lanes[i].b = Self.linear(
            x0.lanes[i].b, x1.lanes[i].b, x2.lanes[i].b, count, &w.lanes[i])
        }
        result[k][name] = w
      }
    }
    return result
  }

  private static func linear(
    _ i0: Interval, _ i1: Interval, _ i2: Interval, _ n: Double, _ lane: inout Lane
  ) -> Interval {
    if i0 == i1 && i1 == i2 { return i0 }
    let dlo = i1.lo - i0.lo
    let dhi = i1.hi - i0.hi
    let growsLinearly = (i2.lo - i1.lo == dlo || (dlo.isNaN)) && i2.hi - i1.hi == dhi
    if growsLinearly && dlo.isFinite && dhi.isFinite {
      return Interval(lo: min(i0.lo + n * dlo, i0.lo), hi: max(i0.hi + n * dhi, i0.hi))
        .hull(i1.hull(i2))
    }
    if i2.lo >= i1.lo && i2.hi <= i1.hi { return i0.hull(i1) }
    lane.isWidened = true
    return i0.hull(i1).hull(i2).widened(from: i0)
  }
}
