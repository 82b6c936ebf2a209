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
  public func isBelow(_ x: SIMD3<Float>) -> Bool {
    (x.x < low.x && x.x.isFinite) || (x.y < low.y && x.y.isFinite)
      || (x.z < low.z && x.z.isFinite)
  }

  /// The bounded value at `x` of the transform `f` (its linear extrapolation).
  public func evaluate(_ x: SIMD3<Float>, _ f: (SIMD3<Float>) -> SIMD3<Float>) -> SIMD3<Float> {
    guard isBelow(x) else { return f(x) }
    var clamped = x
    for k in 0..<3 where x[k] < low[k] && x[k].isFinite { clamped[k] = low[k] }
    let base = f(clamped)
    var out = base
    var capped = false
    for k in 0..<3 where x[k] < low[k] && x[k].isFinite {
      let remainder = low[k] - x[k]
      let span = high[k] - low[k]
      var probe = clamped
      probe[k] = x[k]
      var step = f(probe) - base
      probe[k] = high[k]
      let cap = max(1, Self.largest(f(probe) - base) / span)
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
    }
    return capped ? out : f(x)
  }

  private static func largest(_ v: SIMD3<Float>) -> Float {
    max(abs(v.x), abs(v.y), abs(v.z))
  }
}
