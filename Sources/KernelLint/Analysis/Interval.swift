/// A closed interval of reals with infinite ends allowed (`top` is the whole line).
struct Interval: Equatable, Sendable {
  /// The lower end.
  var lo: Double
  /// The upper end.
  var hi: Double

  /// The whole real line.
  static let top = Interval(lo: -.infinity, hi: .infinity)
  /// [0, 1].
  static let unit = Interval(lo: 0, hi: 1)

  /// A single point.
  static func point(_ v: Double) -> Interval { Interval(lo: v, hi: v) }

  /// Whether the interval is one known value.
  var constant: Double? { lo == hi ? lo : nil }

  /// Whether the interval lies in [0, 1] up to `tolerance`.
  func isInUnit(tolerance: Double = 1e-6) -> Bool { lo >= -tolerance && hi <= 1 + tolerance }

  /// The smallest interval containing both.
  func hull(_ o: Interval) -> Interval { Interval(lo: min(lo, o.lo), hi: max(hi, o.hi)) }

  /// The intersection (returns `self` if empty, to stay sound under imprecise refinement).
  func meet(_ o: Interval) -> Interval {
    let r = Interval(lo: max(lo, o.lo), hi: min(hi, o.hi))
    return r.lo <= r.hi ? r : self
  }

  static func + (a: Interval, b: Interval) -> Interval {
    Interval(lo: safe(a.lo + b.lo, -.infinity), hi: safe(a.hi + b.hi, .infinity))
  }

  static func - (a: Interval, b: Interval) -> Interval { a + (-b) }

  static prefix func - (a: Interval) -> Interval { Interval(lo: -a.hi, hi: -a.lo) }

  static func * (a: Interval, b: Interval) -> Interval {
    let p = [mul(a.lo, b.lo), mul(a.lo, b.hi), mul(a.hi, b.lo), mul(a.hi, b.hi)]
    return Interval(lo: p.min() ?? -.infinity, hi: p.max() ?? .infinity)
  }

  /// `{x * x : x in self}`: never negative, 0 when the interval holds 0.
  var squared: Interval {
    let p = self * self
    return lo <= 0 && hi >= 0
      ? Interval(lo: 0, hi: p.hi) : Interval(lo: Swift.max(p.lo, 0), hi: p.hi)
  }

  static func / (a: Interval, b: Interval) -> Interval {
    if b.lo <= 0 && b.hi >= 0 { return .top }
    return a * Interval(lo: 1 / b.hi, hi: 1 / b.lo)
  }

  /// Whether division by `b` is undefined somewhere (the result is then `top`).
  static func dividesByZero(_ b: Interval) -> Bool { b.lo <= 0 && b.hi >= 0 }

  private static func mul(_ x: Double, _ y: Double) -> Double {
    if x == 0 || y == 0 { return 0 }
    return x * y
  }

  private static func safe(_ v: Double, _ fallback: Double) -> Double { v.isNaN ? fallback : v }

  /// Applies a monotone non-decreasing function to both ends.
  func mapIncreasing(_ f: (Double) -> Double) -> Interval {
    let l = f(lo)
    let h = f(hi)
    return Interval(lo: l.isNaN ? -.infinity : l, hi: h.isNaN ? .infinity : h)
  }

  /// Widens: ends that moved since `old` go to infinity.
  func widened(from old: Interval) -> Interval {
    Interval(lo: lo < old.lo ? -.infinity : lo, hi: hi > old.hi ? .infinity : hi)
  }
}
