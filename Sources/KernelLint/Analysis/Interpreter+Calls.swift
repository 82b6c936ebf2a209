extension Interpreter {
  /// Evaluates a call: user helper (inlined), constructor, method on an object, or builtin.
  func call(_ callee: Expr, _ arguments: [Expr], _ e: Expr) -> Value {
    if case .member(let baseExpr, let method) = callee.kind {
      let base = eval(baseExpr)
      let args = arguments.map { eval($0) }
      if base.shape == .sampler, method == "sample" || method == "read" {
        return memoisedSample(sampleKey(baseExpr, method, arguments, args)) {
          methodCall(base, method, args, arguments, e)
        }
      }
      if method == "write" { samples.removeAll() }
      return methodCall(base, method, args, arguments, e)
    }
    if let array = arrayConstructor(callee, arguments) { return array }
    guard case .identifier(let name) = callee.kind else {
      _ = arguments.map { eval($0) }
      facts.note(e.range, "call through an expression")
      return opaque(count: 4)
    }
    if let candidates = functionsByName[name],
      let function = candidates.first(where: { $0.parameters.count == arguments.count })
        ?? candidates.first
    {
      return inline(function, arguments, e)
    }
    let args = arguments.map { eval($0) }
    if let n = TypeName.laneCount(of: name) { return construct(n, args, e) }
    if let (c, r) = TypeName.matrixShape(name) {
      var v = Value(shape: .numeric, lanes: args.flatMap { $0.lanes })
      if args.count == 1 && v.lanes.count == 1 {
        return conform(v, to: TypeName(name: name))
      }
      v.lanes = Array(resized(v, to: c * r).lanes)
      v.shape = .matrix(columns: c, rows: r)
      return v
    }
    if name == "sample", let image = arguments.first {
      let key = sampleKey(image, name, Array(arguments.dropFirst()), Array(args.dropFirst()))
      return memoisedSample(key) { builtin(name, args, arguments, e) ?? colorSource() }
    }
    if let v = builtin(name, args, arguments, e) { return v }
    facts.note(e.range, "call to unknown function '\(name)'")
    return unknownResult(name, args)
  }

  /// The key under which an image read is remembered: the image's name, the method and the
  /// lane ids of the other arguments, or nil where equal keys need not mean equal reads (in an
  /// inlined helper a name can stand for different images; an argument that is not a variable
  /// or a value with lanes).
  private func sampleKey(
    _ image: Expr, _ method: String, _ exprs: [Expr], _ args: [Value]
  ) -> String? {
    guard callStack.isEmpty, case .identifier(let name) = image.kind else { return nil }
    var key = name + "." + method
    for (expr, value) in zip(exprs, args) {
      if value.lanes.isEmpty {
        guard case .identifier(let object) = expr.kind else { return nil }
        key += "|" + object
      } else {
        key += "|" + value.lanes.map { String($0.id) }.joined(separator: ",")
      }
    }
    return key
  }

  /// The value remembered under `key`, or `read()`'s, remembered (a texture write forgets
  /// them). `read()` runs either way, so each call still notes its lookup (EDR004).
  private func memoisedSample(_ key: String?, _ read: () -> Value) -> Value {
    let value = read()
    guard let key else { return value }
    if let remembered = samples[key] { return remembered }
    samples[key] = value
    return value
  }

  /// The result of a function the linter cannot see (a header it was not given): unknown
  /// lanes that carry what the arguments carry, so a limit on colour passed through
  /// `hsv_to_rgb(rgb_to_hsv(clamp(c, 0.0, 1.0)))` stays live (unknown never silences). For
  /// colour arguments a vector result's RGB lanes are colour (opaque): a limit on the whole
  /// vector limits colour, a limit on one lane of it (`hsv.y`) is not reported (see `member`),
  /// unless the function's name says which lane is the intensity (`intensityLane`).
  private func unknownResult(_ name: String, _ args: [Value]) -> Value {
    let count = args.map { $0.lanes.count }.max() ?? 1
    var result = opaque(count: count)
    let lanes = args.filter { $0.shape == .numeric }.flatMap(\.lanes)
    let taint = lanes.reduce(IDSet()) { $0.union($1.taint) }
    let fromColor = count >= 3 && lanes.contains { $0.cls.contains(.color) }
    let intensity = fromColor ? Self.intensityLane(ofConversion: name) : nil
    for i in result.lanes.indices {
      result.lanes[i].taint = taint
      if fromColor && i < 3 {
        result.lanes[i].cls = .color
        result.lanes[i].isOpaqueColor = i != intensity
      }
    }
    return result
  }

  /// The lane that holds an intensity in what a conversion named for its target colour space
  /// returns: the value or lightness of hue–saturation spaces (`rgb2hsv`, `rgb_to_hsl`: lane
  /// 2), the luma or lightness of luma–chroma ones (`rgbToYUV`, `rgb2lab`: lane 0); nil for any
  /// other name. The target is what follows the last `2` or `to` of the name.
  static func intensityLane(ofConversion name: String) -> Int? {
    let base = Array((name.split(separator: ":").last.map { $0.lowercased() } ?? ""))
    var cut: Int?
    for i in base.indices {
      if base[i] == "2" { cut = i + 1 }
      if base[i] == "t" && i + 1 < base.count && base[i + 1] == "o" { cut = i + 2 }
    }
    guard let cut else { return nil }
    let target = String(base[cut...].filter(\.isLetter))
    if ["hsv", "hsb", "hsl", "hsi"].contains(where: target.hasPrefix) { return 2 }
    if ["yuv", "ycbcr", "ycc", "yiq", "lab", "luv", "lch"].contains(where: target.hasPrefix) {
      return 0
    }
    return nil
  }

  private func construct(_ n: Int, _ args: [Value], _ e: Expr) -> Value {
    var lanes = args.flatMap { $0.shape == .numeric || $0.lanes.count > 0 ? $0.lanes : [] }
    if lanes.count == 1 && n > 1 { lanes = Array(repeating: lanes[0], count: n) }
    if lanes.isEmpty { lanes = (0..<n).map { _ in .constant(0, id: facts.freshID()) } }
    var v = resized(Value(shape: .numeric, lanes: lanes), to: n)
    if n == 4 { v.lanes[3].placedAt = placement(e.range) }
    return v
  }

  private func methodCall(
    _ base: Value, _ name: String, _ args: [Value], _ exprs: [Expr], _ e: Expr
  ) -> Value {
    switch (base.shape, name) {
    case (.sampler, "sample"), (.sampler, "read"), (.sampler, "gather"):
      if let coordinate = args.last { noteLookup(coordinate, at: exprs.last?.range ?? e.range) }
      return colorSource()
    case (.destination, "write"):
      // Group kernels: every written value is an output (docs/lint-rules.md §1.1).
      if isEntry && callStack.isEmpty {
        for value in args where value.lanes.count == 4 { recordOutput(value, range: e.range) }
      }
      return .object(.void)
    case (.sampler, "write") where recordsTextureWrites:
      // Plain Metal compute kernels: the first argument of `texture.write(v, coord)`.
      if isEntry && callStack.isEmpty, let value = args.first, value.lanes.count == 4 {
        recordOutput(value, range: e.range)
      }
      return .object(.void)
    case (.sampler, "transform"):
      return transformed(args.last)
    case (.sampler, "coord"), (.destination, "coord"):
      return coordinate(count: 2)
    case (.sampler, _), (.destination, _):
      return coordinate(count: 4)
    default:
      return opaque(count: 4)
    }
  }

  /// A transformed coordinate: a COORD that keeps the colour class of its input (EDR004).
  func transformed(_ input: Value?) -> Value {
    var v = coordinate(count: 2)
    let colour = input?.lanes.contains { $0.cls.contains(.color) } ?? false
    if colour { for i in v.lanes.indices { v.lanes[i].cls.insert(.color) } }
    return v
  }

  /// Inlines a helper at this call site (context-sensitive summary, depth ≤ 8).
  private func inline(_ function: FunctionDecl, _ arguments: [Expr], _ e: Expr) -> Value {
    // Missing trailing arguments take the parameters' default values.
    let defaults = function.parameters.dropFirst(arguments.count).compactMap(\.defaultValue)
    let args = (arguments + defaults).map { eval($0) }
    guard callStack.count < 8, let body = function.body else {
      facts.note(e.range, "helper calls nested deeper than 8 (or recursive)")
      return opaque(count: function.returnType.laneCount ?? 4)
    }
    let savedScopes = scopes
    let savedReturned = returned
    var frame: [String: Value] = [:]
    for (k, p) in function.parameters.enumerated() where k < args.count {
      frame[p.name] = conform(args[k], to: p.type)
    }
    scopes = [frame]
    returned = nil
    callStack.append(e.range)
    _ = exec(body)
    callStack.removeLast()
    let finalFrame = scopes.first ?? [:]
    var result = returned ?? .object(.void)
    scopes = savedScopes
    returned = savedReturned
    for (k, p) in function.parameters.enumerated() where k < arguments.count && p.type.isReference {
      if let v = finalFrame[p.name] { store(arguments[k], v) }
    }
    if let n = function.returnType.laneCount, result.shape == .numeric {
      result = resized(result, to: n)
    }
    return result
  }
}
