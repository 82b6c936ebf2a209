import EDRPipeline

/// How closely a converted cube reproduces its SDR source on EDR (docs/semantics.md §6): ΔE_ITP
/// (ITU-R BT.2124) statistics over a dense sample of EDR colours.
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
  /// The colours beyond the SDR cube's gamut, where the look is extrapolated (§4's linear
  /// extrapolation of the sign-mirrored transfer); empty for a Rec.2020 cube.
  public var beyondSourceGamut: ConversionStatistics?

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
