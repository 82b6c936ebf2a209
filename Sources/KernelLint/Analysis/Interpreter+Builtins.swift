import Foundation

extension Interpreter {
  /// Evaluates a builtin of CIKL or the Metal standard library; nil if unknown.
  func builtin(_ name: String, _ args: [Value], _ exprs: [Expr], _ e: Expr) -> Value? {
    let x = args.first ?? constant(0)
    switch name {
    case "sample", "sample_linear", "sample_nearest":
      if args.count >= 2 { noteLookup(args[1], at: exprs[1].range) }
      return colorSource()
    case "sampler":  // `constexpr sampler s(coord::normalized, filter::linear);`
      return .object(.sampler)
    case "samplerTransform":
      return transformed(args.last)
    case "destCoord", "samplerCoord":
      return coordinate(count: 2)
    case "samplerExtent", "samplerOrigin", "samplerSize", "destExtent":
      return coordinate(count: name == "samplerExtent" ? 4 : 2)
    case "clamp":
      guard args.count == 3 else { return nil }
      return limit(e, exprs[0], x, lower: args[1], upper: args[2])
    case "saturate":
      return limit(e, exprs[0], x, lower: constant(0), upper: constant(1))
    case "min", "fmin", "max", "fmax":
      guard args.count == 2 else { return nil }
      return minMax(name, args, exprs, e)
    case "min3", "max3", "median3", "fmin3", "fmax3", "fmedian3":
      guard args.count == 3 else { return nil }
      return extremum3(name, args, at: e.range)
    case "mix", "lerp":
      guard args.count == 3 else { return nil }
      return mix(args[0], args[1], args[2], at: e.range)
    case "smoothstep":
      guard args.count == 3 else { return nil }
      return smoothstep(args, exprs, e)
    case "step":
      return predicate(count: args.map { $0.lanes.count }.max() ?? 1, from: args)
    case "compare":
      guard args.count == 3 else { return nil }
      return mixJoin(args[1], args[2])
    case "select":
      guard args.count == 3 else { return nil }
      return mixJoin(args[0], args[1])
    case "dot":
      guard args.count == 2 else { return nil }
      let p = arithmetic("*", args[0], args[1], at: e.range)
      var sum = p.lanes[0]
      for lane in p.lanes.dropFirst() { sum = laneOp("+", sum, lane, at: e.range) }
      return Value(shape: .numeric, lanes: [sum])
    case "fma", "mad":
      guard args.count == 3 else { return nil }
      return arithmetic("+", arithmetic("*", args[0], args[1], at: e.range), args[2], at: e.range)
    case "abs", "fabs":
      return unaryMap(x, guarded: false) { i in
        i.lo >= 0 ? i : i.hi <= 0 ? -i : Interval(lo: 0, hi: max(-i.lo, i.hi))
      }
    case "floor", "ceil", "round", "trunc", "rint":
      return unaryMap(x, guarded: false) { $0.mapIncreasing(Self.rounding(name)) }
    case "exp", "exp2", "exp10":
      return unaryMap(x, guarded: false) {
        $0.mapIncreasing(
          name == "exp"
            ? Foundation.exp : name == "exp2" ? Foundation.exp2 : { Foundation.pow(10, $0) })
      }
    case "sqrt", "log", "log2", "log10", "rsqrt", "inversesqrt":
      return unaryMap(x, guarded: true) { i in
        guard i.lo >= 0, name == "sqrt" else { return .top }
        return i.mapIncreasing(Foundation.sqrt)
      }
    case "pow", "powr":
      guard args.count == 2 else { return nil }
      return power(args[0], args[1])
    case "premultiply":
      guard x.lanes.count == 4 else { return x }
      var v = arithmetic(
        "*", Value(shape: .numeric, lanes: Array(x.lanes.prefix(3))),
        Value(shape: .numeric, lanes: [x.lanes[3]]), at: e.range)
      v.lanes.append(x.lanes[3])
      return v
    case "unpremultiply":
      guard x.lanes.count == 4 else { return x }
      var v = Value(shape: .numeric, lanes: Array(x.lanes.prefix(3)))
      v = unaryMap(v, guarded: false) { _ in .top }
      v.lanes.append(x.lanes[3])
      return v
    case "srgb_to_linear", "linear_to_srgb", "sRGB_to_linear", "linear_to_sRGB":
      var v = unaryMap(Value(shape: .numeric, lanes: Array(x.lanes.prefix(3))), guarded: false) {
        i in
        i.isInUnit(tolerance: 0) ? .unit : .top
      }
      if x.lanes.count == 4 { v.lanes.append(x.lanes[3]) }
      return v
    case "sign":
      return derived(args, Interval(lo: -1, hi: 1))
    case "fract":
      return derived(args, Interval(lo: 0, hi: 1))
    case "sin", "cos", "sin_", "cos_", "sinpi", "cospi":
      // A sine or cosine of intensity is a curve on it (`cos(c * pi + pi) / 2 + 0.5`, a smooth
      // S-curve): it keeps the colour and what limited it. Of anything else it is a weight.
      if x.lanes.contains(where: { $0.cls.contains(.color) }) {
        return unaryMap(x, guarded: false) { _ in Interval(lo: -1, hi: 1) }
      }
      return derived(args, Interval(lo: -1, hi: 1))
    case "normalize":
      return derived(args, Interval(lo: -1, hi: 1))
    case "tan", "atan", "atan2", "asin", "acos", "sinh", "cosh", "tanh", "fmod", "mod",
      "length", "distance", "cross", "reflect", "refract", "faceforward", "tan_", "copysign",
      "length_squared", "distance_squared", "determinant", "transpose", "modf", "ldexp",
      "degrees", "radians":
      let count =
        ["length", "distance", "length_squared", "distance_squared", "determinant"].contains(name)
        ? 1 : x.lanes.count
      return resized(derived(args, .top), to: count)
    case "any", "all", "isnan", "isinf", "isfinite", "not", "signbit", "isequal", "isnotequal",
      "isless", "islessequal", "isgreater", "isgreaterequal", "islessgreater", "isordered",
      "isunordered", "isnormal":
      return predicate(count: name == "any" || name == "all" ? 1 : x.lanes.count, from: args)
    case "as_type", "static_cast", "reinterpret_cast", "float", "half":
      return x
    default:
      return nil
    }
  }

  private static func rounding(_ name: String) -> (Double) -> Double {
    switch name {
    case "floor": return { $0.rounded(.down) }
    case "ceil": return { $0.rounded(.up) }
    case "trunc": return { $0.rounded(.towardZero) }
    default: return { $0.rounded() }
    }
  }

  /// A DERIVED value (weight, mask, ratio) with a fixed range; CONST if every input is.
  func derived(_ args: [Value], _ range: Interval) -> Value {
    let count = args.map { $0.lanes.count }.max() ?? 1
    let allConstant = args.allSatisfy { $0.lanes.allSatisfy { $0.cls == .constant } }
    let lanes = (0..<max(count, 1)).map { _ in
      Lane(cls: allConstant ? .constant : .derived, a: range, b: range, id: facts.freshID())
    }
    return Value(shape: .numeric, lanes: lanes)
  }

  /// A lane-wise function that keeps the class and carrier taint of its operand.
  func unaryMap(_ x: Value, guarded: Bool, _ f: (Interval) -> Interval) -> Value {
    var v = x
    for i in v.lanes.indices {
      let old = v.lanes[i]
      v.lanes[i].id = facts.freshID()
      v.lanes[i].a = f(old.a)
      v.lanes[i].b = f(old.b)
      v.lanes[i].form = -1
      v.lanes[i].polynomial = -1
      if guarded { v.lanes[i].taint = old.taint.guarded() }
      if v.lanes[i].a.isInUnit() { v.lanes[i].culpritA = -1 }
      if v.lanes[i].b.isInUnit() { v.lanes[i].culpritB = -1 }
    }
    return v
  }

  private func power(_ base: Value, _ exponent: Value) -> Value {
    let e = exponent.lanes
    guard !e.isEmpty else { return unaryMap(base, guarded: true) { _ in .top } }
    var v = unaryMap(base, guarded: true) { _ in .top }
    for i in v.lanes.indices {
      let ex = e[e.count == 1 ? 0 : min(i, e.count - 1)]
      for world in 0..<2 {
        let b = world == 0 ? base.lanes[i].a : base.lanes[i].b
        let p = world == 0 ? ex.a : ex.b
        var r = Interval.top
        if b.lo >= 0, p.lo > 0 {
          let values = [
            Foundation.pow(b.lo, p.lo), Foundation.pow(b.lo, p.hi), Foundation.pow(b.hi, p.lo),
            Foundation.pow(b.hi, p.hi),
          ]
          if values.allSatisfy({ !$0.isNaN }) {
            r = Interval(lo: values.min() ?? 0, hi: values.max() ?? 0)
          }
        }
        if world == 0 { v.lanes[i].a = r } else { v.lanes[i].b = r }
      }
      v.lanes[i].cls = base.lanes[i].cls.combined(ex.cls.intersection(.color))
    }
    return v
  }

  /// `mix(a, b, t)`: identity lanes, hull for t in [0,1], multilinear range otherwise.
  func mix(_ a: Value, _ b: Value, _ t: Value, at range: Range<Int>) -> Value {
    let n = max(a.lanes.count, b.lanes.count)
    let x = resized(a, to: n)
    let y = resized(b, to: n)
    let w = resized(t, to: n)
    var lanes: [Lane] = []
    for i in 0..<n {
      let (p, q, s) = (x.lanes[i], y.lanes[i], w.lanes[i])
      if p.id == q.id {
        lanes.append(p)
        continue
      }
      var lane = Lane(cls: p.cls.combined(q.cls), a: .top, b: .top, id: facts.freshID())
      lane.a = Self.mixRange(p.a, q.a, s.a)
      lane.b = Self.mixRange(p.b, q.b, s.b)
      lane.taint = p.taint.union(q.taint)
      // Colour as the weight between colour-free endpoints (levels: `mix(lo, hi, c)`) is an
      // affine map of that colour: it carries.
      let colorFree = !p.cls.contains(.color) && !q.cls.contains(.color)
      if s.cls.contains(.color) && colorFree {
        lane.taint = lane.taint.union(s.taint)
        lane.cls = lane.cls.combined(.color)
      }
      lane.residual = p.residual.union(q.residual)
      lane.isImprecise = p.isImprecise || q.isImprecise || s.isImprecise
      lane.isWidened = p.isWidened || q.isWidened || s.isWidened
      lane.isParameterPole = p.isParameterPole || q.isParameterPole || s.isParameterPole
      blame(&lane, p, q, s, at: range)
      lanes.append(lane)
    }
    return Value(shape: .numeric, lanes: lanes)
  }

  private static func mixRange(_ p: Interval, _ q: Interval, _ s: Interval) -> Interval {
    if s.isInUnit(tolerance: 0) { return p.hull(q) }
    // Equal constant endpoints (`mix(vec4(x, 1.0), vec4(y, 1.0), t)` in the alpha lane): the
    // weight does not matter, even unbounded (no 0 * inf).
    if let u = p.constant, q.constant == u { return p }
    let corners = [p.lo, p.hi].flatMap { u in
      [q.lo, q.hi].flatMap { v in [s.lo, s.hi].map { t in u + (v - u) * t } }
    }
    guard corners.allSatisfy({ !$0.isNaN }) else { return .top }
    return Interval(lo: corners.min() ?? 0, hi: corners.max() ?? 0)
  }
}
