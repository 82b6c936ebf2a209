import CLFFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The per-channel curves of CLF's Log, Exponent and ASC_CDL nodes in `Double`, as the
/// Academy specification and OpenColorIO define them (docs/clf.md).
enum CLFCurves {
  /// The smallest positive normal `Float`: logarithms of smaller arguments take this instead
  /// (OpenColorIO does the same), so nothing is infinite or NaN.
  static let smallest = Double(Float.leastNormalMagnitude)

  /// A Log node's per-channel constants, with the camera styles' linear segment resolved.
  struct Log: Sendable {
    let style: CLFLog.Style
    let p: CLFLog.Parameters
    let lnBase: Double
    let linearSlope: Double
    let linearOffset: Double
    let logBreak: Double

    init(style: CLFLog.Style, parameters p: CLFLog.Parameters) {
      self.style = style
      self.p = p
      lnBase = log(p.base)
      let brk = p.linSideBreak ?? 0
      let inner = p.linSideSlope * brk + p.linSideOffset
      logBreak = p.logSideSlope * log(max(inner, CLFCurves.smallest)) / lnBase + p.logSideOffset
      linearSlope = p.linearSlope ?? p.logSideSlope * p.linSideSlope / (inner * lnBase)
      linearOffset = logBreak - linearSlope * brk
    }

    func callAsFunction(_ x: Double) -> Double {
      switch style {
      case .log10: return log10(max(x, CLFCurves.smallest))
      case .log2: return log2(max(x, CLFCurves.smallest))
      case .antiLog10: return pow(10, x)
      case .antiLog2: return exp2(x)
      case .linToLog: return linToLog(x)
      case .logToLin: return logToLin(x)
      case .cameraLinToLog:
        return x <= (p.linSideBreak ?? 0) ? linearSlope * x + linearOffset : linToLog(x)
      case .cameraLogToLin:
        return x <= logBreak ? (x - linearOffset) / linearSlope : logToLin(x)
      }
    }

    private func linToLog(_ x: Double) -> Double {
      let inner = max(p.linSideSlope * x + p.linSideOffset, CLFCurves.smallest)
      return p.logSideSlope * log(inner) / lnBase + p.logSideOffset
    }

    private func logToLin(_ y: Double) -> Double {
      (exp(lnBase * (y - p.logSideOffset) / p.logSideSlope) - p.linSideOffset) / p.linSideSlope
    }
  }

  /// An Exponent node's curve for one channel.
  static func exponent(_ x: Double, style: CLFExponent.Style, g: Double, offset: Double) -> Double {
    switch style {
    case .basicFwd: return pow(max(0, x), g)
    case .basicRev: return pow(max(0, x), 1 / g)
    case .basicMirrorFwd: return x < 0 ? -pow(-x, g) : pow(x, g)
    case .basicMirrorRev: return x < 0 ? -pow(-x, 1 / g) : pow(x, 1 / g)
    case .basicPassThruFwd: return x < 0 ? x : pow(x, g)
    case .basicPassThruRev: return x < 0 ? x : pow(x, 1 / g)
    case .monCurveFwd: return monCurve(x, g: g, offset: offset)
    case .monCurveRev: return monCurveInverse(x, g: g, offset: offset)
    case .monCurveMirrorFwd:
      return x < 0 ? -monCurve(-x, g: g, offset: offset) : monCurve(x, g: g, offset: offset)
    case .monCurveMirrorRev:
      return x < 0
        ? -monCurveInverse(-x, g: g, offset: offset) : monCurveInverse(x, g: g, offset: offset)
    }
  }

  /// The monCurve break point on the linear (input) side, the encoded side and the slope of
  /// the linear segment; with no offset the curve is a plain power (slope 0 below 0, or the
  /// identity for exponent 1).
  private static func monCurveBreak(g: Double, offset o: Double) -> (Double, Double, Double) {
    guard o > 0, g > 1 else { return (0, 0, g == 1 ? 1 : 0) }
    let linearBreak = o / (g - 1)
    let encodedBreak = pow(o * g / ((g - 1) * (1 + o)), g)
    return (linearBreak, encodedBreak, encodedBreak / linearBreak)
  }

  static func monCurve(_ x: Double, g: Double, offset o: Double) -> Double {
    let (linearBreak, _, slope) = monCurveBreak(g: g, offset: o)
    return x >= linearBreak ? pow((x + o) / (1 + o), g) : x * slope
  }

  static func monCurveInverse(_ y: Double, g: Double, offset o: Double) -> Double {
    let (_, encodedBreak, slope) = monCurveBreak(g: g, offset: o)
    if y >= encodedBreak { return (1 + o) * pow(y, 1 / g) - o }
    return slope == 0 ? 0 : y / slope
  }

  /// ASC CDL v1.2, the four styles (Rec. 709 luma weights for saturation).
  static func cdl(_ v: SIMD3<Double>, _ c: CLFCDL) -> SIMD3<Double> {
    let weights = SIMD3<Double>(0.2126, 0.7152, 0.0722)
    func saturate(_ v: SIMD3<Double>, _ s: Double) -> SIMD3<Double> {
      let luma = (v * weights).sum()
      return luma + s * (v - luma)
    }
    func power(_ v: SIMD3<Double>, _ e: SIMD3<Double>) -> SIMD3<Double> {
      SIMD3(
        v.x > 0 ? pow(v.x, e.x) : v.x, v.y > 0 ? pow(v.y, e.y) : v.y,
        v.z > 0 ? pow(v.z, e.z) : v.z)
    }
    let unit = (SIMD3<Double>.zero, SIMD3<Double>.one)
    switch c.style {
    case .fwd:
      let sop = power(
        (v * c.slope + c.offset).clamped(lowerBound: unit.0, upperBound: unit.1), c.power)
      return saturate(sop, c.saturation).clamped(lowerBound: unit.0, upperBound: unit.1)
    case .fwdNoClamp:
      return saturate(power(v * c.slope + c.offset, c.power), c.saturation)
    case .rev:
      let desaturated = saturate(
        v.clamped(lowerBound: unit.0, upperBound: unit.1), 1 / c.saturation
      ).clamped(lowerBound: unit.0, upperBound: unit.1)
      let linear = power(desaturated, 1 / c.power)
      return ((linear - c.offset) / c.slope).clamped(lowerBound: unit.0, upperBound: unit.1)
    case .revNoClamp:
      return (power(saturate(v, 1 / c.saturation), 1 / c.power) - c.offset) / c.slope
    }
  }
}
