import ColorMath

/// An optional tone map at the end of a cube application (docs/semantics.md §5, `--peak` /
/// `--headroom`), applied to maxRGB in linear working RGB.
///
/// Peaks are in EDR units (1 = reference white): `--headroom H` is an output peak of `H`,
/// `--peak NITS` one of `NITS / W`. The input peak is the brightest value to keep
/// distinguishable: a PQ or HLG cube's ``CubeSpace/containerPeak``, or the caller's choice.
public struct EDRToneMap: Sendable, Hashable {
  /// The curve; raw values are spellings a command line can use.
  public enum Curve: String, Sendable, Hashable, CaseIterable {
    /// maxRGB extended Reinhard, ColorMath's `MaxRGBReinhard`.
    case maxRGBReinhard = "reinhard"
    /// ITU-R BT.2390 EETF on maxRGB, ColorMath's `BT2390EETF`.
    case bt2390
    /// Identity up to half the target, then extended Reinhard: ColorMath's `MaxRGBKnee`.
    case knee

    /// The curve of `apply` and `convert` when `--tone-map` is not given: `knee`, which
    /// leaves diffuse white and everything darker unchanged whenever the target is at least
    /// 2× white, whatever the input peak.
    public static let `default` = Curve.knee
  }

  /// The curve.
  public let curve: Curve
  /// Input peak, EDR units.
  public let inputPeak: Double
  /// Output peak, EDR units.
  public let outputPeak: Double
  /// Cd/m² of EDR 1.0 (the BT.2390 EETF works on absolute luminance).
  public let referenceWhite: Double

  private let reinhard: MaxRGBReinhard
  private let eetf: BT2390EETF
  private let kneeCurve: MaxRGBKnee

  /// Creates a tone map.
  ///
  /// - Parameters:
  ///   - curve: the curve.
  ///   - inputPeak: source peak, EDR units (> 0).
  ///   - outputPeak: target peak, EDR units (> 0); nothing changes unless it is below
  ///     `inputPeak`.
  ///   - referenceWhite: cd/m² of EDR 1.0.
  public init(
    curve: Curve = .default, inputPeak: Double, outputPeak: Double,
    referenceWhite: Double = CubeSpace.defaultReferenceWhite
  ) {
    self.curve = curve
    self.inputPeak = inputPeak
    self.outputPeak = outputPeak
    self.referenceWhite = referenceWhite
    reinhard = MaxRGBReinhard(inputPeak: inputPeak, outputPeak: outputPeak)
    eetf = BT2390EETF(
      sourcePeak: inputPeak * referenceWhite, targetPeak: outputPeak * referenceWhite)
    kneeCurve = MaxRGBKnee(inputPeak: inputPeak, outputPeak: outputPeak)
  }

  /// Whether the map changes anything (the input peak is above the output peak).
  public var isActive: Bool { inputPeak > outputPeak && outputPeak > 0 }

  /// Tone-maps one linear EDR colour.
  public func apply(_ rgb: SIMD3<Float>) -> SIMD3<Float> {
    guard isActive else { return rgb }
    let mapped: SIMD3<Float>
    switch curve {
    case .maxRGBReinhard:
      mapped = reinhard.apply(rgb)
    case .bt2390:
      let nits = SIMD3<Double>(rgb) * referenceWhite
      mapped = SIMD3<Float>(eetf.apply(nits) / referenceWhite)
    case .knee:
      mapped = SIMD3<Float>(kneeCurve.apply(SIMD3<Double>(rgb)))
    }
    // Rounding to Float must not lift a colour above the target.
    return pointwiseMin(mapped, SIMD3(repeating: Float(outputPeak)))
  }
}

extension EDRToneMap {
  /// The tone map of `--headroom H`: output peak `H` EDR units.
  ///
  /// - Parameters:
  ///   - headroom: the display's headroom `H` (peak / reference white).
  ///   - inputPeak: source peak, EDR units (e.g. ``CubeSpace/containerPeak``).
  ///   - curve: the curve.
  ///   - referenceWhite: cd/m² of EDR 1.0.
  public static func headroom(
    _ headroom: Double, inputPeak: Double, curve: Curve = .default,
    referenceWhite: Double = CubeSpace.defaultReferenceWhite
  ) -> EDRToneMap {
    EDRToneMap(
      curve: curve, inputPeak: inputPeak, outputPeak: headroom, referenceWhite: referenceWhite)
  }

  /// The tone map of `--peak NITS`: output peak `NITS / W` EDR units.
  ///
  /// - Parameters:
  ///   - nits: the target peak luminance, cd/m².
  ///   - inputPeak: source peak, EDR units (e.g. ``CubeSpace/containerPeak``).
  ///   - curve: the curve.
  ///   - referenceWhite: cd/m² of EDR 1.0 (`W`).
  public static func peak(
    nits: Double, inputPeak: Double, curve: Curve = .default,
    referenceWhite: Double = CubeSpace.defaultReferenceWhite
  ) -> EDRToneMap {
    EDRToneMap(
      curve: curve, inputPeak: inputPeak, outputPeak: nits / referenceWhite,
      referenceWhite: referenceWhite)
  }
}
