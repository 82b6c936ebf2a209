/// A multilinear polynomial over at most three lane values (`a + b - a·b`, `(1-t)·A + t·B`,
/// `A + (1 - A.a)·B`): its exact range is reached at the corners of the variables' box, which
/// removes the dependency problem of plain interval arithmetic for these blend idioms.
struct Multilinear: Sendable {
  /// Lane ids of the variables.
  var variables: [Int32]
  /// Variable intervals in World A.
  var a: [Interval]
  /// Variable intervals in World B.
  var b: [Interval]
  /// Coefficient of each monomial, keyed by the bit mask of its variables.
  var terms: [UInt8: Double]

  static let maxVariables = 3

  /// A constant.
  static func constant(_ c: Double) -> Multilinear {
    Multilinear(variables: [], a: [], b: [], terms: [0: c])
  }

  /// One variable.
  static func variable(_ lane: Lane) -> Multilinear {
    Multilinear(variables: [lane.id], a: [lane.a], b: [lane.b], terms: [1: 1])
  }

  private func remapped(into vars: [Int32]) -> [UInt8: Double] {
    var result: [UInt8: Double] = [:]
    for (mask, c) in terms {
      var m: UInt8 = 0
      for (k, v) in variables.enumerated() where mask & (1 << k) != 0 {
        if let j = vars.firstIndex(of: v) { m |= 1 << j }
      }
      result[m, default: 0] += c
    }
    return result
  }

  private static func union(_ x: Multilinear, _ y: Multilinear) -> Multilinear? {
    var u = x
    for (k, v) in y.variables.enumerated() where !u.variables.contains(v) {
      u.variables.append(v)
      u.a.append(y.a[k])
      u.b.append(y.b[k])
    }
    return u.variables.count <= maxVariables ? u : nil
  }

  /// `x + s·y`.
  static func add(_ x: Multilinear, _ y: Multilinear, sign: Double) -> Multilinear? {
    guard var u = union(x, y) else { return nil }
    var terms = x.remapped(into: u.variables)
    for (m, c) in y.remapped(into: u.variables) { terms[m, default: 0] += sign * c }
    u.terms = terms
    return u
  }

  /// `x·y`, only while the result stays multilinear (no shared variable).
  static func multiply(_ x: Multilinear, _ y: Multilinear) -> Multilinear? {
    guard Set(x.variables).isDisjoint(with: y.variables), var u = union(x, y) else { return nil }
    let tx = x.remapped(into: u.variables)
    let ty = y.remapped(into: u.variables)
    var terms: [UInt8: Double] = [:]
    for (m1, c1) in tx {
      for (m2, c2) in ty { terms[m1 | m2, default: 0] += c1 * c2 }
    }
    u.terms = terms
    return u
  }

  /// The exact range in one world, nil if an end is infinite.
  func range(worldA: Bool) -> Interval? {
    let boxes = worldA ? a : b
    guard boxes.allSatisfy({ $0.lo.isFinite && $0.hi.isFinite }) else { return nil }
    var lo = Double.infinity
    var hi = -Double.infinity
    for corner in 0..<(1 << variables.count) {
      var value = 0.0
      for (mask, c) in terms {
        var product = c
        for k in 0..<variables.count where mask & (1 << k) != 0 {
          product *= corner & (1 << k) != 0 ? boxes[k].hi : boxes[k].lo
        }
        value += product
      }
      lo = min(lo, value)
      hi = max(hi, value)
    }
    return lo.isFinite && hi.isFinite ? Interval(lo: lo, hi: hi) : nil
  }
}
