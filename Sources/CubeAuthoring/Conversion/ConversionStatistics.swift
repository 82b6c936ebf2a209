import EDRPipeline

/// ΔE_ITP statistics over one part of a conversion's sample (``ConversionReport``).
public struct ConversionStatistics: Sendable, Hashable, Codable {
  /// How many colours the part holds.
  public var count: Int
  /// The largest ΔE_ITP.
  public var max: Double
  /// The 99th percentile (nearest rank).
  public var p99: Double
  /// The mean.
  public var mean: Double

  /// Summarises a list of differences (empty: all zero).
  public init(differences: [Double]) {
    let sorted = differences.sorted()
    count = sorted.count
    let rank = Swift.max(0, Int((0.99 * Double(count)).rounded(.up)) - 1)
    max = sorted.last ?? 0
    p99 = count == 0 ? 0 : sorted[rank]
    mean = count == 0 ? 0 : sorted.reduce(0, +) / Double(count)
  }
}
