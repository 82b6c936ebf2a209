import EDRPipeline

/// How closely a converted cube reproduces its SDR source on EDR (docs/semantics.md §6): ΔE_ITP
/// (ITU-R BT.2124) statistics over a dense sample of EDR colours. `max`, `p99`, `mean` and the
/// gamut split cover the colours up to the mastering peak; ``abovePeak`` the rest.
public struct ConversionReport: Sendable, Hashable, Codable {
  /// The largest ΔE_ITP.
  public var max: Double
  /// The 99th percentile (nearest rank).
  public var p99: Double
  /// The mean.
  public var mean: Double
  /// How many colours were compared.
  public var sampleCount: Int
  /// The brightest sampled luminance per channel, cd/m².
  public var peakNits: Double
  /// Sample colours left out because the target cannot carry them as cube input (HLG's
  /// bright saturated colours, beyond its 1000 cd/m² reference display); 0 for PQ.
  public var leftOut: Int = 0
  /// The colours inside the SDR cube's gamut (no negative component in its primaries): what
  /// the look was made for.
  public var insideSourceGamut: ConversionStatistics?
  /// The colours beyond the SDR cube's gamut, where the look is extrapolated (§4's
  /// extrapolation of the sign-mirrored transfer); empty for a Rec.2020 cube.
  public var beyondSourceGamut: ConversionStatistics?
  /// The colours with a component above the mastering peak, up to the container's peak (PQ:
  /// 10000 cd/m²), reported apart from the figures above, which stop at the peak; nil when
  /// the container ends at the peak (HLG at 1000 cd/m²).
  public var abovePeak: ConversionStatistics?
  /// ΔE_ITP of about 1 is just noticeable (BT.2124): the threshold the advice uses.
  public var threshold: Double = Self.threshold
  /// The worst colours of the whole sample, worst first.
  public var worst: [ConversionEvaluation.Colour] = []
  /// What to change when the figures are above the threshold.
  public var suggestion: String = ""

  /// ΔE_ITP 1 ≈ just noticeable.
  public static let threshold = 1.0

  /// Creates a report.
  public init(max: Double, p99: Double, mean: Double, sampleCount: Int, peakNits: Double) {
    self.max = max
    self.p99 = p99
    self.mean = mean
    self.sampleCount = sampleCount
    self.peakNits = peakNits
  }

  /// Summarises a list of differences (empty: all zero).
  public init(differences: [Double], peakNits: Double) {
    let all = ConversionStatistics(differences: differences)
    self.init(
      max: all.max, p99: all.p99, mean: all.mean, sampleCount: all.count, peakNits: peakNits)
  }
}
