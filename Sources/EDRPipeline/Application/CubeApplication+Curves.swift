import ColorMath

/// The per-channel curves on either side of the lookup, for tools that rebuild an
/// application from parts (`edrcube bake`): the same functions `apply` uses.
extension CubeApplication {
  /// Whether the input curve works channel by channel (every curve but HLG's, whose display
  /// inverse mixes the channels through the system gamma), so that ``inputSignal(_:)`` is
  /// what the lookup sees.
  public var inputIsPerChannel: Bool { mode != .hlg }

  /// Whether ``decodeOutput(_:)`` works channel by channel (every output curve but HLG's).
  public var outputIsPerChannel: Bool { outputMode != .hlg }

  /// The cube signal of one channel of cube-space linear light (the cube's input primaries,
  /// 1.0 = its reference white), as `apply` computes it for a pixel no highlight policy
  /// divides: the input curve, PQ of cd/m² clamped to 0…10000. The identity for raw and
  /// linear cubes. HLG's channels are not independent (``inputIsPerChannel``): for HLG this is
  /// the signal of a grey of that light.
  public func inputSignal(_ x: Float) -> Float {
    switch mode {
    case .pq:
      let nits = min(max(x * referenceWhite, 0), Float(PQ.peakLuminance))
      return FastPQ.shared.inverseEOTF(nits)
    case .hlg:
      let display = max(x * referenceWhite, 0)
      return min(max(Self.hlgDisplay.inverseEOTF(SIMD3(repeating: display)).x, 0), 1)
    case .raw, .linear, .sRGB, .gamma24, .log:
      return mode.encode(x)
    }
  }

  /// Cube output signal → linear light in the output primaries (1.0 = the output's reference
  /// white), as `apply` decodes it before the highlight policy; a raw output unchanged.
  public func decodeOutput(_ signal: SIMD3<Float>) -> SIMD3<Float> {
    outputMode == .raw
      ? signal : Self.decode(signal, outputMode, referenceWhite: outputReferenceWhite)
  }

  /// The inverse of ``decodeOutput(_:)`` for the per-channel curves: linear light in the
  /// output primaries → output signal (PQ clamped to 0…10000 cd/m²).
  public func encodeOutput(_ linear: SIMD3<Float>) -> SIMD3<Float> {
    switch outputMode {
    case .raw: return linear
    case .pq:
      let nits = (linear * outputReferenceWhite).clamped(
        lowerBound: .zero, upperBound: SIMD3(repeating: Float(PQ.peakLuminance)))
      return SIMD3(mapped: nits, FastPQ.shared.inverseEOTF)
    case .hlg:
      return Self.hlgDisplay.inverseEOTF(pointwiseMax(linear * outputReferenceWhite, .zero))
    case .linear, .sRGB, .gamma24, .log:
      return SIMD3(mapped: linear, outputMode.encode)
    }
  }
}
