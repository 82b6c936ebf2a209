extension Interpreter {
  /// Evaluates an expression.
  func eval(_ e: Expr) -> Value {
    facts.steps += 1
    if facts.steps > Interpreter.stepLimit {
      if facts.steps == Interpreter.stepLimit + 1 {
        facts.note(e.range, "kernel too large to analyse completely")
      }
      return opaque(count: 4)
    }
    switch e.kind {
    case .number(let v):
      return constant(v)
    case .literal:
      return opaque(count: 1)
    case .identifier(let name):
      return identifier(name, e)
    case .unary(let op, let operand):
      return unary(op, operand, e)
    case .postfix(let op, let operand):
      let old = eval(operand)
      store(operand, arithmetic(op == "++" ? "+" : "-", old, constant(1), at: e.range))
      return old
    case .binary(let op, let l, let r):
      return binary(op, l, r, e)
    case .assign(let op, let target, let valueExpr):
      var value = eval(valueExpr)
      if op != "=" {
        let old = eval(target)
        value = arithmetic(String(op.dropLast()), old, value, at: e.range)
      }
      store(target, value)
      return value
    case .ternary(let condition, let yes, let no):
      if let c = Self.folded(eval(condition)) { return eval(c != 0 ? yes : no) }
      let saved = scopes
      refine(condition, true)
      let y = eval(yes)
      scopes = saved
      refine(condition, false)
      let n = eval(no)
      scopes = saved
      return mixJoin(y, n)
    case .call(let callee, let arguments):
      return call(callee, arguments, e)
    case .member(let base, let field):
      if outputStruct != nil, case .identifier(let name) = base.kind,
        let value = lookup(name + "." + field)
      {
        return value
      }
      var qualified = field
      if case .identifier(let name) = base.kind { qualified = name + "." + field }
      return member(eval(base), field, qualified: qualified, e)
    case .index(let base, let subscriptExpr):
      let index = eval(subscriptExpr)
      let b = eval(base)
      noteLookup(index, at: subscriptExpr.range)
      return arrayElement(base, b, index) ?? indexed(b, index)
    case .cast(let type, let operand):
      return conform(eval(operand), to: type)
    case .initializerList(let items):
      let values = items.map { eval($0) }
      return Value(shape: .numeric, lanes: values.flatMap { $0.lanes })
    case .comma(let l, let r):
      _ = eval(l)
      return eval(r)
    }
  }

  private static let namedConstants: [String: Double] = [
    "M_PI_F": .pi, "M_PI": .pi, "M_PI_H": .pi, "M_E_F": 2.718281828459045,
    "M_SQRT2_F": 2.0.squareRoot(),
    "M_PI_2_F": .pi / 2, "M_1_PI_F": 1 / .pi, "FLT_MAX": 3.4028234663852886e38,
    "HALF_MAX": 65504, "FLT_EPSILON": 1.1920928955078125e-07, "FLT_MIN": 1.1754943508222875e-38,
    "INFINITY": .infinity, "MAXFLOAT": 3.4028234663852886e38,
  ]

  private func identifier(_ name: String, _ e: Expr) -> Value {
    if let v = lookup(name) { return v }
    if let c = Interpreter.namedConstants[name] { return constant(c) }
    if name == String(decoding: HostExtractor.placeholder, as: UTF8.self) {
      return opaque(count: 1, .uniform)
    }
    facts.note(e.range, "unknown identifier '\(name)'")
    return opaque(count: 1)
  }

  /// The value of a constant scalar (the same point in both worlds), nil otherwise: such
  /// conditions (unrolled loop indices, `#define` switches) select one branch.
  static func folded(_ v: Value) -> Double? {
    guard v.shape == .numeric, v.lanes.count == 1, v.lanes[0].cls == .constant,
      let c = v.lanes[0].a.constant, v.lanes[0].b.constant == c
    else { return nil }
    return c
  }

  private func unary(_ op: String, _ operand: Expr, _ e: Expr) -> Value {
    let v = eval(operand)
    switch op {
    case "-":
      return arithmetic("-", constant(0), v, at: e.range)
    case "+", "*", "&":
      return v
    case "++", "--":
      let n = arithmetic(op == "++" ? "+" : "-", v, constant(1), at: e.range)
      store(operand, n)
      return n
    default:
      if op == "!", let c = Self.folded(v) { return constant(c == 0 ? 1 : 0) }
      return predicate(count: v.lanes.count, from: [v])
    }
  }

  /// A boolean-like DERIVED result in [0,1] (no carrier).
  func predicate(count: Int, from operands: [Value]) -> Value {
    let allConstant = operands.allSatisfy { $0.lanes.allSatisfy { $0.cls == .constant } }
    let lanes = (0..<max(count, 1)).map { _ in
      Lane(cls: allConstant ? .constant : .derived, a: .unit, b: .unit, id: facts.freshID())
    }
    return Value(shape: .numeric, lanes: lanes)
  }

  private func binary(_ op: String, _ l: Expr, _ r: Expr, _ e: Expr) -> Value {
    let x = eval(l)
    let y = eval(r)
    switch op {
    case "+", "-", "*", "/", "%":
      return arithmetic(op, x, y, at: e.range)
    case "<", ">", "<=", ">=":
      if let a = x.lanes.first, let b = y.lanes.first, x.lanes.count == 1, y.lanes.count == 1,
        a.cls == .constant, b.cls == .constant, let u = a.a.constant, let w = b.a.constant
      {
        let t = op == "<" ? u < w : op == ">" ? u > w : op == "<=" ? u <= w : u >= w
        return constant(t ? 1 : 0)
      }
      return predicate(count: max(x.lanes.count, y.lanes.count), from: [x, y])
    case "==", "!=", "&&", "||":
      if let u = Self.folded(x), let w = Self.folded(y) {
        let t =
          op == "=="
          ? u == w : op == "!=" ? u != w : op == "&&" ? u != 0 && w != 0 : u != 0 || w != 0
        return constant(t ? 1 : 0)
      }
      return predicate(count: max(x.lanes.count, y.lanes.count), from: [x, y])
    default:
      return opaque(count: max(x.lanes.count, y.lanes.count))
    }
  }

  /// Lane indices selected by a swizzle (`rgb`, `xyzw`, `stpq`), nil if not a swizzle.
  static func swizzle(_ field: String, count: Int) -> [Int]? {
    guard (1...4).contains(field.count) else { return nil }
    var result: [Int] = []
    for c in field {
      let k: Int
      switch c {
      case "r", "x", "s": k = 0
      case "g", "y", "t": k = 1
      case "b", "z", "p": k = 2
      case "a", "w", "q": k = 3
      default: return nil
      }
      result.append(k)
    }
    return result
  }

  private func member(_ base: Value, _ field: String, qualified: String, _ e: Expr) -> Value {
    guard base.shape == .numeric, let lanes = Interpreter.swizzle(field, count: base.lanes.count)
    else {
      return structMember(base, field, qualified: qualified) ?? opaque(count: 1)
    }
    if lanes.contains(where: { $0 >= base.lanes.count }) { facts.typeErrors += 1 }
    if base.lanes.count == 1 {
      return Value(shape: .numeric, lanes: lanes.map { _ in base.lanes[0] })
    }
    var selected = lanes.map { $0 < base.lanes.count ? base.lanes[$0] : opaqueLane() }
    if selected.count < 3 {
      // One or two lanes of an unseen function's result (`hsv.y`): not known to be intensity.
      for i in selected.indices where selected[i].isOpaqueColor {
        selected[i].cls = .derived
        selected[i].isOpaqueColor = false
      }
    }
    return Value(shape: .numeric, lanes: selected)
  }

  /// A member of a struct parameter (`uniform.contrast`, `in.textureCoordinate`): a parameter
  /// (range from `edrlint:param uniform.contrast` or `contrast`) or a position, like its struct.
  private func structMember(_ base: Value, _ field: String, qualified: String) -> Value? {
    guard base.shape == .numeric, let first = base.lanes.first,
      base.lanes.allSatisfy({ $0.cls == first.cls })
    else { return nil }
    if first.cls == .uniform {
      return uniform(count: 1, name: annotations.ranges[qualified] != nil ? qualified : field)
    }
    guard first.cls == .coordinate else { return nil }
    return first.isImprecise ? interpolated(count: 1) : coordinate(count: 1)
  }

  private func indexed(_ base: Value, _ index: Value) -> Value {
    switch base.shape {
    case .matrix(let c, let r) where base.lanes.count == c * r:
      if let i = index.lanes.first?.a.constant, i >= 0, i < 1e6, Int(i) < c {
        return Value(shape: .numeric, lanes: Array(base.lanes[Int(i) * r..<(Int(i) + 1) * r]))
      }
      var column = Value(shape: .numeric, lanes: Array(base.lanes[0..<r]))
      for k in 1..<c {
        column = joinValues(
          column, Value(shape: .numeric, lanes: Array(base.lanes[k * r..<(k + 1) * r])))
      }
      return column
    case .numeric where !base.lanes.isEmpty:
      if let i = index.lanes.first?.a.constant, i >= 0, i < 1e6, Int(i) < base.lanes.count,
        base.lanes.count <= 4
      {
        return Value(shape: .numeric, lanes: [base.lanes[Int(i)]])
      }
      return base.lanes.count <= 4
        ? Value(
          shape: .numeric,
          lanes: [base.lanes.dropFirst().reduce(base.lanes[0]) { joinLanes($0, $1) }])
        : base
    default:
      return opaque(count: 1)
    }
  }

  /// Writes a value through an lvalue (variable, swizzle, index).
  func store(_ target: Expr, _ value: Value) {
    switch target.kind {
    case .identifier(let name):
      guard let old = lookup(name) else { return }
      if old.shape != .numeric || value.lanes.count == old.lanes.count || old.lanes.count > 4 {
        assign(
          name,
          old.lanes.count > 4 && value.lanes.count != old.lanes.count
            ? joinValues(old, value) : value)
      } else {
        assign(name, resized(value, to: old.lanes.count))
      }
    case .member(let base, let field):
      if outputStruct != nil, case .identifier(let name) = base.kind,
        let old = lookup(name + "." + field)
      {
        assign(name + "." + field, resized(value, to: old.lanes.count))
        return
      }
      var old = eval(base)
      guard old.shape == .numeric, let lanes = Interpreter.swizzle(field, count: old.lanes.count)
      else { return }
      let v = resized(value, to: lanes.count)
      for (k, lane) in lanes.enumerated() where lane < old.lanes.count {
        old.lanes[lane] = v.lanes[k]
        if lane == 3 { old.lanes[lane].placedAt = placement(target.range) }
      }
      store(base, old)
    case .index(let base, let subscriptExpr):
      var old = eval(base)
      let index = eval(subscriptExpr)
      if storeArrayElement(base, index, value) { return }
      if old.shape == .numeric, old.lanes.count <= 4, let i = index.lanes.first?.a.constant,
        i >= 0, Int(i) < old.lanes.count, let lane = value.lanes.first
      {
        old.lanes[Int(i)] = lane
        if Int(i) == 3 { old.lanes[3].placedAt = placement(target.range) }
        store(base, old)
      } else if old.shape == .numeric, old.lanes.count == value.lanes.count {
        store(base, joinValues(old, value))
      }
    default:
      _ = eval(target)
    }
  }

  /// Registers a range where a value was written into an alpha lane.
  func placement(_ range: Range<Int>) -> Int32 {
    facts.placements.append(range)
    return Int32(facts.placements.count - 1)
  }

  /// Records an EDR004 lookup if colour lanes flow into a coordinate or index.
  func noteLookup(_ coordinate: Value, at range: Range<Int>) {
    guard coordinate.lanes.contains(where: { $0.cls.contains(.color) }) else { return }
    let clamped = coordinate.lanes.allSatisfy { !$0.cls.contains(.color) || $0.b.hi.isFinite }
    if !facts.lookups.contains(where: { $0.range == range }) {
      facts.lookups.append(LUTLookup(range: range, isClamped: clamped))
    }
  }
}
