/// The value classes of docs/lint-rules.md §1.2, as a set (a lane may mix sources).
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
  /// Whether a division by a parameter whose range holds 0 (`s / k`) made this lane unbounded:
  /// a World A failure then comes from the parameter's choice (ALPHA002, not ALPHA001).
  var isParameterPole: Bool = false
  /// Whether this lane is a colour lane of what a function the linter cannot see returned for
  /// colour arguments: colour as a vector (`clamp(curve(c.rgb), 0.0, 1.0)` limits colour), but
  /// one lane selected from it (`hsv.y`) may be a hue or saturation, not intensity. (The lane
  /// its name marks as the intensity, `rgb2hsv(c).z`, is plain colour.)
  var isOpaqueColor: Bool = false

  /// A constant lane.
  static func constant(_ v: Double, id: Int32) -> Lane {
    Lane(cls: .constant, a: .point(v), b: .point(v), id: id)
  }
}

/// A set of ids, copied with every lane, so it is plain bits (no heap storage): ids below
/// `IDSet.capacity` (limit candidates of ordinary kernels); larger ids only set `overflowed`,
/// which the output treats conservatively (LINT003 note, residuals assumed restored).
struct IDSet: Sendable, Equatable {
  private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
  /// Whether an id of `capacity` or more was inserted (and not kept).
  private(set) var overflowed = false

  /// The number of ids kept exactly.
  static let capacity: Int32 = 256

  /// A set holding `items`.
  init(items: [Int32] = []) {
    for v in items { insert(v) }
  }

  /// Whether the set is empty.
  var isEmpty: Bool { words == (0, 0, 0, 0) && !overflowed }

  /// The ids kept exactly, in ascending order.
  var items: [Int32] {
    if words == (0, 0, 0, 0) { return [] }
    var result: [Int32] = []
    for (k, word) in [words.0, words.1, words.2, words.3].enumerated() {
      var w = word
      while w != 0 {
        result.append(Int32(k * 64 + w.trailingZeroBitCount))
        w &= w - 1
      }
    }
    return result
  }

  /// Inserts one id.
  mutating func insert(_ v: Int32) {
    guard v >= 0 && v < IDSet.capacity else {
      overflowed = true
      return
    }
    let bit = UInt64(1) << UInt64(v & 63)
    switch v >> 6 {
    case 0: words.0 |= bit
    case 1: words.1 |= bit
    case 2: words.2 |= bit
    default: words.3 |= bit
    }
  }

  /// The union.
  func union(_ o: IDSet) -> IDSet {
    var r = self
    r.words = (words.0 | o.words.0, words.1 | o.words.1, words.2 | o.words.2, words.3 | o.words.3)
    r.overflowed = overflowed || o.overflowed
    return r
  }

  /// The ids for which `keep` holds (the overflow flag stays).
  func filter(_ keep: (Int32) -> Bool) -> IDSet {
    var r = IDSet()
    for v in items where keep(v) { r.insert(v) }
    r.overflowed = overflowed
    return r
  }

  /// Every id turned into its "guarded" variant (odd).
  func guarded() -> IDSet {
    let even: UInt64 = 0x5555_5555_5555_5555
    let g = { (w: UInt64) in (w & ~even) | ((w & even) << 1) }
    var r = self
    r.words = (g(words.0), g(words.1), g(words.2), g(words.3))
    return r
  }

  static func == (x: IDSet, y: IDSet) -> Bool {
    x.words == y.words && x.overflowed == y.overflowed
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
