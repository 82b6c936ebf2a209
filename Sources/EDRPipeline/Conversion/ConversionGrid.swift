import ColorMath
import CubeFormat

/// Where the nodes of a converted cube lie, per axis (the same on every axis).
struct ConversionGrid {
  /// The target signal of the mastering peak (1 for ``CubeConversionOptions/NodePlacement/full``).
  let peakSignal: Double
  /// The Resolve shaper, for ``CubeConversionOptions/NodePlacement/shaper``.
  let shaper: CubeTable1D?
  /// `DOMAIN_MAX` of the 3D table (its minimum is 0).
  let domainMax3D: Double
  /// The target signal at each 3D node index `0..<size`.
  let nodeSignals: [Double]

  init(options: CubeConversionOptions) {
    let n = options.size
    let codec = SpaceCodec(options.targetSpace)
    let w = options.referenceWhite
    let peak =
      options.placement == .full
      ? 1 : Double(Float(min(1, codec.encode(SIMD3(repeating: options.masteringPeak / w)).x)))
    peakSignal = peak
    switch options.placement {
    case .full, .domain:
      shaper = nil
      domainMax3D = peak
      nodeSignals = (0..<n).map { CubeBaker.nodeInput($0, of: n, lo: 0, hi: peak) }
    case .shaper:
      // u = enc_sRGB(grey(s)) / enc_sRGB(peak): nodes even in the SDR cube's own encoding.
      let top = SRGB.encode(options.masteringPeak / w)
      let table = CubeBaker.bake1D(
        size: options.shaperSize, domainMin: .zero, domainMax: SIMD3(repeating: peak)
      ) { s in
        SIMD3(repeating: SRGB.encode(max(codec.decode(SIMD3(repeating: s.x)).x, 0)) / top)
      }
      shaper = table
      domainMax3D = 1
      nodeSignals = (0..<n).map {
        Self.invert(table, at: CubeBaker.nodeInput($0, of: n, lo: 0, hi: 1), top: peak)
      }
    }
  }

  /// The input `s` whose piecewise-linear shaper output is `u` (the shaper is increasing).
  static func invert(_ table: CubeTable1D, at u: Double, top: Double) -> Double {
    let n = table.size
    let rows = (0..<n).map { Double(table.values[3 * $0]) }
    if u <= rows[0] { return 0 }
    if u >= rows[n - 1] { return top }
    var lo = 0
    var hi = n - 1
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if rows[mid] <= u { lo = mid } else { hi = mid }
    }
    let f = rows[hi] > rows[lo] ? (u - rows[lo]) / (rows[hi] - rows[lo]) : 0
    let step = top / Double(n - 1)
    return (Double(lo) + f) * step
  }
}
