/// A per-channel transfer function, as named by the cube spaces of docs/semantics.md §1.
///
/// `encode` goes from light to signal, `decode` from signal to light. Units per case:
/// - `linear`: identity.
/// - `sRGB`: IEC 61966-2-1, sign-mirrored and unbounded; relative light (1 = white).
/// - `bt1886`: pure 2.4 power, sign-mirrored; relative light.
/// - `pq`: SMPTE ST 2084; light is absolute, cd/m² `[0, 10000]` (encode = inverse EOTF).
/// - `hlg`: BT.2100-2 OETF per channel; light is normalised *scene* light `[0, 1]`. HLG's
///   display-referred EOTF works on RGB (OOTF on luminance) and lives in ``HLG``.
public enum TransferFunction: String, Sendable, Hashable, CaseIterable {
  /// No transfer: values are linear light.
  case linear
  /// Extended sRGB (IEC 61966-2-1).
  case sRGB = "srgb"
  /// Pure 2.4 power (the `bt1886` cube space).
  case bt1886
  /// SMPTE ST 2084 Perceptual Quantizer.
  case pq
  /// ITU-R BT.2100 Hybrid Log-Gamma (OETF).
  case hlg

  /// Light → signal.
  public func encode(_ x: Double) -> Double {
    switch self {
    case .linear: x
    case .sRGB: SRGB.encode(x)
    case .bt1886: BT1886.encode(x)
    case .pq: PQ.inverseEOTF(x)
    case .hlg: HLG.oetf(x)
    }
  }

  /// Light → signal in `Float`.
  public func encode(_ x: Float) -> Float {
    switch self {
    case .linear: x
    case .sRGB: SRGB.encode(x)
    case .bt1886: BT1886.encode(x)
    case .pq: PQ.inverseEOTF(x)
    case .hlg: HLG.oetf(x)
    }
  }

  /// Signal → light.
  public func decode(_ x: Double) -> Double {
    switch self {
    case .linear: x
    case .sRGB: SRGB.decode(x)
    case .bt1886: BT1886.decode(x)
    case .pq: PQ.eotf(x)
    case .hlg: HLG.inverseOETF(x)
    }
  }

  /// Signal → light in `Float`.
  public func decode(_ x: Float) -> Float {
    switch self {
    case .linear: x
    case .sRGB: SRGB.decode(x)
    case .bt1886: BT1886.decode(x)
    case .pq: PQ.eotf(x)
    case .hlg: HLG.inverseOETF(x)
    }
  }
}
