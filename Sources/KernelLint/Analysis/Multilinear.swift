/// A multilinear polynomial over at most three lane values (`a + b - a·b`, `(1-t)·A + t·B`,
/// `A + (1 - A.a)·B`): its exact range is reached at the corners of the variables' box, which
/// removes the dependency problem of plain interval arithmetic for these blend idioms.
///
/// Stored inline (no heap): it is built for every `+ - ×` the interpreter evaluates.
struct Multilinear: Sendable {
  static let maxVariables = 3

  /// How many of the variable slots are used.
  private(set) var count = 0
  /// Lane ids of the variables (slots `0..<count`).
  private var variables = SIMD4<Int32>(repeating: -1)
  /// Variable intervals in World A and World B (lower and upper ends per slot).
  private var aLo = SIMD4<Double>(), aHi = SIMD4<Double>()
  private var bLo = SIMD4<Double>(), bHi = SIMD4<Double>()
  /// Coefficient of each monomial, indexed by the bit mask of its variables.
  private var terms = SIMD8<Double>()

  /// A constant.
  static func constant(_ c: Double) -> Multilinear {
    var p = Multilinear()
    p.terms[0] = c
    return p
  }

  /// One variable.
  static func variable(_ lane: Lane) -> Multilinear {
    var p = Multilinear()
    p.append(lane.id, a: lane.a, b: lane.b)
    p.terms[1] = 1
    return p
  }

  private mutating func append(_ id: Int32, a: Interval, b: Interval) {
    variables[count] = id
    aLo[count] = a.lo
    aHi[count] = a.hi
    bLo[count] = b.lo
    bHi[count] = b.hi
    count += 1
  }

  private func slot(of id: Int32) -> Int? {
    for k in 0..<count where variables[k] == id { return k }
    return nil
  }

  /// `x`'s variables followed by `y`'s new ones, with `y`'s slot in the union for each of its
  /// slots; nil if more than `maxVariables`. (`x`'s slots keep their positions.)
  private static func union(_ x: Multilinear, _ y: Multilinear) -> (Multilinear, SIMD4<Int32>)? {
    var u = x
    var map = SIMD4<Int32>(repeating: 0)
    for k in 0..<y.count {
      if let j = u.slot(of: y.variables[k]) {
        map[k] = Int32(j)
        continue
      }
      guard u.count < maxVariables else { return nil }
      map[k] = Int32(u.count)
      u.append(
        y.variables[k], a: Interval(lo: y.aLo[k], hi: y.aHi[k]),
        b: Interval(lo: y.bLo[k], hi: y.bHi[k]))
    }
    return (u, map)
  }

  /// `y`'s coefficients with masks rewritten through `map` (its slots in the union).
  private static func remapped(_ y: Multilinear, _ map: SIMD4<Int32>) -> SIMD8<Double> {
    var result = SIMD8<Double>()
    for mask in 0..<(1 << y.count) where y.terms[mask] != 0 {
      var m = 0
      for k in 0..<y.count where mask & (1 << k) != 0 { m |= 1 << Int(map[k]) }
      result[m] += y.terms[mask]
    }
    return result
  }

  /// `x + s·y`.
  static func add(_ x: Multilinear, _ y: Multilinear, sign: Double) -> Multilinear? {
    guard case (var u, let map)? = union(x, y) else { return nil }
    u.terms = x.terms + sign * remapped(y, map)
    return u
  }

  /// `x·y`, only while the result stays multilinear (no shared variable).
  static func multiply(_ x: Multilinear, _ y: Multilinear) -> Multilinear? {
    for k in 0..<y.count where x.slot(of: y.variables[k]) != nil { return nil }
    guard case (var u, let map)? = union(x, y) else { return nil }
    let ty = remapped(y, map)
    var terms = SIMD8<Double>()
    for m1 in 0..<(1 << x.count) where x.terms[m1] != 0 {
      for m2 in 0..<(1 << u.count) where ty[m2] != 0 { terms[m1 | m2] += x.terms[m1] * ty[m2] }
    }
    u.terms = terms
    return u
  }

  /// The exact range in one world, nil if an end is infinite.
  func range(worldA: Bool) -> Interval? {
    let los = worldA ? aLo : bLo
    let his = worldA ? aHi : bHi
    for k in 0..<count where !(los[k].isFinite && his[k].isFinite) { return nil }
    var lo = Double.infinity
    var hi = -Double.infinity
    for corner in 0..<(1 << count) {
      var value = 0.0
      for mask in 0..<(1 << count) where terms[mask] != 0 {
        var product = terms[mask]
        for k in 0..<count where mask & (1 << k) != 0 {
          product *= corner & (1 << k) != 0 ? his[k] : los[k]
        }
        value += product
      }
      lo = min(lo, value)
      hi = max(hi, value)
    }
    return lo.isFinite && hi.isFinite ? Interval(lo: lo, hi: hi) : nil
  }
}
