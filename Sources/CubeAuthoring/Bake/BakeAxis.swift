import Foundation

/// The nodes of a baked table along one axis, and the shaper that maps an input (linear
/// light, × white) onto the table's coordinate 0…1, node `k` of `n` at `k/(n − 1)`.
///
/// Between two nodes the coordinate is affine in a segment's *warp*: the cube's own signal
/// (what EDRCube hands its lookup: the input curve, then the cube's 1D shaper) on the segments
/// that cover the cube's domain and its extrapolation, so that a host's interpolation between
/// the nodes is the cube's own; `log2` of the input on the segments above white where a
/// highlight policy, not the lookup, shapes the result. Inputs outside the nodes take the end
/// coordinates: a host clamps there.
public struct BakeAxis: Sendable {
  /// How the coordinate runs within a segment.
  public enum Warp: Sendable, Hashable {
    /// Affine in the cube's signal.
    case signal
    /// Affine in `log2` of the input (inputs above 0).
    case log2
    /// Affine in the input.
    case linear
  }

  /// Node inputs, increasing.
  public let nodes: [Double]
  /// The warp of segment `k` (from node `k` to node `k + 1`).
  public let warps: [Warp]
  /// The cube's signal of an input, non-decreasing.
  public let signal: @Sendable (Double) -> Double
  /// Each segment's warp values at its two ends.
  private let ends: [(Double, Double)]

  /// An axis through `nodes` (at least 2, increasing) with a warp per segment.
  public init(nodes: [Double], warps: [Warp], signal: @escaping @Sendable (Double) -> Double) {
    precondition(nodes.count >= 2 && warps.count == nodes.count - 1, "BakeAxis: bad nodes")
    self.nodes = nodes
    self.warps = warps
    self.signal = signal
    ends = warps.indices.map { k in
      let w = Self.warp(warps[k], signal)
      return (w(nodes[k]), w(nodes[k + 1]))
    }
  }

  /// The shaped coordinate of `x`, 0…1 (clamped at the end nodes).
  public func callAsFunction(_ x: Double) -> Double {
    guard x > nodes[0] else { return 0 }
    guard x < nodes[nodes.count - 1] else { return 1 }
    // The segment holding x: the last node at or below it.
    var lo = 0
    var hi = nodes.count - 1
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if nodes[mid] <= x { lo = mid } else { hi = mid }
    }
    let (a, b) = ends[lo]
    let w = Self.warp(warps[lo], signal)(x)
    let fraction = b > a ? min(max((w - a) / (b - a), 0), 1) : 0
    return (Double(lo) + fraction) / Double(nodes.count - 1)
  }

  private static func warp(_ kind: Warp, _ signal: @escaping @Sendable (Double) -> Double)
    -> (Double) -> Double
  {
    switch kind {
    case .signal: signal
    case .log2: { Foundation.log2($0) }
    case .linear: { $0 }
    }
  }

  /// The axis of a cube with `size` nodes over the signal domain `domain`, each cube cell
  /// split into `subdivision` table cells, over the inputs `low…high`: nodes where the
  /// signal meets the cube's nodes (found by bisection), then a node at each end of the range
  /// beyond them (affine in the signal where it goes on changing there, so one cell holds a
  /// linear extrapolation; in the input below and its `log2` above where the signal is flat, a
  /// clamped lookup, whose inputs a matrix in front of the table may still tell apart), and,
  /// where `policyNodes` is given, that many log-spaced nodes per octave above 1.0.
  public static func cube(
    signal: @escaping @Sendable (Double) -> Double, domain: ClosedRange<Double>, size: Int,
    subdivision: Int, low: Double, high: Double, policyNodes: Int?
  ) -> BakeAxis {
    precondition(size >= 2 && subdivision >= 1 && low < high, "BakeAxis.cube: bad arguments")
    /// The input in `low…high` where the signal crosses `target`: the smallest reaching it,
    /// or for the domain's bottom the largest still at it.
    func input(at target: Double, last: Bool = false) -> Double {
      var a = low
      var b = high
      func below(_ x: Double) -> Bool { last ? signal(x) <= target : signal(x) < target }
      guard below(a) else { return a }
      guard !below(b) else { return b }
      for _ in 0..<200 where b - a > 1e-15 * max(1, abs(b)) {
        let mid = (a + b) / 2
        if below(mid) { a = mid } else { b = mid }
      }
      return last ? a : b
    }
    let cells = (size - 1) * subdivision
    var nodes = [Double]()
    var warps = [Warp]()
    func append(_ x: Double, _ warp: Warp) {
      guard nodes.last.map({ x > $0 }) ?? true else { return }
      if !nodes.isEmpty { warps.append(warp) }
      nodes.append(x)
    }
    let bottom = input(at: domain.lowerBound, last: true)
    append(low, .signal)
    if signal(low) < signal(bottom) {
      // Below the domain the lookup extrapolates (its slope capped there, not linear): nodes
      // at the cube's spacing in the signal, at most 16.
      let depth = signal(bottom) - signal(low)
      let step = (domain.upperBound - domain.lowerBound) / Double(cells)
      let count = min(16, Int((depth / step).rounded(.up)))
      for k in stride(from: count - 1, through: 1, by: -1) {
        append(input(at: signal(bottom) - depth * Double(k) / Double(count)), .signal)
      }
      append(bottom, .signal)
    } else {
      // Flat below (a clamped lookup): affine in the input.
      append(bottom, .linear)
    }
    let ceiling = policyNodes == nil ? high : min(high, input(at: domain.upperBound))
    for j in 1...cells {
      let code =
        domain.lowerBound + (domain.upperBound - domain.lowerBound) * Double(j) / Double(cells)
      let x = input(at: code)
      append(min(x, ceiling), .signal)
      if x >= ceiling { break }
    }
    let last = nodes[nodes.count - 1]
    if let policyNodes {
      let start = max(last, 1)
      let count = Int((Foundation.log2(high / start) * Double(policyNodes)).rounded(.up))
      for k in stride(from: 1, through: count, by: 1) {
        append(min(high, start * exp2(Double(k) / Double(policyNodes))), .log2)
      }
    } else if last < high {
      append(high, signal(high) > signal(last) ? .signal : .log2)
    }
    return BakeAxis(nodes: nodes, warps: warps, signal: signal)
  }
}
