/// How closely a converted cube reproduces its SDR source on EDR (DESIGN.md §6): ΔE_ITP
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
    let sorted = differences.sorted()
    let count = sorted.count
    let rank = Swift.max(0, Int((0.99 * Double(count)).rounded(.up)) - 1)
    self.init(
      max: sorted.last ?? 0, p99: count == 0 ? 0 : sorted[rank],
      mean: count == 0 ? 0 : sorted.reduce(0, +) / Double(count), sampleCount: count,
      peakNits: peakNits)
  }
}
