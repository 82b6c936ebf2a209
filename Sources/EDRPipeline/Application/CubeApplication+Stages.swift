import ColorMath

/// The per-pixel halves around the lookup: `prepare` (working → cube signal) and `finish`
/// (cube signal → working). The scalar and the batch paths both use them, so they agree.
/// The sRGB, BT.1886 and PQ curves are ColorMath's table-driven `Float` versions (within 2e-6
/// relative of the exact ones, far inside the `edr_application` tolerance).
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

  /// Working pixel → cube signal (docs/semantics.md §4, §5).
  func prepare(_ pixel: SIMD3<Float>) -> Prepared {
    if mode == .raw { return Prepared(signal: pixel, maxRGB: 1, greySignal: nil) }
    let srgb = FastSDRTransfer.sRGB
    var v = working.transfer == .srgb ? SIMD3(mapped: pixel, srgb.decode) : pixel
    if let toCube { v = toCube * v }
    switch mode {
    case .raw, .linear:
      return Prepared(signal: v, maxRGB: 1, greySignal: nil)
    case .sRGB, .gamma24:
      // Non-finite pixels skip the maxRGB division and reach the lookup as they are, which
      // resolves them per channel (docs/semantics.md §3).
      let m = v.max()
      let isFinite = v.x.isFinite && v.y.isFinite && v.z.isFinite
      if m > 1, isFinite,
        policy == .maxRGB || policy == .toneScaledMaxRGB
          || policy == .risingMaxRGB
      {
        let grey = policy == .toneScaledMaxRGB ? mode.encodeSDR(m) : nil
        return Prepared(signal: mode.encodeSDR(v / m), maxRGB: m, greySignal: grey)
      }
      return Prepared(signal: mode.encodeSDR(v), maxRGB: 1, greySignal: nil)
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
    }
  }

  /// Looked-up cube signal → working pixel.
  ///
  /// - Parameters:
  ///   - looked: the lookup of `prepared.signal`.
  ///   - maxRGB: `prepared.maxRGB`.
  ///   - grey: the lookup of `(g, g, g)` for `prepared.greySignal = g`, when there is one.
  func finish(_ looked: SIMD3<Float>, maxRGB m: Float, grey: SIMD3<Float>?) -> SIMD3<Float> {
    var v: SIMD3<Float>
    switch mode {
    case .raw:
      return looked
    case .linear:
      v = looked
    case .sRGB, .gamma24:
      v = mode.decodeSDR(looked)
      if m > 1 { v *= highlightScale(maxRGB: m, grey: grey) }
    case .pq:
      let pq = FastPQ.shared
      v = SIMD3(mapped: looked.clamped(lowerBound: .zero, upperBound: .one), pq.eotf)
      v /= referenceWhite
    case .hlg:
      let signal = looked.clamped(lowerBound: .zero, upperBound: .one)
      v = Self.hlgDisplay.eotf(signal) / referenceWhite
    }
    if let fromCube { v = fromCube * v }
    if let toneMap { v = toneMap.apply(v) }
    let srgb = FastSDRTransfer.sRGB
    return working.transfer == .srgb ? SIMD3(mapped: v, srgb.encode) : v
  }

  /// The BT.2100 reference display HLG cubes are defined on (Lw 1000, Lb 0).
  static let hlgDisplay = HLGDisplay(peak: CubeSpace.hlgDisplayPeak, black: 0)

  /// The factor on `F(x/m)`: `m` for maxrgb, `h(m)` for tone-scaled-maxrgb and
  /// rising-maxrgb (docs/semantics.md §4).
  func highlightScale(maxRGB m: Float, grey: SIMD3<Float>?) -> Float {
    if policy == .risingMaxRGB { return Float(continuation.scale(Double(m))) }
    guard policy == .toneScaledMaxRGB, let grey, whiteResponse > 1e-6 else { return m }
    return max(1, (weights * mode.decodeSDR(grey)).sum() / whiteResponse)
  }
}

extension CubeApplication.Mode {
  /// Linear → SDR signal (identity for the non-SDR modes).
  func encodeSDR(_ x: Float) -> Float {
    switch self {
    case .sRGB: FastSDRTransfer.sRGB.encode(x)
    case .gamma24: FastSDRTransfer.bt1886.encode(x)
    case .raw, .linear, .pq, .hlg: x
    }
  }

  /// Linear → SDR signal, per channel.
  func encodeSDR(_ v: SIMD3<Float>) -> SIMD3<Float> {
    SIMD3(encodeSDR(v.x), encodeSDR(v.y), encodeSDR(v.z))
  }

  /// Linear → SDR signal with the exact `Double` curve (identity for the non-SDR modes).
  func encodeExact(_ x: Double) -> Double {
    switch self {
    case .sRGB: SRGB.encode(x)
    case .gamma24: BT1886.encode(x)
    case .raw, .linear, .pq, .hlg: x
    }
  }

  /// SDR signal → linear with the exact `Double` curve (identity for the non-SDR modes).
  func decodeExact(_ x: Double) -> Double {
    switch self {
    case .sRGB: SRGB.decode(x)
    case .gamma24: BT1886.decode(x)
    case .raw, .linear, .pq, .hlg: x
    }
  }

  /// SDR signal → linear, per channel (identity for the non-SDR modes).
  func decodeSDR(_ v: SIMD3<Float>) -> SIMD3<Float> {
    switch self {
    case .sRGB: SIMD3(mapped: v, FastSDRTransfer.sRGB.decode)
    case .gamma24: SIMD3(mapped: v, FastSDRTransfer.bt1886.decode)
    case .raw, .linear, .pq, .hlg: v
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
