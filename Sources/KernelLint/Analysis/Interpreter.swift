/// Abstract interpreter over one kernel's AST: per-lane classes, intervals in two worlds,
/// and carrier-path provenance (docs/lint-rules.md §1). Helpers are inlined at each call site.
final class Interpreter {
  /// How control leaves a statement.
  enum Flow { case normal, returned }

  /// Range ↔ parameter annotations (`edrlint:param`).
  struct Annotations: Sendable {
    var ranges: [String: (Double, Double)] = [:]
    var colorParameters: Set<String> = []
  }

  let unit: TranslationUnit
  let facts: AnalysisFacts
  let annotations: Annotations
  let functionsByName: [String: [FunctionDecl]]
  @exclusivity(unchecked) var scopes: [[String: Value]] = [[:]]
  @exclusivity(unchecked) var globals: [String: Value] = [:]
  @exclusivity(unchecked) var callStack: [Range<Int>] = []
  @exclusivity(unchecked) var returned: Value?
  @exclusivity(unchecked) var isEntry = true
  @exclusivity(unchecked) var unrollBudget = 256
  /// Lanes per element of each declared array (by name).
  var arrayWidths: [String: Int] = [:]
  /// Whether `texture.write(v, coord)` writes an output (plain Metal compute kernels).
  var recordsTextureWrites = false
  /// The struct returned by a plain Metal fragment and its `[[color(n)]]` members: locals of
  /// that type keep those members as variables named `local.member`.
  var outputStruct: (type: String, members: [String])?
  /// What each image read of the entry's own body returned, by image and coordinate lane ids
  /// (see `sampleKey`): reading one image at the same coordinate twice gives the same value.
  var samples: [String: Value] = [:]
  /// Upper bound on evaluated expressions per kernel (hostile input stays fast).
  static let stepLimit = 400_000

  /// Functions with bodies by name (build once per translation unit).
  static func index(_ unit: TranslationUnit) -> [String: [FunctionDecl]] {
    var result: [String: [FunctionDecl]] = [:]
    for function in unit.functions where function.body != nil {
      result[function.name, default: []].append(function)
    }
    return result
  }

  /// Prepares an interpreter for a translation unit.
  ///
  /// `evaluated` are the global values of a previous interpreter over the same unit whose `facts` were
  /// copied into `facts` (globals are evaluated once per file, not once per entry point);
  /// nil evaluates every global initializer now.
  init(
    unit: TranslationUnit, functions: [String: [FunctionDecl]], facts: AnalysisFacts,
    annotations: Annotations, globals evaluated: [String: Value]? = nil
  ) {
    self.unit = unit
    self.facts = facts
    self.annotations = annotations
    self.functionsByName = functions
    for global in unit.globals where global.type.isArray {
      arrayWidths[global.name] = global.type.laneCount ?? 1
    }
    if let evaluated {
      globals = evaluated
      return
    }
    for global in unit.globals {
      var value = global.initializer.map { eval($0) } ?? opaque(count: global.type.laneCount ?? 1)
      value = conform(value, to: global.type)
      if !(global.type.qualifiers.contains("const") || global.type.qualifiers.contains("constant")),
        global.initializer == nil
      {
        value = uniform(count: global.type.laneCount ?? 1, name: global.name)
      }
      globals[global.name] = value
    }
  }

  // MARK: Values

  /// A lane of unknown value (imprecise).
  func opaqueLane(_ cls: ValueClass = .derived) -> Lane {
    var lane = Lane(cls: cls, a: .top, b: .top, id: facts.freshID())
    lane.isImprecise = true
    return lane
  }

  /// An unknown numeric value.
  func opaque(count: Int, _ cls: ValueClass = .derived) -> Value {
    Value(shape: .numeric, lanes: (0..<max(count, 1)).map { _ in opaqueLane(cls) })
  }

  /// A kernel parameter value: [0,1] in World A, free in World B unless annotated.
  func uniform(count: Int, name: String) -> Value {
    let annotated = annotations.ranges[name].map { Interval(lo: $0.0, hi: $0.1) }
    let lanes = (0..<max(count, 1)).map { _ in
      Lane(
        cls: .uniform, a: annotated ?? .unit, b: annotated ?? .top, id: facts.freshID())
    }
    facts.inputIDs.formUnion(lanes.map(\.id))
    return Value(shape: .numeric, lanes: lanes)
  }

  /// A colour source: RGB lanes COLOR, lane 3 ALPHA.
  func colorSource(count: Int = 4) -> Value {
    let lanes = (0..<count).map { i in
      i == 3
        ? Lane(cls: .alpha, a: .unit, b: .unit, id: facts.freshID())
        : Lane(cls: .color, a: .unit, b: .top, id: facts.freshID())
    }
    facts.inputIDs.formUnion(lanes.map(\.id))
    return Value(shape: .numeric, lanes: lanes)
  }

  /// A coordinate value (free in both worlds).
  func coordinate(count: Int) -> Value {
    Value(
      shape: .numeric,
      lanes: (0..<count).map { _ in
        Lane(cls: .coordinate, a: .top, b: .top, id: facts.freshID())
      })
  }

  /// What the vertex stage interpolated for a fragment function (`[[stage_in]]`): positions and
  /// attributes (a vertex colour, a fade) whose range only the vertex function knows, so they
  /// are free like positions but imprecise: they never show that an alpha leaves [0, 1].
  func interpolated(count: Int) -> Value {
    var value = coordinate(count: count)
    for i in value.lanes.indices { value.lanes[i].isImprecise = true }
    return value
  }

  /// A constant scalar.
  func constant(_ v: Double) -> Value {
    Value(shape: .numeric, lanes: [.constant(v, id: facts.freshID())])
  }

  /// Resizes a value to a declared type (splat, truncate or pad).
  func conform(_ value: Value, to type: TypeName) -> Value {
    if type.isArray { return value }
    if let (c, r) = TypeName.matrixShape(type.name) {
      var v = value
      if v.lanes.count == 1 && c * r > 1 {
        v.lanes = (0..<(c * r)).map { k in
          k / r == k % r ? value.lanes[0] : .constant(0, id: facts.freshID())
        }
      }
      v = resized(Value(shape: .numeric, lanes: v.lanes), to: c * r)
      v.shape = .matrix(columns: c, rows: r)
      return v
    }
    guard let n = type.laneCount, value.shape == .numeric else { return value }
    return resized(value, to: n)
  }

  /// Splats a scalar or truncates/pads a vector to `n` lanes.
  func resized(_ value: Value, to n: Int) -> Value {
    if value.lanes.count == n { return value }
    if value.lanes.count == 1 {
      return Value(shape: .numeric, lanes: Array(repeating: value.lanes[0], count: n))
    }
    if value.lanes.count > n { return Value(shape: .numeric, lanes: Array(value.lanes.prefix(n))) }
    return Value(
      shape: .numeric, lanes: value.lanes + (value.lanes.count..<n).map { _ in opaqueLane() })
  }

  // MARK: Environment

  func lookup(_ name: String) -> Value? {
    for k in scopes.indices.reversed() where !scopes[k].isEmpty {
      if let v = scopes[k][name] { return v }
    }
    return globals[name]
  }

  func assign(_ name: String, _ value: Value) {
    for k in scopes.indices.reversed() where scopes[k][name] != nil {
      scopes[k][name] = value
      return
    }
    if globals[name] != nil { globals[name] = value }
  }

  func declare(_ name: String, _ value: Value) {
    scopes[scopes.count - 1][name] = value
  }

  /// Joins two environments of the same structure lane by lane.
  func join(_ x: [[String: Value]], _ y: [[String: Value]]) -> [[String: Value]] {
    var result = x
    for k in result.indices where k < y.count {
      for (name, v) in result[k] {
        if let w = y[k][name] { result[k][name] = joinValues(v, w) }
      }
    }
    return result
  }

  /// The join of two values (control-flow merge).
  func joinValues(_ v: Value, _ w: Value) -> Value {
    guard v.lanes.count == w.lanes.count else {
      return v.lanes.count >= w.lanes.count ? v : w
    }
    var r = v
    for i in r.lanes.indices { r.lanes[i] = joinLanes(v.lanes[i], w.lanes[i]) }
    return r
  }

  /// The join of two lanes.
  func joinLanes(_ x: Lane, _ y: Lane) -> Lane {
    if x.id == y.id { return x }
    var lane = Lane(
      cls: x.cls.union(y.cls), a: x.a.hull(y.a), b: x.b.hull(y.b), id: facts.freshID())
    lane.taint = x.taint.union(y.taint)
    lane.residual = x.residual.union(y.residual)
    // One rule for both branches (the result does not depend on which one is `then`): a
    // branch whose alpha fails in World A on its own (not by widening or a parameter's pole)
    // makes the join fail the same way, and each world blames the branch that leaves [0, 1]
    // furthest (ties: the earlier source position).
    let genuine = (Self.failsGenuinelyInA(x), Self.failsGenuinelyInA(y))
    lane.culpritA =
      genuine.0 != genuine.1
      ? (genuine.0 ? x.culpritA : y.culpritA) : blamed(x.culpritA, x.a, y.culpritA, y.a)
    if lane.culpritA < 0 { lane.culpritA = max(x.culpritA, y.culpritA) }
    lane.culpritB = blamed(x.culpritB, x.b, y.culpritB, y.b)
    lane.placedAt =
      x.placedAt < 0 || y.placedAt < 0
      ? max(x.placedAt, y.placedAt)
      : facts.placements[Int(x.placedAt)].lowerBound
        <= facts.placements[Int(y.placedAt)]
        .lowerBound ? x.placedAt : y.placedAt
    lane.isImprecise = x.isImprecise || y.isImprecise
    // A lane that may be a hue or saturation on one path may be one after the join.
    lane.isOpaqueColor = x.isOpaqueColor || y.isOpaqueColor
    let anyGenuine = genuine.0 || genuine.1
    lane.isWidened = (x.isWidened || y.isWidened) && !anyGenuine
    lane.isParameterPole = (x.isParameterPole || y.isParameterPole) && !anyGenuine
    if lane.cls != .constant && lane.cls.contains(.constant) { lane.cls.remove(.constant) }
    return lane
  }

  /// Whether `lane`'s World A interval leaves [0, 1] by its own arithmetic (ALPHA001's case).
  private static func failsGenuinelyInA(_ lane: Lane) -> Bool {
    !lane.a.isInUnit() && !lane.isWidened && !lane.isParameterPole
  }

  /// Of two culprits (-1: none), the one whose interval leaves [0, 1] further; on a tie the
  /// one earlier in the source.
  private func blamed(_ c: Int32, _ i: Interval, _ d: Int32, _ j: Interval) -> Int32 {
    if c < 0 || d < 0 { return max(c, d) }
    let excursion = { (v: Interval) in Swift.max(0, -v.lo, v.hi - 1) }
    let (e, f) = (excursion(i), excursion(j))
    if e != f { return e > f ? c : d }
    let position = { (k: Int32) in self.facts.culprits[Int(k)].range.lowerBound }
    return position(c) <= position(d) ? c : d
  }

  // MARK: Statements

  /// Executes a statement.
  func exec(_ stmt: Stmt) -> Flow {
    switch stmt {
    case .block(let statements):
      scopes.append([:])
      defer { scopes.removeLast() }
      for s in statements where exec(s) == .returned { return .returned }
      return .normal
    case .declaration(let decls):
      for decl in decls {
        var value =
          decl.initializer.map { eval($0) } ?? Value(shape: .numeric, lanes: [])
        if decl.initializer == nil {
          value = Value(
            shape: .numeric,
            lanes: (0..<(decl.type.laneCount ?? 1)).map { _ in .constant(0, id: facts.freshID()) })
        }
        if decl.type.isArray, let d = decl.initializer, case .initializerList(let items) = d.kind {
          // One value per element, indexed exactly (Interpreter+Arrays).
          let elements = items.map { conform(eval($0), to: TypeName(name: decl.type.name)) }
          if !elements.isEmpty { value = Value(shape: .numeric, lanes: elements.flatMap(\.lanes)) }
        }
        if decl.type.isArray { arrayWidths[decl.name] = decl.type.laneCount ?? 1 }
        declare(decl.name, conform(value, to: decl.type))
        if let output = outputStruct, decl.type.name == output.type, decl.initializer == nil {
          for member in output.members {
            declare(decl.name + "." + member, opaqueMember())
          }
        }
      }
      return .normal
    case .expression(let e):
      _ = eval(e)
      return .normal
    case .ifElse(let condition, let then, let otherwise):
      if let c = Self.folded(eval(condition)) {
        return c != 0 ? exec(then) : otherwise.map { exec($0) } ?? .normal
      }
      let saved = scopes
      refine(condition, true)
      let f1 = exec(then)
      let s1 = scopes
      scopes = saved
      refine(condition, false)
      let f2 = otherwise.map { exec($0) } ?? .normal
      let s2 = scopes
      switch (f1, f2) {
      case (.returned, .returned):
        scopes = saved
        return .returned
      case (.returned, _): scopes = s2
      case (_, .returned): scopes = s1
      default: scopes = join(s1, s2)
      }
      return .normal
    case .forLoop(let initial, let condition, let step, let body, _):
      scopes.append([:])
      defer { scopes.removeLast() }
      if let initial { _ = exec(initial) }
      runLoop(initial: initial, condition: condition, step: step, body: body)
      return .normal
    case .whileLoop(let condition, let body, _, _):
      runLoop(initial: nil, condition: condition, step: nil, body: body)
      return .normal
    case .returnValue(let e, let range):
      let value = e.map { eval($0) } ?? .object(.void)
      returned = returned.map { joinValues($0, value) } ?? value
      if isEntry && callStack.isEmpty {
        recordOutput(value, range: range)
        if let output = outputStruct, let e, case .identifier(let name) = e.kind {
          for member in output.members {
            if let v = lookup(name + "." + member) { recordOutput(v, range: range) }
          }
        }
      }
      return .returned
    case .jump:
      return .normal
    }
  }

  /// An unwritten struct member: four unknown lanes that carry nothing.
  private func opaqueMember() -> Value {
    Value(shape: .numeric, lanes: (0..<4).map { _ in .constant(0, id: facts.freshID()) })
  }

  /// The `smoothstep` curves of an output that build a false-colour palette: curves of one and
  /// the same scalar (a luminance), each reaching one RGB lane of the output, together more
  /// than one (`heat.r = smoothstep(0.5, 0.8, y); heat.b = smoothstep(1.0, 0.0, y);`). A tone
  /// curve maps each channel by its own value, or one value into every channel.
  private func paletteCurves(_ value: Value) -> Set<Int> {
    var lanesOf: [Int: Set<Int>] = [:]
    for (i, lane) in value.lanes.prefix(3).enumerated() {
      for item in lane.taint.items where Int(item >> 1) < facts.candidates.count {
        lanesOf[Int(item >> 1), default: []].insert(i)
      }
    }
    var byInput: [Int32: [Int]] = [:]
    for (k, lanes) in lanesOf where lanes.count == 1 {
      let c = facts.candidates[k]
      guard c.kind == .smoothstepCurve, c.inputIDs.count == 1 else { continue }
      byInput[c.inputIDs[0], default: []].append(k)
    }
    var result = Set<Int>()
    for curves in byInput.values where Set(curves.flatMap { lanesOf[$0] ?? [] }).count > 1 {
      result.formUnion(curves)
    }
    return result
  }

  /// Records the outputs of an entry-point `return`.
  func recordOutput(_ value: Value, range: Range<Int>) {
    guard value.shape == .numeric, value.lanes.count >= 3 else { return }
    let palette = paletteCurves(value)
    for lane in value.lanes.prefix(3) {
      for item in lane.taint.items {
        let k = Int(item >> 1)
        guard k < facts.candidates.count, !palette.contains(k) else { continue }
        if item & 1 == 0 {
          facts.candidates[k].isLiveDirect = true
        } else {
          facts.candidates[k].isLiveGuarded = true
        }
      }
      for item in lane.residual.items where Int(item >> 1) < facts.candidates.count {
        facts.candidates[Int(item >> 1)].isDischarged = true
      }
      if lane.residual.overflowed {
        // Untracked residuals: assume restored (a missed finding, never a false one).
        let first = Int(IDSet.capacity / 2)
        for k in facts.candidates.indices.dropFirst(first) {
          facts.candidates[k].isDischarged = true
        }
      }
      if lane.taint.overflowed {
        facts.note(range, "more limit calls than can be tracked; some may not be reported")
      }
    }
    if value.lanes.count == 4 {
      facts.outputs.append(OutputAlpha(lane: value.lanes[3], returnRange: range))
    }
  }
}
