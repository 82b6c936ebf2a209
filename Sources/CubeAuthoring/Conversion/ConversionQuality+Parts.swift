import ColorMath
import EDRPipeline

/// Which sample colours the report compares, and how it splits them (docs/semantics.md §6).
extension ConversionQuality {
  /// The largest ΔE_ITP the target's encode → decode round trip may cause to a colour that
  /// still counts as carried.
  static let carriedTolerance = 0.01

  /// The colours of `samples` (interleaved Rec.2020 EDR RGB) the target carries as cube input.
  static func carried(_ samples: [Float], options: CubeConversionOptions) -> [Float] {
    var kept: [Float] = []
    kept.reserveCapacity(samples.count)
    for (i, isKept) in carriedMask(samples, options: options).enumerated() where isKept {
      kept += samples[(3 * i)..<(3 * i + 3)]
    }
    return kept
  }

  /// For each colour of `samples` (interleaved Rec.2020 EDR RGB), whether the target carries
  /// it as cube input (`isCarried(_:by:referenceWhite:)`).
  static func carriedMask(_ samples: [Float], options: CubeConversionOptions) -> [Bool] {
    let codec = SpaceCodec(options.targetSpace)
    return stride(from: 0, to: samples.count, by: 3).map { i in
      let colour = SIMD3<Double>(SIMD3(samples[i], samples[i + 1], samples[i + 2]))
      return isCarried(colour, by: codec, referenceWhite: options.referenceWhite)
    }
  }

  /// Whether the target space carries `colour` (Rec.2020 EDR) as cube input: its encode →
  /// decode round trip moves it by at most ``carriedTolerance`` ΔE_ITP.
  ///
  /// A colour the target cannot carry never reaches the new cube as itself (the cube sees
  /// the clipped signal), so comparing the cube with the SDR look on it measures the clip,
  /// not the conversion (docs/semantics.md §6 compares the cube "applied to PQ signals"). PQ carries
  /// everything to 10 000 cd/m². HLG, on its 1000 cd/m² reference display, cannot: its
  /// inverse OOTF divides by `Y^0.2` (γ = 1.2), so a saturated colour needs a scene signal
  /// above 1 well below 1000 cd/m² (pure Rec.2020 red tops out at 1000 · 0.2627^0.2 ≈
  /// 765 cd/m², pure blue at 1000 · 0.0593^0.2 ≈ 568 cd/m²).
  static func isCarried(_ colour: SIMD3<Double>, by codec: SpaceCodec, referenceWhite w: Double)
    -> Bool
  {
    let back = codec.decode(codec.encode(colour))
    return deltaEITP(rec2020Nits: colour * w, back * w) <= carriedTolerance
  }

  /// The statistics of the colours inside `primaries`' gamut (no component below −10⁻⁴ of the
  /// largest) and of those beyond it, where an SDR cube in those primaries is extrapolated.
  static func splitByGamut(
    _ differences: [Double], rec2020 samples: [Float], primaries: RGBPrimaries
  ) -> (inside: ConversionStatistics, beyond: ConversionStatistics) {
    let m = Matrix3x3.rgbToRGB(from: .rec2020, to: primaries)
    var inside: [Double] = []
    var beyond: [Double] = []
    for (i, difference) in differences.enumerated() {
      let v = m * SIMD3<Double>(SIMD3(samples[3 * i], samples[3 * i + 1], samples[3 * i + 2]))
      if v.min() >= -1e-4 * v.max() {
        inside.append(difference)
      } else {
        beyond.append(difference)
      }
    }
    return (ConversionStatistics(differences: inside), ConversionStatistics(differences: beyond))
  }
}
