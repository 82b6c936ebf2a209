/// The value classes of LINTER.md §1.2, as a set (a lane may mix sources).
struct ValueClass: OptionSet, Sendable, Hashable {
  let rawValue: UInt8
  static let color = ValueClass(rawValue: 1)
  static let alpha = ValueClass(rawValue: 2)
  static let coordinate = ValueClass(rawValue: 4)
  static let uniform = ValueClass(rawValue: 8)
  static let derived = ValueClass(rawValue: 16)
  static let constant = ValueClass(rawValue: 32)

  /// Joins classes for `+`/`-`: constants are absorbed by anything else.
  func combined(_ o: ValueClass) -> ValueClass {
    let u = union(o)
    return u == .constant ? u : u.subtracting(.constant)
  }
}

/// One lane of an abstract value: class, intervals in both worlds, identity and provenance.
struct Lane: Sendable {
  /// Where the value comes from.
  var cls: ValueClass
  /// The interval in World A (SDR, unit parameters).
  var a: Interval
  /// The interval in World B (EDR, free parameters).
  var b: Interval
  /// SSA-like identity: equal ids are the same value.
  var id: Int32
  /// Limit candidates whose result flows here through carrier positions (id·2, +1 if only
  /// through a NaN guard).
  var taint: IDSet = IDSet()
  /// Candidates whose residual `x - clamp(x)` flows here.
  var residual: IDSet = IDSet()
  /// Culprit index (World A), -1 if none.
  var culpritA: Int32 = -1
  /// Culprit index (World B), -1 if none.
  var culpritB: Int32 = -1
  /// Index of the structural form (`1 - x`, products), -1 if none.
  var form: Int32 = -1
  /// Index of the lane's multilinear form, -1 if none.
  var polynomial: Int32 = -1
  /// Range index where this lane was written into an alpha position, -1 if none.
  var placedAt: Int32 = -1
  /// Whether the intervals are unknown rather than computed (division by 0, unknown code).
  var isImprecise: Bool = false
  /// Whether a loop widened this lane.
  var isWidened: Bool = false

  /// A constant lane.
  static func constant(_ v: Double, id: Int32) -> Lane {
    Lane(cls: .constant, a: .point(v), b: .point(v), id: id)
  }
}

/// A set of ids, copied with every lane: ids below 128 (limit candidates of ordinary kernels)
/// are bits, so a lane stays free of heap storage; larger ids spill into a shared array.
struct IDSet: Sendable, Equatable {
  private var low: UInt64 = 0
  private var high: UInt64 = 0
  private var large: LargeIDs?

  /// Ids of 128 and above, sorted and unique (immutable, shared between copies).
  private final class LargeIDs: Sendable {
    let items: [Int32]
    init(_ items: [Int32]) { self.items = items }
  }

  /// A set holding `items`.
  init(items: [Int32] = []) {
    for v in items { insert(v) }
  }

  /// Whether the set is empty.
  var isEmpty: Bool { low == 0 && high == 0 && large == nil }

  /// The ids in ascending order.
  var items: [Int32] {
    if isEmpty { return [] }
    var result: [Int32] = []
    for (word, base) in [(low, 0), (high, 64)] {
      var w = word
      while w != 0 {
        result.append(Int32(base + w.trailingZeroBitCount))
        w &= w - 1
      }
    }
    return result + (large?.items ?? [])
  }

  /// Inserts one id.
  mutating func insert(_ v: Int32) {
    switch v {
    case 0..<64: low |= 1 << UInt64(v)
    case 64..<128: high |= 1 << UInt64(v - 64)
    default: large = IDSet.merged(large?.items ?? [], [v])
    }
  }

  /// The union.
  func union(_ o: IDSet) -> IDSet {
    var r = self
    r.low |= o.low
    r.high |= o.high
    if let other = o.large { r.large = IDSet.merged(large?.items ?? [], other.items) }
    return r
  }

  /// Every id turned into its "guarded" variant (odd).
  func guarded() -> IDSet {
    let even: UInt64 = 0x5555_5555_5555_5555
    var r = IDSet()
    r.low = (low & ~even) | ((low & even) << 1)
    r.high = (high & ~even) | ((high & even) << 1)
    if let large { r.large = IDSet.merged([], large.items.map { $0 | 1 }) }
    return r
  }

  static func == (x: IDSet, y: IDSet) -> Bool {
    x.low == y.low && x.high == y.high && x.large?.items == y.large?.items
  }

  private static func merged(_ x: [Int32], _ y: [Int32]) -> LargeIDs? {
    let all = Array(Set(x + y)).sorted()
    return all.isEmpty ? nil : LargeIDs(all)
  }
}

/// What a value is: numbers (scalar, vector, matrix), or an object the kernel calls into.
enum ValueShape: Sendable, Equatable {
  case numeric
  case matrix(columns: Int, rows: Int)
  case sampler
  case destination
  case void
}

/// An abstract value: a shape and one lane per component.
struct Value: Sendable {
  /// The shape.
  var shape: ValueShape
  /// The lanes (columns concatenated for matrices).
  var lanes: [Lane]

  /// A value with no lanes of the given shape.
  static func object(_ shape: ValueShape) -> Value { Value(shape: shape, lanes: []) }
}
