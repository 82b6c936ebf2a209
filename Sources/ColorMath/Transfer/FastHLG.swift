/// The BT.2100 HLG display chain (``HLGDisplay``: OOTF with the system gamma, optional black
/// lift) in `Float` for per-pixel work: the same formulas, with the OOTF's powers from
/// ``FastPower``, the OETF's logarithm from ``FastLog`` and its exponential from
/// ``PolynomialMath``, so that vector code can evaluate exactly the same operations (EDRCube's C chain does). Within
/// 2e-6 relative of the exact `Double` chain (checked in the tests).
public struct FastHLG: Sendable {
  /// The BT.2100 reference display HLG cubes are defined on: 1000 cd/m², black 0.
  public static let referenceDisplay = FastHLG(display: HLGDisplay(peak: 1000, black: 0))

  /// The display.
  public let display: HLGDisplay
  /// `x^(γ − 1)`, the OOTF's power.
  public let ootfPower: FastPower
  /// `x^((1 − γ)/γ)`, the inverse OOTF's power.
  public let inverseOOTFPower: FastPower
  /// The display's peak in cd/m².
  public let peak: Float
  /// The black lift `β`.
  public let beta: Float
  /// The OETF's constants `a`, `b`, `c` (``HLG``).
  public let a: Float, b: Float, c: Float
  /// BT.2100's luminance weights.
  public let weights: SIMD3<Float>

  /// Tables for `display` (for the life of the process: make one per display, as a static).
  init(display: HLGDisplay) {
    self.display = display
    ootfPower = FastPower(exponent: display.gamma - 1)
    inverseOOTFPower = FastPower(exponent: (1 - display.gamma) / display.gamma)
    peak = Float(display.peak)
    beta = Float(display.beta)
    a = Float(HLG.a)
    b = Float(HLG.b)
    c = Float(HLG.c)
    weights = SIMD3<Float>(HLG.lumaWeights)
  }

  /// Signal → display light in cd/m² (`HLGDisplay.eotf`).
  public func eotf(_ signal: SIMD3<Float>) -> SIMD3<Float> {
    var scene = SIMD3<Float>()
    for k in 0..<3 { scene[k] = inverseOETF(max(0, (1 - beta) * signal[k] + beta)) }
    let ys = luminance(scene)
    guard ys > 0 else { return .zero }
    return scene * (peak * ootfPower(ys))
  }

  /// Display light in cd/m² → signal (`HLGDisplay.inverseEOTF`).
  public func inverseEOTF(_ display: SIMD3<Float>) -> SIMD3<Float> {
    let yd = luminance(display)
    var scene = SIMD3<Float>.zero
    if yd > 0 { scene = display * (inverseOOTFPower(yd / peak) / peak) }
    var out = SIMD3<Float>()
    for k in 0..<3 { out[k] = (oetf(scene[k]) - beta) / (1 - beta) }
    return out
  }

  /// `HLG.oetf` with ``FastLog``.
  func oetf(_ e: Float) -> Float {
    guard e > 0 else { return e.isNaN ? e : 0 }
    if e <= 1 / 12 { return (3 * e).squareRoot() }
    return a * FastLog.natural(12 * e - b) + c
  }

  /// `HLG.inverseOETF` with ``PolynomialMath/exp(_:)``.
  func inverseOETF(_ s: Float) -> Float {
    guard s > 0 else { return s.isNaN ? s : 0 }
    if s <= 1 / 2 { return s * s / 3 }
    return (PolynomialMath.exp((s - c) / a) + b) / 12
  }

  /// `w·v`, summed red, green, blue.
  func luminance(_ v: SIMD3<Float>) -> Float {
    weights.x * v.x + weights.y * v.y + weights.z * v.z
  }
}
