public import CubeFormat
import EDRPipeline

/// Bakes a colour function into tables: evaluated in `Double` at every node, stored as
/// `Float` (``stored(_:)``), on every core (one blue slice per task; the result does not
/// depend on the thread count).
public enum CubeBaker {
  /// A node value as the table stores it: the nearest `Float`, except that a value too small
  /// for a normal `Float` (below 1.2e-38 in magnitude) is stored as a zero of its sign:
  /// OpenColorIO's `.cube` readers refuse subnormal numbers ("Invalid color triples"), and
  /// nothing visible is lost.
  @inlinable
  public static func stored(_ value: Double) -> Float {
    let f = Float(value)
    return f.isSubnormal ? Float(signOf: f, magnitudeOf: 0) : f
  }

  /// The input value of node `i` of `n` on an axis over `[lo, hi]`.
  @inlinable
  public static func nodeInput(_ i: Int, of n: Int, lo: Double, hi: Double) -> Double {
    i == n - 1 ? hi : lo + (hi - lo) * Double(i) / Double(n - 1)
  }

  /// Bakes an `size³` table over a per-channel domain.
  ///
  /// - Parameters:
  ///   - size: nodes per axis, ≥ 2.
  ///   - domainMin: the input at node 0, per channel.
  ///   - domainMax: the input at node `size − 1`, per channel.
  ///   - threads: worker count; nil uses every core.
  ///   - transform: the colour function, called once per node with the node's input.
  public static func bake3D(
    size: Int, domainMin: SIMD3<Double> = .zero, domainMax: SIMD3<Double> = .one,
    threads: Int? = nil, _ transform: @Sendable (SIMD3<Double>) -> SIMD3<Double>
  ) -> CubeTable3D {
    let n = max(size, 2)
    let values = ParallelSlices.fill(
      count: n, width: n * n * 3, initial: Float(0), threads: threads
    ) { b, slice in
      let blue = nodeInput(b, of: n, lo: domainMin.z, hi: domainMax.z)
      for g in 0..<n {
        let green = nodeInput(g, of: n, lo: domainMin.y, hi: domainMax.y)
        for r in 0..<n {
          let red = nodeInput(r, of: n, lo: domainMin.x, hi: domainMax.x)
          let v = transform(SIMD3(red, green, blue))
          let o = 3 * (r + n * g)
          slice[o] = stored(v.x)
          slice[o + 1] = stored(v.y)
          slice[o + 2] = stored(v.z)
        }
      }
    }
    return CubeTable3D(
      size: n, domainMin: SIMD3<Float>(domainMin), domainMax: SIMD3<Float>(domainMax),
      values: values)
  }

  /// Bakes a 1D table (a shaper, or a 1D file) over a per-channel domain.
  ///
  /// - Parameters:
  ///   - size: rows, ≥ 2.
  ///   - domainMin: the input at row 0, per channel.
  ///   - domainMax: the input at the last row, per channel.
  ///   - transform: the per-channel function, called with the row's input per channel.
  public static func bake1D(
    size: Int, domainMin: SIMD3<Double> = .zero, domainMax: SIMD3<Double> = .one,
    _ transform: (SIMD3<Double>) -> SIMD3<Double>
  ) -> CubeTable1D {
    let n = max(size, 2)
    var values = [Float](repeating: 0, count: 3 * n)
    for i in 0..<n {
      let x = SIMD3(
        nodeInput(i, of: n, lo: domainMin.x, hi: domainMax.x),
        nodeInput(i, of: n, lo: domainMin.y, hi: domainMax.y),
        nodeInput(i, of: n, lo: domainMin.z, hi: domainMax.z))
      let v = transform(x)
      values[3 * i] = stored(v.x)
      values[3 * i + 1] = stored(v.y)
      values[3 * i + 2] = stored(v.z)
    }
    return CubeTable1D(
      size: n, domainMin: SIMD3<Float>(domainMin), domainMax: SIMD3<Float>(domainMax),
      values: values)
  }
}
