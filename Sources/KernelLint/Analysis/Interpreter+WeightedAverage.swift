/// Precision device 4 written out (docs/lint-rules.md §1.3): a weighted sum divided by the sum
/// of its weights (`sum = c·0.18; total = 0.18; sum += s·w; total += w; … sum / total`, an
/// unrolled bilateral or Gaussian blur) is an average of the weighted values when every weight
/// is at least 0, so it stays within their hull.
extension Interpreter {
  /// The most addends a sum is kept with, term by term.
  static let maxSumTerms = 32

  /// The form of `l + r` listing its addends, when either side is a product, a listed sum or
  /// a constant (the shapes weighted sums and weight totals are built from). `l`'s addends
  /// are shared, not copied: a chain of `+` stores one addend per operator.
  func sumForm(_ l: Lane, _ r: Lane) -> LaneForm? {
    guard isSummand(l) || isSummand(r) else { return nil }
    let y = addends(of: r)
    var last: Int32
    var count: Int32
    if l.form >= 0, case .sum(let lLast, let lCount) = facts.forms[Int(l.form)] {
      (last, count) = (lLast, lCount)
    } else {
      (last, count) = (-1, 0)
    }
    let x = count == 0 ? addends(of: l) : []
    guard Int(count) + x.count + y.count <= Self.maxSumTerms else { return nil }
    for addend in x + y {
      facts.addends.append(LaneForm.Link(addend: addend, previous: last))
      last = Int32(facts.addends.count - 1)
      count += 1
    }
    return .sum(last: last, count: count)
  }

  /// The ranges of `l / r` in World A and World B when `l` is `Σ eᵢ·wᵢ` and `r` is `Σ wᵢ`
  /// (the same weights, each used once) with every weight at least 0 and `r` above 0 in that
  /// world: the hull of the `eᵢ`. Nil for a world where that is not shown.
  func weightedAverage(_ l: Lane, _ r: Lane) -> (a: Interval?, b: Interval?) {
    guard l.form >= 0, case .sum = facts.forms[Int(l.form)] else { return (nil, nil) }
    let terms = addends(of: l)
    let weights = addends(of: r).map(\.whole)
    guard weights.count == terms.count else { return (nil, nil) }
    var unused = weights.map { key($0) }
    var matched: [(weight: LaneForm.Factor, value: LaneForm.Factor)] = []
    for term in terms {
      if let j = unused.firstIndex(of: key(term.f)) {
        matched.append((weights[j], term.g))
        unused[j] = nil
      } else if let j = unused.firstIndex(of: key(term.g)) {
        matched.append((weights[j], term.f))
        unused[j] = nil
      } else {
        return (nil, nil)
      }
    }
    func average(_ world: (LaneForm.Factor) -> Interval, _ total: Interval) -> Interval? {
      guard total.lo > 0, matched.allSatisfy({ world($0.weight).lo >= 0 }) else { return nil }
      return matched.dropFirst().reduce(world(matched[0].value)) { $0.hull(world($1.value)) }
    }
    return (average({ $0.a }, r.a), average({ $0.b }, r.b))
  }

  private func isSummand(_ lane: Lane) -> Bool {
    if lane.cls == .constant { return true }
    guard lane.form >= 0 else { return false }
    switch facts.forms[Int(lane.form)] {
    case .sum, .product: return true
    case .oneMinus: return false
    }
  }

  private func addends(of lane: Lane) -> [LaneForm.Addend] {
    if lane.form >= 0 {
      switch facts.forms[Int(lane.form)] {
      case .sum(var link, let count):
        var list: [LaneForm.Addend] = []
        list.reserveCapacity(Int(count))
        while link >= 0 {
          list.append(facts.addends[Int(link)].addend)
          link = facts.addends[Int(link)].previous
        }
        return list.reversed()
      case .product(let f, let g): return [LaneForm.Addend(whole: factor(lane), f: f, g: g)]
      case .oneMinus: break
      }
    }
    let one = LaneForm.Factor(id: -1, oneMinusOf: -1, a: .point(1), b: .point(1))
    return [LaneForm.Addend(whole: factor(lane), f: factor(lane), g: one)]
  }

  /// Weights match by identity, constants by value (`c * 0.18` and `total = 0.18`).
  private func key(_ f: LaneForm.Factor) -> WeightKey? {
    if let c = f.a.constant, f.b.constant == c { return WeightKey(id: -1, value: c) }
    return WeightKey(id: f.id, value: 0)
  }
}

/// A weight's identity for matching a weighted sum to its weight total.
struct WeightKey: Hashable {
  var id: Int32
  var value: Double
}
