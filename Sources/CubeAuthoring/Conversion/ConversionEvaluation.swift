import ColorMath
import EDRPipeline

/// A conversion compared with its SDR source colour by colour over
/// ``ConversionQuality``'s sample (`convert --report` and `--plot` both read it, so they show
/// the same colours and figures).
public struct ConversionEvaluation: Sendable {
  /// One sample colour's comparison.
  public struct Colour: Sendable, Hashable, Codable {
    /// The colour, absolute Rec.2020 cd/m².
    public var inputNits: SIMD3<Double>
    /// The SDR cube on EDR (with the conversion's tone map), as the container holds it.
    public var expectedNits: SIMD3<Double>
    /// The converted cube on the colour's PQ/HLG signal.
    public var gotNits: SIMD3<Double>
    /// ΔE_ITP between the two.
    public var deltaE: Double
    /// Whether a component lies above the mastering peak.
    public var abovePeak: Bool
  }

  /// Each sample colour in sample order (``gamuts`` grids of `levels³`, red fastest); nil
  /// where the target cannot carry it as cube input.
  public let colours: [Colour?]
  /// Sample levels per channel and gamut.
  public let levels: Int
  /// Grids in the sample: 2 (Rec.709, Rec.2020) for an SDR look, 1 (the camera's own input
  /// codes) for a camera → display cube.
  public let gamuts: Int
  /// Whether the source is a camera → display cube (its colours' `inputNits` are then
  /// scene-linear Rec.2020 at `W` cd/m² per 1.0, and `abovePeak` means the look's display
  /// light, before the roll-off, has a component above the peak).
  public let isCamera: Bool
  /// The mastering peak, cd/m².
  public let peakNits: Double
  let sourcePrimaries: RGBPrimaries
  let options: CubeConversionOptions
  /// For a camera cube whose 3D table takes its input codes directly (no 1D shaper), the
  /// table's intervals per axis: a new grid keeps every source node only where its own
  /// intervals are a multiple of them (docs/conversion-quality.md); nil otherwise.
  let sourceIntervals: Int?

  /// How many worst colours the report lists.
  public static let worstCount = 5

  /// The report: up to the peak (the top-level figures, split by the SDR cube's gamut), above
  /// it apart, the worst colours and advice.
  public var report: ConversionReport {
    let below = colours.compactMap { $0 }.filter { !$0.abovePeak }
    let above = colours.compactMap { $0 }.filter(\.abovePeak)
    var report = ConversionReport(differences: below.map(\.deltaE), peakNits: peakNits)
    report.leftOut = colours.count { $0 == nil }
    let m = Matrix3x3.rgbToRGB(from: .rec2020, to: sourcePrimaries)
    let inside = below.filter { c in
      let v = m * c.inputNits
      return v.min() >= -1e-4 * v.max()
    }
    let beyond = below.filter { c in
      let v = m * c.inputNits
      return v.min() < -1e-4 * v.max()
    }
    report.insideSourceGamut = ConversionStatistics(differences: inside.map(\.deltaE))
    report.beyondSourceGamut = ConversionStatistics(differences: beyond.map(\.deltaE))
    report.abovePeak = above.isEmpty ? nil : ConversionStatistics(differences: above.map(\.deltaE))
    let worst = (below + above).sorted { $0.deltaE > $1.deltaE }.prefix(Self.worstCount)
    report.worst = Array(worst)
    report.suggestion = Self.suggestion(
      report, options: options, camera: isCamera, sourceIntervals: sourceIntervals)
    return report
  }

  /// Advice from the figures (docs/conversion-quality.md).
  static func suggestion(
    _ r: ConversionReport, options: CubeConversionOptions, camera: Bool,
    sourceIntervals: Int? = nil
  ) -> String {
    let t = ConversionReport.threshold
    let abovePeak = r.abovePeak?.p99 ?? 0
    if r.p99 <= t && abovePeak <= t {
      return "p99 within the threshold (1 = just noticeable): nothing to change"
    }
    var advice: [String] = []
    if abovePeak > t && options.placement != .shaped && !camera {
      advice.append(
        "colours above the mastering peak miss (p99 \(Self.format(abovePeak))): --shaper puts "
          + "nodes above the peak and rolls off to it")
    }
    if r.p99 > t {
      if !options.fitsNodes {
        advice.append(
          camera
            ? Self.cameraSizes(options.size, sourceIntervals: sourceIntervals)
              + " or --fit (node values fitted in ΔE_ITP over each cell)"
            : "--shaper (nodes below the peak behind a 1D shaper, fitted) or --fit")
      } else if options.size < CubeConverter.largestFittedSize {
        advice.append("a larger --size (up to \(CubeConverter.largestFittedSize) fitted)")
      }
      if let beyond = r.beyondSourceGamut, beyond.count > 0, beyond.p99 > 1.5 * t,
        let inside = r.insideSourceGamut, beyond.p99 > 1.5 * inside.p99
      {
        advice.append(
          "the worst colours lie beyond the SDR cube's gamut, where it is only extrapolated")
      }
      // A camera cube has no shaper: its CLF holds the same 3D table, so it would not help.
      if !camera {
        advice.append("or --format clf (a CLF keeps the shaper and the 3D table in one file)")
      }
    }
    return advice.isEmpty ? "above the threshold" : advice.joined(separator: "; ")
  }

  /// The size advice for a camera cube: larger sizes keeping the source's nodes (the next two
  /// whose intervals are a multiple of `sourceIntervals`, up to 256), else just a larger size.
  static func cameraSizes(_ size: Int, sourceIntervals: Int?) -> String {
    guard let k = sourceIntervals, k > 0 else { return "a larger --size (smaller cells)" }
    let sizes = (1...2).map { ((size - 1) / k + $0) * k + 1 }.filter { $0 <= 256 }
    guard !sizes.isEmpty else { return "a larger --size (smaller cells)" }
    return "a larger --size keeping the source's nodes (N − 1 a multiple of its \(k) "
      + "intervals: \(sizes.map(String.init).joined(separator: ", ")))"
  }

  static func format(_ x: Double) -> String {
    let scaled = (x * 1000).rounded() / 1000
    return "\(scaled)"
  }
}
