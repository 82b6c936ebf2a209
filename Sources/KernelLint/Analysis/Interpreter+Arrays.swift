extension Interpreter {
  /// `float[5](…)` / `float3[](…)`: an array constructor, flattened like an initializer list.
  func arrayConstructor(_ callee: Expr, _ arguments: [Expr]) -> Value? {
    guard case .index(let base, _) = callee.kind, case .identifier(let type) = base.kind,
      TypeName.laneCount(of: type) != nil
    else { return nil }
    return Value(shape: .numeric, lanes: arguments.flatMap { eval($0).lanes })
  }

  /// The element lanes of `name[i]` when `name` is an array holding one value per element:
  /// exact for a constant `i` (a constant weight table stays exact element by element), the
  /// join of all elements otherwise.
  func arrayElement(_ base: Expr, _ value: Value, _ index: Value) -> Value? {
    if let (width, i) = element(base, value, index) {
      return Value(shape: .numeric, lanes: Array(value.lanes[i * width..<(i + 1) * width]))
    }
    guard case .identifier(let name) = base.kind, let width = arrayWidths[name],
      value.shape == .numeric, value.lanes.count > width, value.lanes.count % width == 0
    else { return nil }
    var joined = Value(shape: .numeric, lanes: Array(value.lanes[0..<width]))
    for k in stride(from: width, to: value.lanes.count, by: width) {
      joined = joinValues(joined, Value(shape: .numeric, lanes: Array(value.lanes[k..<k + width])))
    }
    return joined
  }

  /// Writes `name[i] = v` into such an array: one element for a constant `i`, otherwise a
  /// join into every element. Returns false when `base` is not such an array.
  func storeArrayElement(_ base: Expr, _ index: Value, _ value: Value) -> Bool {
    guard case .identifier(let name) = base.kind, let width = arrayWidths[name],
      var old = lookup(name), old.shape == .numeric, old.lanes.count > width,
      old.lanes.count % width == 0
    else { return false }
    let element = resized(value, to: width)
    if let (_, i) = self.element(base, old, index) {
      old.lanes.replaceSubrange(i * width..<(i + 1) * width, with: element.lanes)
    } else {
      for k in 0..<old.lanes.count {
        old.lanes[k] = joinLanes(old.lanes[k], element.lanes[k % width])
      }
    }
    assign(name, old)
    return true
  }

  private func element(_ base: Expr, _ value: Value, _ index: Value) -> (Int, Int)? {
    guard case .identifier(let name) = base.kind, let width = arrayWidths[name],
      value.shape == .numeric, value.lanes.count > width, value.lanes.count % width == 0,
      index.lanes.count == 1, let c = Self.folded(index), c >= 0, c == c.rounded(),
      Int(c) < value.lanes.count / width
    else { return nil }
    return (width, Int(c))
  }
}
