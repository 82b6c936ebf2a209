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

/// A small sorted set of ids (usually empty or one or two elements).
struct IDSet: Sendable, Equatable {
  private(set) var items: [Int32]

  /// A set of already sorted, unique ids.
  init(items: [Int32] = []) { self.items = items }

  /// Whether the set is empty.
  var isEmpty: Bool { items.isEmpty }

  /// Inserts one id.
  mutating func insert(_ v: Int32) {
    if let i = items.firstIndex(where: { $0 >= v }) {
      if items[i] != v { items.insert(v, at: i) }
    } else {
      items.append(v)
    }
  }

  /// The union (linear merge of the sorted arrays).
  func union(_ o: IDSet) -> IDSet {
    if o.items.isEmpty || o.items == items { return self }
    if items.isEmpty { return o }
    var merged: [Int32] = []
    merged.reserveCapacity(items.count + o.items.count)
    var i = 0
    var j = 0
    while i < items.count || j < o.items.count {
      let next: Int32
      if j >= o.items.count || (i < items.count && items[i] < o.items[j]) {
        next = items[i]
        i += 1
      } else if i >= items.count || o.items[j] < items[i] {
        next = o.items[j]
        j += 1
      } else {
        next = items[i]
        i += 1
        j += 1
      }
      merged.append(next)
    }
    return IDSet(items: merged)
  }

  /// Every id turned into its "guarded" variant (odd).
  func guarded() -> IDSet {
    var r = IDSet()
    for v in items { r.insert(v | 1) }
    return r
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
