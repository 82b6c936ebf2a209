import CLFFormat
import CubeFormat

/// One process node made ready to evaluate: its numbers normalised by its bit depths, so
/// every stage maps normalised values (1.0 = white) to normalised values.
enum ProcessListStage: Sendable {
  case matrix(rows: [SIMD3<Double>], offset: SIMD3<Double>)
  case lut1D(Table1D)
  /// LUT3D through the engine's kernels (inputs clamped to the 0…1 domain, as in OpenColorIO).
  case lut3D(LUTProcessor)
  case range(scale: Double, offset: Double, lower: Double, upper: Double)
  case log([CLFCurves.Log])
  case exponent(CLFExponent)
  case cdl(CLFCDL)

  /// A 1D table, normalised, per channel.
  struct Table1D: Sendable {
    /// Entries per channel (channel c starts at `c · length`).
    let values: [Double]
    let length: Int
    let halfDomain: Bool

    func value(_ x: Double, channel c: Int) -> Double {
      let base = c * length
      if halfDomain { return halfDomainValue(x, base: base) }
      let position = min(max(x.isNaN ? 0 : x, 0), 1) * Double(length - 1)
      let i = min(Int(position), length - 2)
      let f = position - Double(i)
      return values[base + i] + f * (values[base + i + 1] - values[base + i])
    }

    /// OpenColorIO's half-domain lookup: the two halves around `x` (by magnitude),
    /// interpolated linearly; infinities are held at ±65504.
    private func halfDomainValue(_ x: Double, base: Int) -> Double {
      var fIn = Float(x)
      var bits = CLFHalf.bits(fIn)
      if bits & 0x7FFF == 0x7C00 {
        bits = bits & 0x8000 | 0x7BFF
        fIn = Float(CLFHalf.double(bits))
      }
      if bits & 0x7FFF > 0x7C00 { return values[base + Int(bits)] }  // NaN
      var a = bits
      var b = bits
      if abs(Float(CLFHalf.double(bits))) > abs(fIn) {
        a = bits &- 1
      } else {
        b = bits &+ 1
        if b & 0x7FFF == 0x7C00 {
          b = b & 0x8000 | 0x7BFF
          fIn = Float(CLFHalf.double(b))
        }
      }
      let fa = CLFHalf.double(a)
      let fb = CLFHalf.double(b)
      var fraction = (Double(fIn) - fa) / (fb - fa)
      if fraction.isNaN { fraction = 0 }
      let va = values[base + Int(a)]
      let vb = values[base + Int(b)]
      return vb + (1 - fraction) * (va - vb)
    }
  }

  /// The stage of `node`.
  init(_ node: ProcessNode) {
    let inScale = node.inBitDepth.scale
    let outScale = node.outBitDepth.scale
    switch node.operation {
    case .matrix(let m):
      let columns = m.hasOffset ? 4 : 3
      let k = inScale / outScale
      let rows = (0..<3).map { r in
        SIMD3(m.values[r * columns], m.values[r * columns + 1], m.values[r * columns + 2]) * k
      }
      let offset =
        m.hasOffset ? SIMD3(m.values[3], m.values[7], m.values[11]) / outScale : .zero
      self = .matrix(rows: rows, offset: offset)
    case .lut1D(let t):
      let n = t.length
      var planar = [Double](repeating: 0, count: 3 * n)
      for i in 0..<n {
        for c in 0..<3 {
          planar[c * n + i] = t.values[i * t.components + (t.components == 3 ? c : 0)] / outScale
        }
      }
      self = .lut1D(Table1D(values: planar, length: n, halfDomain: t.halfDomain))
    case .lut3D(let t):
      self = .lut3D(Self.processor(t, outScale: outScale))
    case .range(let r):
      self = Self.range(r, inScale: inScale, outScale: outScale)
    case .log(let l):
      self = .log(l.channels.map { CLFCurves.Log(style: l.style, parameters: $0) })
    case .exponent(let e): self = .exponent(e)
    case .cdl(let c): self = .cdl(c)
    }
  }

  /// A CLF LUT3D (blue fastest) as a `.cube` table (red fastest) in the engine.
  static func processor(_ t: CLFLUT3D, outScale: Double) -> LUTProcessor {
    let n = t.grid
    var values = [Float](repeating: 0, count: n * n * n * 3)
    for r in 0..<n {
      for g in 0..<n {
        for b in 0..<n {
          let from = 3 * ((r * n + g) * n + b)
          let to = 3 * (r + n * (g + n * b))
          for c in 0..<3 { values[to + c] = Float(t.values[from + c] / outScale) }
        }
      }
    }
    let table = CubeTable3D(size: n, values: values)
    return LUTProcessor(
      lut: CubeLUT(lut3D: table),
      interpolation: t.interpolation == .tetrahedral ? .tetrahedral : .trilinear,
      extrapolation: .clamp)
  }

  /// A Range as `clamp(x · scale + offset, lower, upper)`, normalised.
  static func range(_ r: CLFRange, inScale: Double, outScale: Double) -> ProcessListStage {
    if let minIn = r.minIn, let maxIn = r.maxIn, let minOut = r.minOut, let maxOut = r.maxOut {
      let (a, b) = (minIn / inScale, maxIn / inScale)
      let (c, d) = (minOut / outScale, maxOut / outScale)
      let scale = (d - c) / (b - a)
      return .range(
        scale: scale, offset: c - scale * a, lower: r.clamps ? c : -.infinity,
        upper: r.clamps ? d : .infinity)
    }
    if let minOut = r.minOut {
      return .range(scale: 1, offset: 0, lower: minOut / outScale, upper: .infinity)
    }
    return .range(scale: 1, offset: 0, lower: -.infinity, upper: (r.maxOut ?? 0) / outScale)
  }

  /// The stage applied to one normalised RGB value.
  func apply(_ v: SIMD3<Double>) -> SIMD3<Double> {
    switch self {
    case .matrix(let rows, let offset):
      return SIMD3((rows[0] * v).sum(), (rows[1] * v).sum(), (rows[2] * v).sum()) + offset
    case .lut1D(let t):
      return SIMD3(t.value(v.x, channel: 0), t.value(v.y, channel: 1), t.value(v.z, channel: 2))
    case .lut3D(let processor):
      return SIMD3<Double>(processor.apply(SIMD3<Float>(v)))
    case .range(let scale, let offset, let lower, let upper):
      return SIMD3(
        min(max(v.x * scale + offset, lower), upper), min(max(v.y * scale + offset, lower), upper),
        min(max(v.z * scale + offset, lower), upper))
    case .log(let curves):
      return SIMD3(curves[0](v.x), curves[1](v.y), curves[2](v.z))
    case .exponent(let e):
      return SIMD3(
        CLFCurves.exponent(v.x, style: e.style, g: e.exponents[0], offset: e.offsets[0]),
        CLFCurves.exponent(v.y, style: e.style, g: e.exponents[1], offset: e.offsets[1]),
        CLFCurves.exponent(v.z, style: e.style, g: e.exponents[2], offset: e.offsets[2]))
    case .cdl(let c):
      return CLFCurves.cdl(v, c)
    }
  }
}
