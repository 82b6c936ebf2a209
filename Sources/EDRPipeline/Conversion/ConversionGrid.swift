import ColorMath
import CubeFormat

/// Where the nodes of a converted cube lie, per axis (the same on every axis).
struct ConversionGrid {
  /// `DOMAIN_MAX` of the table: 1, or the target signal of the mastering peak (as a Float).
  let domainMax: Double
  /// The target signal at each node index `0..<size`.
  let nodeSignals: [Double]

  init(options: CubeConversionOptions) {
    let n = options.size
    let codec = SpaceCodec(options.targetSpace)
    let peak = codec.encode(SIMD3(repeating: options.masteringPeak / options.referenceWhite)).x
    domainMax = options.placement == .full ? 1 : Double(Float(min(1, peak)))
    let top = domainMax
    nodeSignals = (0..<n).map { CubeBaker.nodeInput($0, of: n, lo: 0, hi: top) }
  }
}
