import ColorMath

/// Converts between a cube space's signals and linear EDR light, in `Double` (docs/semantics.md §1, §5).
///
/// Linear EDR is relative (1 = reference white) in the space's own primaries. `raw` and
/// `linear` pass values through; the other curves but PQ and HLG are ``TransferFunction``'s. PQ and HLG follow the BT.2100 paths of ``CubeApplication``:
/// encoding clamps to the container (0…10000 cd/m² for PQ, 0…1 signal for HLG on the
/// 1000 cd/m² reference display) and decoding clamps the signal to 0…1.
package struct SpaceCodec: Sendable {
  /// The space.
  package let space: CubeSpace
  private let hlgDisplay = HLGDisplay(peak: CubeSpace.hlgDisplayPeak, black: 0)

  package init(_ space: CubeSpace) { self.space = space }

  /// Signal → linear EDR in the space's primaries.
  package func decode(_ signal: SIMD3<Double>) -> SIMD3<Double> {
    let w = space.referenceWhite
    switch space.transfer {
    case .pq:
      let s = signal.clamped(lowerBound: .zero, upperBound: .one)
      return Self.map(s, PQ.eotf) / w
    case .hlg:
      return hlgDisplay.eotf(signal.clamped(lowerBound: .zero, upperBound: .one)) / w
    default: return Self.map(signal, space.transfer.decode)
    }
  }

  /// Linear EDR in the space's primaries → signal.
  package func encode(_ linear: SIMD3<Double>) -> SIMD3<Double> {
    let w = space.referenceWhite
    switch space.transfer {
    case .pq:
      let nits = (linear * w).clamped(
        lowerBound: .zero, upperBound: SIMD3(repeating: PQ.peakLuminance))
      return Self.map(nits, PQ.inverseEOTF)
    case .hlg:
      let display = pointwiseMin(
        pointwiseMax(linear * w, .zero), SIMD3(repeating: CubeSpace.hlgDisplayPeak))
      return hlgDisplay.inverseEOTF(display).clamped(lowerBound: .zero, upperBound: .one)
    default: return Self.map(linear, space.transfer.encode)
    }
  }

  /// The matrix from this space's primaries to `other`'s (nil when either is raw or they agree).
  package func matrix(to other: CubeSpace) -> Matrix3x3? {
    guard space.transfer != .raw, other.transfer != .raw else { return nil }
    let m = Matrix3x3.rgbToRGB(from: space.primaries.primaries, to: other.primaries.primaries)
    return m.isIdentity ? nil : m
  }

  /// Converts a signal of this space to a signal of `other`: decode, primaries, encode.
  package func convert(_ signal: SIMD3<Double>, to other: SpaceCodec) -> SIMD3<Double> {
    if space == other.space { return signal }
    var v = decode(signal)
    if let m = matrix(to: other.space) { v = m * v }
    return other.encode(v)
  }

  private static func map(_ v: SIMD3<Double>, _ f: (Double) -> Double) -> SIMD3<Double> {
    SIMD3(f(v.x), f(v.y), f(v.z))
  }
}
