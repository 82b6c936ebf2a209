import CubeFormat

/// The `bounded` extrapolation below a transform's domain (docs/semantics.md §3): the linear
/// extension with its slope capped.
///
/// With `f` the transform under linear extrapolation, `lo`/`hi` the input domain of its first
/// stage and `x` an input whose finite components in the set `B` lie below `lo`: `c` is `x`
/// with those components set to `lo`. For each `k` in `B`, with remainder `r_k = lo_k − x_k`
/// and span `s_k = hi_k − lo_k`, the linear extension's step `v_k = f(c − r_k·e_k) − f(c)`
/// has slope `‖v_k‖∞ / r_k`; the cap is `max(1, ‖f(c + s_k·e_k) − f(c)‖∞ / s_k)`, the larger
/// of 1 and the transform's own gain across the domain. Where no step exceeds its cap the
/// result is `f(x)`, the linear extension itself (so affine transforms, the identity
/// included, stay exact, and looks whose first cell is gentle are unchanged). Otherwise each
/// step too steep is scaled down to its cap as a whole (its direction, so its hue, is kept) and
/// the result is `f(c) + Σ v_k`. A look whose outputs stay within 0…1 has a gain of at most 1,
/// so every output stays within the remainder of the clamped lookup, and never below the
/// input when the clamped lookup is not negative. Inputs with no component below the domain,
/// and non-finite components (which `f` resolves), get `f(x)`.
public struct BoundedExtension: Sendable, Hashable {
  /// The lowest input of the domain, per channel.
  public let low: SIMD3<Float>
  /// The highest input of the domain, per channel.
  public let high: SIMD3<Float>

  /// The input domain of `lut`'s first stage (before `LUT_IN_VIDEO_RANGE`'s mapping); nil for
  /// a transform without tables.
  public init?(_ lut: CubeLUT) {
    let table: (SIMD3<Float>, SIMD3<Float>)? =
      lut.lut1D.map { ($0.domainMin, $0.domainMax) }
      ?? lut.lut3D.map {
        ($0.domainMin, $0.domainMax)
      }
    guard var (lo, hi) = table else { return nil }
    if lut.inputVideoRange {
      lo = (lo - VideoRange.offset) / VideoRange.scale
      hi = (hi - VideoRange.offset) / VideoRange.scale
    }
    (low, high) = (lo, hi)
  }

  /// Whether `x` has a finite component below the domain.
  @inline(__always)
  public func isBelow(_ x: SIMD3<Float>) -> Bool { belowChannels(x) != 0 }

  /// The channels of `x` that are finite and below the domain, as bits (red 1, green 2,
  /// blue 4). `x < low` already excludes NaN and +∞, so finite means above −∞.
  @inline(__always)
  func belowChannels(_ x: SIMD3<Float>) -> Int {
    let below = (x .< low) .& (x .> SIMD3(repeating: -.infinity))
    return (below[0] ? 1 : 0) | (below[1] ? 2 : 0) | (below[2] ? 4 : 0)
  }

  /// The bounded value at `x` of the transform `f` (its linear extrapolation).
  ///
  /// This is the definition; `LUTProcessor`'s batch path looks the same probes up with the
  /// batch kernels and combines them with the same arithmetic in C (CLUTKernels'
  /// `edr_bounded_probes` and `edr_bounded_combine`, which follow `forEachProbe` and
  /// `combine` operation for operation), so its results are these bits.
  public func evaluate(_ x: SIMD3<Float>, _ f: (SIMD3<Float>) -> SIMD3<Float>) -> SIMD3<Float> {
    let below = belowChannels(x)
    guard below != 0 else { return f(x) }
    return withUnsafeTemporaryAllocation(of: SIMD3<Float>.self, capacity: Self.maximumProbes) {
      values in
      var count = 0
      forEachProbe(x, below: below) { probe in
        values[count] = f(probe)
        count += 1
      }
      return combine(x, below: below, base: values[0]) { values[$0] } ?? f(x)
    }
  }

  /// The most probes one input needs: the clamped colour and two per channel.
  static let maximumProbes = 7

  /// Hands `body` the probes of `x`, for its channels `below` (nonzero), in order: first the
  /// clamped colour `c`; then for each channel `k` of `below`, in channel order, `c` with
  /// `x_k` (where the linear extension's step ends) and `c` with `high_k` (across the domain).
  @inline(__always)
  func forEachProbe(_ x: SIMD3<Float>, below: Int, _ body: (SIMD3<Float>) -> Void) {
    var c = x
    for k in 0..<3 where below & (1 << k) != 0 { c[k] = low[k] }
    body(c)
    for k in 0..<3 where below & (1 << k) != 0 {
      var probe = c
      probe[k] = x[k]
      body(probe)
      probe[k] = high[k]
      body(probe)
    }
  }

  /// The steps of `x` combined, given `base = f(c)` and `lookup(i)`, `f` at the `i`-th probe
  /// of `forEachProbe`; nil when no step exceeds its cap (the result is then
  /// `f(x)` itself).
  @inline(__always)
  func combine(
    _ x: SIMD3<Float>, below: Int, base: SIMD3<Float>, _ lookup: (Int) -> SIMD3<Float>
  ) -> SIMD3<Float>? {
    var out = base
    var capped = false
    var index = 1
    for k in 0..<3 where below & (1 << k) != 0 {
      let remainder = low[k] - x[k]
      let span = high[k] - low[k]
      var step = lookup(index) - base
      let cap = max(1, Self.largest(lookup(index + 1) - base) / span)
      let slope = Self.largest(step) / remainder
      if !slope.isFinite {
        // The extension overflowed: carry the remainder down this channel at the cap.
        step = .zero
        step[k] = -cap * remainder
        capped = true
      } else if slope > cap {
        step *= cap / slope
        capped = true
      }
      out += step
      index += 2
    }
    return capped ? out : nil
  }

  private static func largest(_ v: SIMD3<Float>) -> Float {
    max(abs(v.x), abs(v.y), abs(v.z))
  }
}
