/// Least-squares node values for a converted cube (``CubeConversionOptions/fitsNodes``).
///
/// Sampling the target function at the nodes puts all of the interpolation error on one side
/// of every kink the SDR look has (its own cell boundaries, its clipping). Fitting the nodes
/// so that the trilinear cube matches the function over whole cells, in the least-squares
/// sense, halves that error. The fit is SART: each pass computes the residual at 8 samples
/// per cell (fractions ¼ and ¾), and moves every node by the trilinear-weighted mean of the
/// residuals around it. Every pass is a gather (each node reads its cells, writes itself),
/// so the result does not depend on the thread count.
struct ConversionFit {
  /// Nodes per axis.
  let size: Int
  /// The target value at each sample, interleaved RGB, cell after cell (8 per cell).
  let targets: [Float]

  /// The fractions of a cell's samples along one axis.
  static let fractions: [Float] = [0.25, 0.75]

  /// The signal of every sample: cell `c` sample `s` (s = a + 2b + 4c over the fractions).
  static func sampleSignals(size n: Int, axis: [Double]) -> [Double] {
    let cells = n - 1
    return ParallelSlices.fill(count: cells * cells * cells, width: 24, initial: 0.0) { c, out in
      let (ci, cj, ck) = (c % cells, (c / cells) % cells, c / (cells * cells))
      for s in 0..<8 {
        let f = SIMD3(Self.fractions[s & 1], Self.fractions[(s >> 1) & 1], Self.fractions[s >> 2])
        let lo = SIMD3(axis[ci], axis[cj], axis[ck])
        let hi = SIMD3(axis[ci + 1], axis[cj + 1], axis[ck + 1])
        let v = lo + (hi - lo) * SIMD3<Double>(f)
        (out[3 * s], out[3 * s + 1], out[3 * s + 2]) = (v.x, v.y, v.z)
      }
    }
  }

  /// Refines `nodes` (interleaved RGB, red fastest) in `passes` passes.
  func refine(_ nodes: [Float], passes: Int) -> [Float] {
    var current = nodes
    for _ in 0..<passes {
      let residuals = residuals(of: current)
      current = update(current, residuals)
    }
    return current
  }

  /// Target − trilinear cube, at every sample.
  private func residuals(of nodes: [Float]) -> [Float] {
    let n = size
    let cells = n - 1
    let targets = targets
    return ParallelSlices.fill(count: cells * cells * cells, width: 24, initial: Float(0)) {
      c, out in
      let (ci, cj, ck) = (c % cells, (c / cells) % cells, c / (cells * cells))
      for s in 0..<8 {
        let f = SIMD3(Self.fractions[s & 1], Self.fractions[(s >> 1) & 1], Self.fractions[s >> 2])
        var value = SIMD3<Float>()
        for corner in 0..<8 {
          let d = SIMD3(corner & 1, (corner >> 1) & 1, corner >> 2)
          let w = Self.weight(d, f)
          let i = 3 * ((ci + d.x) + n * ((cj + d.y) + n * (ck + d.z)))
          value += w * SIMD3(nodes[i], nodes[i + 1], nodes[i + 2])
        }
        let t = 24 * c + 3 * s
        for k in 0..<3 { out[3 * s + k] = targets[t + k] - value[k] }
      }
    }
  }

  /// Every node moved by the weighted mean residual of the samples around it, clamped to 0…1.
  private func update(_ nodes: [Float], _ residuals: [Float]) -> [Float] {
    let n = size
    let cells = n - 1
    return ParallelSlices.fill(count: n, width: 3 * n * n, initial: Float(0)) { b, out in
      for g in 0..<n {
        for r in 0..<n {
          var sum = SIMD3<Float>()
          var weights: Float = 0
          for cb in max(b - 1, 0)...min(b, cells - 1) {
            for cg in max(g - 1, 0)...min(g, cells - 1) {
              for cr in max(r - 1, 0)...min(r, cells - 1) {
                let c = cr + cells * (cg + cells * cb)
                let d = SIMD3(r - cr, g - cg, b - cb)
                for s in 0..<8 {
                  let f = SIMD3(
                    Self.fractions[s & 1], Self.fractions[(s >> 1) & 1], Self.fractions[s >> 2])
                  let w = Self.weight(d, f)
                  let o = 24 * c + 3 * s
                  sum += w * SIMD3(residuals[o], residuals[o + 1], residuals[o + 2])
                  weights += w
                }
              }
            }
          }
          let i = 3 * (r + n * (g + n * b))
          let moved = SIMD3(nodes[i], nodes[i + 1], nodes[i + 2]) + sum / max(weights, 1e-12)
          let v = moved.clamped(lowerBound: .zero, upperBound: .one)
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
