import EDRPipeline

/// Least-squares node values for a converted cube (``CubeConversionOptions/fitsNodes``).
///
/// Sampling the target function at the nodes puts all of the interpolation error on one side
/// of every kink the SDR look has (its own cell boundaries, its clipping, the clamp where its
/// output crosses 0 cd/m²). Fitting the nodes so that the trilinear cube matches the function
/// over whole cells, in the least-squares sense, spreads that error. The squares are weighted
/// per sample and channel by ``ConversionFitMetric`` so that they approximate ΔE_ITP², the
/// measure of the report, rather than signal differences.
///
/// The fit is weighted SART: each pass computes the residual at 8 samples per cell (fractions
/// ¼ and ¾), and moves every node by the weighted mean of the residuals around it (weights:
/// trilinear × metric). Node values may go below 0 (to ``range``): the decode clamps the
/// interpolated signal, so a cell can cross black inside itself as the look does, and a
/// residual is taken after that clamp. Every pass is a gather (each node reads its cells,
/// writes itself), so the result does not depend on the thread count.
struct ConversionFit {
  /// Nodes per axis.
  let size: Int
  /// The target value at each sample, interleaved RGB, cell after cell (8 per cell).
  let targets: [Float]
  /// The metric weight of each sample's residual, interleaved RGB like `targets`.
  let weights: [Float]

  /// The fractions of a cell's samples along one axis.
  static let fractions: [Float] = [0.25, 0.75]
  /// The range node values are kept in.
  static let range: ClosedRange<Float> = -0.5...1
  /// A floor on the weights around a node, in (ΔE_ITP per unit signal)²: where the metric
  /// gives (almost) no weight, the node stays where it is.
  static let damping: Float = 1

  /// A fit towards `targets`, weighted by `metric`.
  init(size: Int, targets: [Float], metric: ConversionFitMetric) {
    self.size = size
    self.targets = targets
    weights = ParallelSlices.fill(count: targets.count / 3, width: 3, initial: Float(0)) {
      i, out in
      let w = metric.weights(target: SIMD3(targets[3 * i], targets[3 * i + 1], targets[3 * i + 2]))
      (out[0], out[1], out[2]) = (w.x, w.y, w.z)
    }
  }

  /// The fractions of sample `s` of a cell (s = a + 2b + 4c over ``fractions``).
  @inline(__always)
  static func fraction(_ s: Int) -> SIMD3<Float> {
    SIMD3(fractions[s & 1], fractions[(s >> 1) & 1], fractions[s >> 2])
  }

  /// The signal of every sample, interleaved RGB, cell after cell; `signal` maps a position
  /// along an axis of the 3D table (0…1) to its signal.
  static func sampleSignals(size n: Int, signal: (Double) -> Double) -> [Double] {
    let cells = n - 1
    let axis = (0..<cells * 2).map { j in
      signal((Double(j / 2) + Double(fractions[j % 2])) / Double(cells))
    }
    return ParallelSlices.fill(count: cells * cells * cells, width: 24, initial: 0.0) { c, out in
      let (ci, cj, ck) = (c % cells, (c / cells) % cells, c / (cells * cells))
      for s in 0..<8 {
        (out[3 * s], out[3 * s + 1], out[3 * s + 2]) = (
          axis[2 * ci + (s & 1)], axis[2 * cj + ((s >> 1) & 1)], axis[2 * ck + (s >> 2)]
        )
      }
    }
  }

  /// Refines `nodes` (interleaved RGB, red fastest) in `passes` passes.
  func refine(_ nodes: [Float], passes: Int) -> [Float] {
    var current = nodes
    for _ in 0..<passes {
      current = update(current, residuals(of: current))
    }
    return current
  }

  /// Target − the trilinear cube clamped to 0…1 (as decoding clamps it), at every sample.
  private func residuals(of nodes: [Float]) -> [Float] {
    let n = size
    let cells = n - 1
    let targets = targets
    return ParallelSlices.fill(count: cells * cells * cells, width: 24, initial: Float(0)) {
      c, out in
      let (ci, cj, ck) = (c % cells, (c / cells) % cells, c / (cells * cells))
      for s in 0..<8 {
        let f = Self.fraction(s)
        var value = SIMD3<Float>()
        for corner in 0..<8 {
          let d = SIMD3(corner & 1, (corner >> 1) & 1, corner >> 2)
          let w = Self.weight(d, f)
          let i = 3 * ((ci + d.x) + n * ((cj + d.y) + n * (ck + d.z)))
          value += w * SIMD3(nodes[i], nodes[i + 1], nodes[i + 2])
        }
        value.clamp(lowerBound: .zero, upperBound: .one)
        let t = 24 * c + 3 * s
        for k in 0..<3 { out[3 * s + k] = targets[t + k] - value[k] }
      }
    }
  }

  /// Every node moved by the weighted mean residual of the samples around it, kept in
  /// ``range``.
  private func update(_ nodes: [Float], _ residuals: [Float]) -> [Float] {
    let n = size
    let cells = n - 1
    let weights = weights
    let (lower, upper) = (
      SIMD3(repeating: Self.range.lowerBound), SIMD3(repeating: Self.range.upperBound)
    )
    return ParallelSlices.fill(count: n, width: 3 * n * n, initial: Float(0)) { b, out in
      for g in 0..<n {
        for r in 0..<n {
          var sum = SIMD3<Float>()
          var total = SIMD3<Float>()
          var trilinear: Float = 0
          for cb in max(b - 1, 0)...min(b, cells - 1) {
            for cg in max(g - 1, 0)...min(g, cells - 1) {
              for cr in max(r - 1, 0)...min(r, cells - 1) {
                let c = cr + cells * (cg + cells * cb)
                let d = SIMD3(r - cr, g - cg, b - cb)
                for s in 0..<8 {
                  let w = Self.weight(d, Self.fraction(s))
                  let o = 24 * c + 3 * s
                  let m = w * SIMD3(weights[o], weights[o + 1], weights[o + 2])
                  sum += m * SIMD3(residuals[o], residuals[o + 1], residuals[o + 2])
                  total += m
                  trilinear += w
                }
              }
            }
          }
          let i = 3 * (r + n * (g + n * b))
          let step = sum / (total + Self.damping * trilinear)
          let v = (SIMD3(nodes[i], nodes[i + 1], nodes[i + 2]) + step).clamped(
            lowerBound: lower, upperBound: upper)
          let o = 3 * (r + n * g)
          (out[o], out[o + 1], out[o + 2]) = (v.x, v.y, v.z)
        }
      }
    }
  }

  /// The trilinear weight of corner `d` (0 or 1 per axis) at fractions `f`.
  @inline(__always)
  static func weight(_ d: SIMD3<Int>, _ f: SIMD3<Float>) -> Float {
    (d.x == 1 ? f.x : 1 - f.x) * (d.y == 1 ? f.y : 1 - f.y) * (d.z == 1 ? f.z : 1 - f.z)
  }
}
