import ColorMath

/// The per-pixel halves around the lookup: `prepare` (working → cube input signal) and
/// `finish` (cube output signal → working). The scalar and the batch paths both use them, so
/// they agree. The sRGB, BT.1886, PQ and HLG curves are ColorMath's table-driven `Float`
/// versions (within 2e-6 relative of the exact ones, far inside the `edr_application`
/// tolerance), and the log curves ColorMath's ``FastLogCurve`` (within 2e-6 on the log side),
/// which the batch path's C chain evaluates operation for operation.
extension CubeApplication {
  /// What `prepare` hands to the lookup and remembers for `finish`.
  struct Prepared {
    /// The cube-space signal to look up.
    var signal: SIMD3<Float>
    /// `m = max(R, G, B)` when the maxRGB policies divided by it, else 1.
    var maxRGB: Float
    /// The encoded grey `enc(m)` whose lookup gives `F(m, m, m)` (tone-scaled-maxrgb, m > 1).
    var greySignal: Float?
  }

  /// Working pixel → cube input signal (docs/semantics.md §4, §5).
  func prepare(_ pixel: SIMD3<Float>) -> Prepared {
    if mode == .raw { return Prepared(signal: pixel, maxRGB: 1, greySignal: nil) }
    let srgb = FastSDRTransfer.sRGB
    var v = working.transfer == .srgb ? SIMD3(mapped: pixel, srgb.decode) : pixel
    if let toCube { v = toCube * v }
    switch mode {
    case .sRGB, .gamma24:
      // Non-finite pixels skip the maxRGB division and reach the lookup as they are, which
      // resolves them per channel (docs/semantics.md §3).
      let m = v.max()
      let isFinite = v.x.isFinite && v.y.isFinite && v.z.isFinite
      if m > 1, isFinite,
        policy == .maxRGB || policy == .toneScaledMaxRGB
          || policy == .risingMaxRGB
      {
        let grey = policy == .toneScaledMaxRGB ? mode.encode(m) : nil
        return Prepared(signal: SIMD3(mapped: v / m, mode.encode), maxRGB: m, greySignal: grey)
      }
    case .pq:
      let nits = (v * referenceWhite).clamped(
        lowerBound: .zero, upperBound: SIMD3(repeating: Float(PQ.peakLuminance)))
      let pq = FastPQ.shared
      return Prepared(signal: SIMD3(mapped: nits, pq.inverseEOTF), maxRGB: 1, greySignal: nil)
    case .hlg:
      let display = pointwiseMax(v * referenceWhite, .zero)
      let signal = Self.hlgDisplay.inverseEOTF(display)
      return Prepared(
        signal: signal.clamped(lowerBound: .zero, upperBound: .one), maxRGB: 1, greySignal: nil)
    case .raw, .linear, .log: break
    }
    return Prepared(signal: SIMD3(mapped: v, mode.encode), maxRGB: 1, greySignal: nil)
  }

  /// Looked-up cube output signal → working pixel.
  ///
  /// - Parameters:
  ///   - looked: the lookup of `prepared.signal`.
  ///   - maxRGB: `prepared.maxRGB`.
  ///   - grey: the lookup of `(g, g, g)` for `prepared.greySignal = g`, when there is one.
  func finish(_ looked: SIMD3<Float>, maxRGB m: Float, grey: SIMD3<Float>?) -> SIMD3<Float> {
    if mode == .raw || outputMode == .raw { return looked }
    var v = Self.decode(looked, outputMode, referenceWhite: outputReferenceWhite)
    if m > 1 { v *= highlightScale(maxRGB: m, grey: grey) }
    if let fromCube { v = fromCube * v }
    if let toneMap { v = toneMap.apply(v) }
    let srgb = FastSDRTransfer.sRGB
    return working.transfer == .srgb ? SIMD3(mapped: v, srgb.encode) : v
  }

  /// Cube output signal → linear EDR in the output primaries (docs/semantics.md §1, §5).
  static func decode(_ signal: SIMD3<Float>, _ mode: Mode, referenceWhite: Float) -> SIMD3<Float> {
    switch mode {
    case .pq:
      let pq = FastPQ.shared
      return SIMD3(mapped: signal.clamped(lowerBound: .zero, upperBound: .one), pq.eotf)
        / referenceWhite
    case .hlg:
      return hlgDisplay.eotf(signal.clamped(lowerBound: .zero, upperBound: .one))
        / referenceWhite
    case .raw, .linear, .sRGB, .gamma24, .log:
      return SIMD3(mapped: signal, mode.decode)
    }
  }

  /// The BT.2100 reference display HLG cubes are defined on (Lw 1000 =
  /// `CubeSpace.hlgDisplayPeak`, Lb 0), in ColorMath's table-driven `Float` form.
  static let hlgDisplay = FastHLG.referenceDisplay

  /// The factor on `F(x/m)`: `m` for maxrgb, `h(m)` for tone-scaled-maxrgb and
  /// rising-maxrgb (docs/semantics.md §4).
  func highlightScale(maxRGB m: Float, grey: SIMD3<Float>?) -> Float {
    if policy == .risingMaxRGB { return continuation.scale(float: m) }
    guard policy == .toneScaledMaxRGB, let grey, whiteResponse > 1e-6 else { return m }
    let decoded = Self.decode(grey, outputMode, referenceWhite: outputReferenceWhite)
    return max(1, (weights * decoded).sum() / whiteResponse)
  }
}

extension CubeApplication.Mode {
  /// The mode of a curve.
  init(_ transfer: TransferFunction) {
    switch transfer {
    case .raw: self = .raw
    case .linear: self = .linear
    case .srgb: self = .sRGB
    case .bt1886: self = .gamma24
    case .pq: self = .pq
    case .hlg: self = .hlg
    default: self = .log(transfer)
    }
  }

  /// Linear → signal for the per-channel curves (identity for raw, pq and hlg, whose
  /// conversions involve the reference white and live in `prepare` / `decode`).
  func encode(_ x: Float) -> Float {
    switch self {
    case .sRGB: FastSDRTransfer.sRGB.encode(x)
    case .gamma24: FastSDRTransfer.bt1886.encode(x)
    case .log(let transfer): FastLogCurve.curve(transfer)?.encode(x) ?? transfer.encode(x)
    case .raw, .linear, .pq, .hlg: x
    }
  }

  /// Signal → linear for the per-channel curves (identity for raw, pq and hlg).
  func decode(_ x: Float) -> Float {
    switch self {
    case .sRGB: FastSDRTransfer.sRGB.decode(x)
    case .gamma24: FastSDRTransfer.bt1886.decode(x)
    case .log(let transfer): FastLogCurve.curve(transfer)?.decode(x) ?? transfer.decode(x)
    case .raw, .linear, .pq, .hlg: x
    }
  }
}

extension SIMD3 where Scalar == Float {
  /// Applies a scalar function to each component.
  @inline(__always)
  init(mapped v: SIMD3<Float>, _ f: (Float) -> Float) {
    self.init(f(v.x), f(v.y), f(v.z))
  }
}
