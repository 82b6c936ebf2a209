import ColorMath
import CubeFormat
import EDRPipeline

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the nodes of a converted cube lie, per axis (the same on every axis).
struct ConversionGrid {
  /// `DOMAIN_MAX` of the table (of the shaper, when there is one): the target signal of the
  /// mastering peak (as a Float) for ``CubeConversionOptions/NodePlacement/domain``, else 1.
  let domainMax: Double
  /// The target signal of the mastering peak (as a Float; at most 1).
  let peakSignal: Double
  /// The 1D shaper in front of the 3D table (``CubeConversionOptions/NodePlacement/shaped``).
  let shaper: CubeTable1D?
  /// The target signal at each node index `0..<size`.
  let nodeSignals: [Double]

  /// Rows of the shaper.
  static let shaperSize = 1024
  /// The shaper's exponent: table position = (signal / peak signal)^exponent, so nodes lie
  /// closer together toward the peak (measured on the bundled looks: 1.1 to 1.2 beat 1 and
  /// powers below 1, which crowd the nodes near black).
  static let shaperExponent = 1.15

  init(options: CubeConversionOptions) {
    let n = options.size
    let codec = SpaceCodec(options.targetSpace)
    let peak = Double(
      Float(
        min(1, codec.encode(SIMD3(repeating: options.masteringPeak / options.referenceWhite)).x)))
    peakSignal = peak
    let top = options.placement == .domain ? peak : 1
    domainMax = top
    if options.placement == .shaped {
      let above = peak < 1 ? Self.intervalsAbovePeak(size: n) : 0
      let below = Double(n - 1 - above) / Double(n - 1)
      let m = Self.shaperSize
      let rows = (0..<m).map { i -> Float in
        let s = Double(i) / Double(m - 1)
        guard s > peak else { return Float(below * pow(s / peak, Self.shaperExponent)) }
        return Float(below + (1 - below) * (s - peak) / (1 - peak))
      }
      let table = CubeTable1D(size: m, values: rows.flatMap { [$0, $0, $0] })
      shaper = table
      nodeSignals = (0..<n).map { Self.signal(at: Double($0) / Double(n - 1), shaper: table) }
    } else {
      shaper = nil
      nodeSignals = (0..<n).map { CubeBaker.nodeInput($0, of: n, lo: 0, hi: top) }
    }
  }

  /// The 3D intervals per axis the shaper gives to the signals above the mastering peak: a
  /// quarter of them, at least 1 (16 of 64 at 65³, 8 of 32 at 33³, 4 of 16 at 17³).
  static func intervalsAbovePeak(size n: Int) -> Int { max(1, (n - 1 + 2) / 4) }

  /// `DOMAIN_MAX` of the 3D table: 1 behind a shaper.
  var tableDomainMax: Float { shaper == nil ? Float(domainMax) : 1 }

  /// The signal at position `u` (0…1) along an axis of the 3D table.
  func signal(at u: Double) -> Double {
    guard let shaper else { return u * domainMax }
    return Self.signal(at: u, shaper: shaper)
  }

  /// The signal the shaper (piecewise linear between its rows) maps to `u`.
  private static func signal(at u: Double, shaper: CubeTable1D) -> Double {
    let m = shaper.size
    var (lo, hi) = (0, m - 1)
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if Double(shaper.values[3 * mid]) <= u { lo = mid } else { hi = mid }
    }
    let (a, b) = (Double(shaper.values[3 * lo]), Double(shaper.values[3 * hi]))
    let t = b > a ? min(max((u - a) / (b - a), 0), 1) : 0
    return Double(shaper.domainMax.x) * (Double(lo) + t) / Double(m - 1)
  }
}
