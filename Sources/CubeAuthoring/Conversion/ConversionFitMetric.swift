import ColorMath
import EDRPipeline

/// What a node-fit residual costs in ΔE_ITP, per channel (``ConversionFit``).
///
/// The fit moves each channel's signal, but the report measures ΔE_ITP of the decoded colour
/// (ITU-R BT.2124). The same signal error costs a lot on a dark colour and almost nothing on
/// a channel near black beside bright ones: ICtCp encodes L, M and S, each a mix of all three
/// channels, so a red error of 0.05 signal on a red of 0 cd/m² beside 80 cd/m² of blue is
/// invisible, while 1 cd/m² of red there costs about 10. Fitting plain signals spends the
/// nodes on the first kind (the clamp where a look's output crosses 0 cd/m²).
///
/// The weight of channel `c` at a sample is the squared slope of ΔE_ITP along that channel,
/// taken as a secant over ``step`` from the target signal upward (downward near the top):
/// `(ΔE_ITP(target, target + step·e_c) / step)²`. A secant, not a tangent: at a target of
/// 0 cd/m² the PQ tangent is flat and would give no weight to an error above black.
struct ConversionFitMetric: Sendable {
  /// The new cube's space: its signals are what the fit moves.
  let codec: SpaceCodec

  /// The signal step of the secant.
  static let step = 0.02

  /// A metric for signals of `space`.
  init(_ space: CubeSpace) { codec = SpaceCodec(space) }

  /// The weight of each channel's residual at a sample whose target signal is `target`.
  func weights(target: SIMD3<Float>) -> SIMD3<Float> {
    let w = codec.space.referenceWhite
    let t = SIMD3<Double>(target)
    let reference = ICtCp(rec2020Nits: codec.decode(t) * w)
    var out = SIMD3<Float>()
    for c in 0..<3 {
      let h = t[c] + Self.step > 1 ? -Self.step : Self.step
      var moved = t
      moved[c] += h
      let difference = ICtCp.deltaEITP(reference, ICtCp(rec2020Nits: codec.decode(moved) * w))
      out[c] = Float(difference * difference / (h * h))
    }
    return out
  }
}
