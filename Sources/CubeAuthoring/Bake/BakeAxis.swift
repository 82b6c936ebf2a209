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
    }
  }

  /// What lies beyond the top of the cube's domain.
  public enum Top: Sendable, Hashable {
    /// The lookup clamps: no nodes beyond the domain.
    case clamp
    /// The lookup extrapolates: one node at the range's top (the extension is linear in
    /// the signal there, so one cell holds it).
    case extrapolate
    /// A highlight policy shapes everything above 1.0: `perOctave` log-spaced nodes per
    /// octave up to the range's top.
    case policy(perOctave: Int)
  }

  /// The axis of a cube with `size` nodes over the signal domain `domain`, each cube cell
  /// split into `subdivision` table cells, over the inputs `low…high`: nodes where the
  /// signal meets the cube's nodes (found by bisection), a node at `low` when the signal
  /// there lies below the domain and `extendsBelow` (the lookup extrapolates there), and the
  /// nodes `top` asks for above it.
  public static func cube(
    signal: @escaping @Sendable (Double) -> Double, domain: ClosedRange<Double>, size: Int,
    subdivision: Int, low: Double, high: Double, extendsBelow: Bool, top: Top
  ) -> BakeAxis {
    precondition(size >= 2 && subdivision >= 1 && low < high, "BakeAxis.cube: bad arguments")
    func input(at target: Double) -> Double {
      // The smallest input whose signal reaches target, within [low, high].
      var a = low
      var b = high
      guard signal(a) < target else { return a }
      for _ in 0..<200 where b - a > 1e-15 * max(1, abs(b)) {
        let mid = (a + b) / 2
        if signal(mid) < target { a = mid } else { b = mid }
      }
      return b
    }
    let cells = (size - 1) * subdivision
    let ceiling = top == .clamp ? high : min(high, input(at: domain.upperBound))
    var nodes = [Double]()
    var warps = [Warp]()
    func append(_ x: Double, _ warp: Warp) {
      guard nodes.last.map({ x > $0 }) ?? true else { return }
      if !nodes.isEmpty { warps.append(warp) }
      nodes.append(x)
    }
    if extendsBelow && signal(low) < domain.lowerBound { append(low, .signal) }
    for j in 0...cells {
      let code =
        domain.lowerBound + (domain.upperBound - domain.lowerBound) * Double(j) / Double(cells)
      let x = input(at: code)
      if x >= ceiling && j < cells {
        append(ceiling, .signal)
        break
      }
      append(min(x, ceiling), .signal)
    }
    switch top {
    case .clamp:
      break
    case .extrapolate:
      if signal(high) > domain.upperBound { append(high, .signal) }
    case .policy(let perOctave):
      let start = max(nodes.last ?? 1, 1)
      let octaves = Foundation.log2(high / start)
      let count = Int((octaves * Double(perOctave)).rounded(.up))
      for k in stride(from: 1, through: count, by: 1) {
        append(min(high, start * exp2(Double(k) / Double(perOctave))), .log2)
      }
    }
    if nodes.count < 2 { append(high, .signal) }
    return BakeAxis(nodes: nodes, warps: warps, signal: signal)
  }
}
