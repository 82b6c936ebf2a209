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
  /// `DOMAIN_MAX` of the table (of the shaper, when there is one): 1, or the target signal
  /// of the mastering peak (as a Float).
  let domainMax: Double
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
    let peak = codec.encode(SIMD3(repeating: options.masteringPeak / options.referenceWhite)).x
    domainMax = options.placement == .full ? 1 : Double(Float(min(1, peak)))
    let top = domainMax
    if options.placement == .shaped {
      let m = Self.shaperSize
      let rows = (0..<m).map { Float(pow(Double($0) / Double(m - 1), Self.shaperExponent)) }
      let table = CubeTable1D(
        size: m, domainMin: .zero, domainMax: SIMD3(repeating: Float(top)),
        values: rows.flatMap { [$0, $0, $0] })
      shaper = table
      nodeSignals = (0..<n).map { Self.signal(at: Double($0) / Double(n - 1), shaper: table) }
    } else {
      shaper = nil
      nodeSignals = (0..<n).map { CubeBaker.nodeInput($0, of: n, lo: 0, hi: top) }
    }
  }

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
