extension Interpreter {
  /// Metal's `min3`/`max3`/`median3` (and `fmin3`/`fmax3`/`fmedian3`): lane-wise, each
  /// non-decreasing in every argument, so each world's bounds are the function of the bounds.
  /// Between values it is not a limit: the classes and carrier taint of all three flow on, so
  /// `saturate(median3(a, b, c))` on colours stays a colour limit.
  func extremum3(_ name: String, _ args: [Value], at range: Range<Int>) -> Value {
    let n = args.map { $0.lanes.count }.max() ?? 1
    let values = args.map { resized($0, to: n) }
    let f: ([Double]) -> Double =
      name.hasSuffix("min3")
      ? { $0.min() ?? 0 } : name.hasSuffix("max3") ? { $0.max() ?? 0 } : { $0.sorted()[1] }
    var lanes: [Lane] = []
    for i in 0..<n {
      let (p, q, r) = (values[0].lanes[i], values[1].lanes[i], values[2].lanes[i])
      var lane = Lane(
        cls: p.cls.combined(q.cls).combined(r.cls), a: .top, b: .top, id: facts.freshID())
      lane.a = Interval(lo: f([p.a.lo, q.a.lo, r.a.lo]), hi: f([p.a.hi, q.a.hi, r.a.hi]))
      lane.b = Interval(lo: f([p.b.lo, q.b.lo, r.b.lo]), hi: f([p.b.hi, q.b.hi, r.b.hi]))
      lane.taint = p.taint.union(q.taint).union(r.taint)
      lane.residual = p.residual.union(q.residual).union(r.residual)
      lane.isImprecise = p.isImprecise || q.isImprecise || r.isImprecise
      lane.isWidened = p.isWidened || q.isWidened || r.isWidened
      lane.isParameterPole = p.isParameterPole || q.isParameterPole || r.isParameterPole
      blame(&lane, p, q, r, at: range)
      lanes.append(lane)
    }
    return Value(shape: .numeric, lanes: lanes)
  }
}
