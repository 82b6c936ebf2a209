public import CLFFormat
public import ColorMath
public import CubeFormat
public import EDRPipeline
import Foundation
public import LUTEngine

/// A cube as EDRCube applies it (space, extrapolation, policy, tone map), baked into a shaper
/// and a 3D table that a host which clamps at a table's domain reproduces over a range:
/// OpenColorIO (CLF), Resolve (shaper + 3D `.cube`), ffmpeg (`.csp` with a prelut).
/// docs/bake.md.
///
/// A *structured* bake (for CLF) rebuilds the application's own stages: the matrix to the
/// cube's input primaries, a shaper whose nodes are the cube's own (``BakeAxis``), the table,
/// the cube's output curve and the matrix back, so the host interpolates what EDRCube
/// interpolates; the table's nodes beyond the cube's domain hold the extrapolation and the
/// highlight policy. A *flat* bake (for the formats without matrices or an output curve)
/// keeps the shaper and holds the working-space result in the table.
public struct LookBake: Sendable {
  /// The shaper and the nodes along each axis.
  public let axis: BakeAxis
  /// The matrix in front of the shaper (working → the cube's input primaries), nil when none.
  public let inputMatrix: Matrix3x3?
  /// The matrix after the output curve (the cube's output primaries → working), nil when none.
  public let outputMatrix: Matrix3x3?
  /// The per-channel curve after the table (signal → linear light), nil when the table holds
  /// the result.
  public let outputCurve: (@Sendable (Float) -> Float)?
  /// The table's interpolation.
  public let interpolation: Interpolation
  /// `size³` RGB values, red fastest.
  public let values: [Float]

  /// Nodes per axis.
  public var size: Int { axis.nodes.count }

  /// How a bake lays the application out.
  public enum Layout: Sendable, Hashable {
    /// Matrix, shaper, table, output curve, matrix.
    case structured
    /// Shaper and table, the table holding the working-space result.
    case flat
  }

  /// Whether a flat bake of `application` can follow the cube's nodes: its working
  /// primaries are the cube's (or the cube is raw). Otherwise the table's axes are not the
  /// cube's and `edrcube bake` takes the log2 shaper for the formats without a matrix.
  public static func followsCubeNodes(flat application: CubeApplication) -> Bool {
    application.space.transfer == .raw
      || Matrix3x3.rgbToRGB(
        from: application.working.primaries, to: application.space.primaries.primaries
      ).isIdentity
  }

  /// Bakes `application` (of the cube `lut`) over `low…high` × white with the cube's own nodes:
  /// each cube cell split into `subdivision`, `perOctave` nodes per octave above white where a
  /// highlight policy shapes the result.
  public init(
    _ application: CubeApplication, lut: CubeLUT, layout: Layout, low: Double, high: Double,
    subdivision: Int = 1, perOctave: Int = 6
  ) {
    let structured = layout == .structured && application.space.transfer != .raw
    let toCube = Matrix3x3.rgbToRGB(
      from: application.working.primaries, to: application.space.primaries.primaries)
    let inputMatrix = structured && !toCube.isIdentity ? toCube : nil
    let domain = Self.signalDomain(lut)
    // The cube's own 1D shaper, when a 3D table follows it, is part of the signal.
    let shaper =
      lut.lut3D == nil
      ? nil
      : lut.lut1D.map {
        LUTProcessor(
          lut: CubeLUT(lut1D: $0), interpolation: .trilinear,
          extrapolation: application.extrapolation == .clamp ? .clamp : .linear)
      }
    let signal: @Sendable (Double) -> Double = { x in
      let s = application.inputSignal(Float(x))
      return Double(shaper.map { $0.apply(SIMD3(repeating: s)).x } ?? s)
    }
    // The range each channel reaches after the matrix.
    var reach = (low, high)
    if let m = inputMatrix {
      for row in [m.rows.0, m.rows.1, m.rows.2] {
        let ends = (0..<3).map { c in
          (min(row[c] * low, row[c] * high), max(row[c] * low, row[c] * high))
        }
        reach = (min(reach.0, ends.map(\.0).reduce(0, +)), max(reach.1, ends.map(\.1).reduce(0, +)))
      }
    }
    let policyNodes: Int? =
      switch application.policy {
      case .maxRGB?, .toneScaledMaxRGB?, .risingMaxRGB?: perOctave
      case .clamp?, .linear?, nil: nil
      }
    let axis = BakeAxis.cube(
      signal: signal, domain: domain, size: lut.lut3D?.size ?? 2, subdivision: subdivision,
      low: reach.0, high: reach.1, policyNodes: policyNodes)
    let decodes = structured && application.outputIsPerChannel
    let fromCube = Matrix3x3.rgbToRGB(
      from: application.outputSpace.primaries.primaries, to: application.working.primaries)
    let outputMatrix = decodes && !fromCube.isIdentity ? fromCube : nil
    let decode: @Sendable (Float) -> Float = { application.decodeOutput(SIMD3(repeating: $0)).x }
    let curve = decodes ? decode : nil
    let encode: ((SIMD3<Float>) -> SIMD3<Float>)? =
      decodes ? { application.encodeOutput($0) } : nil
    self.init(
      application, axis: axis, inputMatrix: inputMatrix, outputMatrix: outputMatrix,
      outputCurve: curve, encode: encode)
  }

  /// Bakes `application` into a `size³` table over `shaper`'s range (the log2 shaper, flat).
  public init(_ application: CubeApplication, shaper: BakeShaper, size: Int) {
    precondition((2...256).contains(size), "LookBake: size 2…256")
    let nodes = (0..<size).map { shaper.inverse(Double($0) / Double(size - 1)) }
    let axis = BakeAxis(
      nodes: nodes, warps: Array(repeating: .signal, count: size - 1), signal: { shaper($0) })
    self.init(
      application, axis: axis, inputMatrix: nil, outputMatrix: nil, outputCurve: nil, encode: nil)
  }

  private init(
    _ application: CubeApplication, axis: BakeAxis, inputMatrix: Matrix3x3?,
    outputMatrix: Matrix3x3?, outputCurve: (@Sendable (Float) -> Float)?,
    encode: ((SIMD3<Float>) -> SIMD3<Float>)?
  ) {
    self.axis = axis
    self.inputMatrix = inputMatrix
    self.outputMatrix = outputMatrix
    self.outputCurve = outputCurve
    interpolation = application.interpolation
    let n = axis.nodes.count
    let toWorking = inputMatrix?.inverse
    let toOutput = outputMatrix?.inverse
    var values = [Float](repeating: 0, count: 3 * n * n * n)
    for b in 0..<n {
      for g in 0..<n {
        for r in 0..<n {
          let x = SIMD3(axis.nodes[r], axis.nodes[g], axis.nodes[b])
          let row = 3 * (r + n * (g + n * b))
          let working = SIMD3<Float>(toWorking.map { $0 * x } ?? x)
          values[row] = working.x
          values[row + 1] = working.y
          values[row + 2] = working.z
        }
      }
    }
    values.withUnsafeMutableBufferPointer { application.apply(inPlace: $0, channels: 3) }
    if encode != nil || toOutput != nil {
      for i in stride(from: 0, to: values.count, by: 3) {
        var v = SIMD3(values[i], values[i + 1], values[i + 2])
        if let toOutput { v = SIMD3<Float>(toOutput * SIMD3<Double>(v)) }
        if let encode { v = encode(v) }
        values[i] = v.x
        values[i + 1] = v.y
        values[i + 2] = v.z
      }
    }
    self.values = values
  }

  /// The signal domain of `lut`'s 3D table (the output range of its 1D shaper when it has
  /// one), from its first channel.
  private static func signalDomain(_ lut: CubeLUT) -> ClosedRange<Double> {
    guard let table = lut.lut3D else {
      let one = lut.lut1D.map { (Double($0.domainMin.x), Double($0.domainMax.x)) } ?? (0, 1)
      return one.0...one.1
    }
    return Double(table.domainMin.x)...Double(table.domainMax.x)
  }

  /// The table in red-fastest order re-read blue fastest (CLF's order), in `Double`.
  private var blueFastest: [Double] {
    let n = size
    var out = [Double](repeating: 0, count: values.count)
    for b in 0..<n {
      for g in 0..<n {
        for r in 0..<n {
          let from = 3 * (r + n * (g + n * b))
          let to = 3 * (b + n * (g + n * r))
          for c in 0..<3 { out[to + c] = Double(values[from + c]) }
        }
      }
    }
    return out
  }

  /// A `halfDomain` LUT1D of `f` (65536 entries, one per half-float input; NaN takes `f(0)`).
  private static func halfDomain(_ f: (Double) -> Double) -> CLFLUT1D {
    let entries = (0..<65536).map { bits -> Double in
      let x = Double(Float(Float16(bitPattern: UInt16(bits))))
      return f(x.isNaN ? 0 : x)
    }
    return CLFLUT1D(values: entries, components: 1, halfDomain: true)
  }

  /// For OpenColorIO: a CLF of the stages (a `Matrix` to the cube's primaries, the shaper
  /// as a `halfDomain` LUT1D, exact at every half-float input, the `LUT3D` with the
  /// application's interpolation, the output curve as a `halfDomain` LUT1D, a `Matrix` back),
  /// those a flat bake or an application without them lacks left out.
  public func processList(name: String?) -> ProcessList {
    var nodes = [ProcessNode]()
    func matrix(_ m: Matrix3x3) -> ProcessNode {
      ProcessNode(
        operation: .matrix(
          CLFMatrix(values: [m.rows.0, m.rows.1, m.rows.2].flatMap { [$0.x, $0.y, $0.z] })))
    }
    if let inputMatrix { nodes.append(matrix(inputMatrix)) }
    nodes.append(ProcessNode(operation: .lut1D(Self.halfDomain { axis($0) })))
    nodes.append(
      ProcessNode(
        operation: .lut3D(
          CLFLUT3D(
            grid: size, values: blueFastest,
            interpolation: interpolation == .tetrahedral ? .tetrahedral : .trilinear))))
    if let outputCurve {
      nodes.append(
        ProcessNode(operation: .lut1D(Self.halfDomain { Double(outputCurve(Float($0))) })))
    }
    if let outputMatrix { nodes.append(matrix(outputMatrix)) }
    let low = axis.nodes[0]
    let high = axis.nodes[size - 1]
    return ProcessList(
      id: "edrcube-bake", name: name,
      descriptions: [
        "Baked by edrcube bake --for ocio: the look as EDRCube applies it, "
          + "shaper over [\(low), \(high)] (halfDomain LUT1D) + \(size)^3 LUT3D"
      ],
      nodes: nodes)
  }

  /// The shaper at `count` inputs evenly spaced over the axis's range (ffmpeg resamples a
  /// `.csp` prelut at 65536 such points): inputs and shaped values.
  public func shaperPoints(_ count: Int) -> (inputs: [Double], outputs: [Double]) {
    let low = axis.nodes[0]
    let high = axis.nodes[size - 1]
    let inputs = (0..<count).map { low + (high - low) * Double($0) / Double(count - 1) }
    return (inputs, inputs.map { axis($0) })
  }

  /// The bake as a host reads a flat bake's file (ffmpeg's `.csp`, Resolve's shaper `.cube`):
  /// the shaper at `prelutPoints` evenly spaced inputs (ffmpeg resamples a prelut at 65536),
  /// interpolated linearly, then the table with the bake's interpolation, both clamped.
  public func flatHost(prelutPoints: Int = 65536) -> LUTProcessor {
    let points = shaperPoints(prelutPoints)
    return LUTProcessor(
      lut: CubeLUT(
        lut1D: CubeTable1D(
          size: prelutPoints, domainMin: SIMD3(repeating: Float(points.inputs[0])),
          domainMax: SIMD3(repeating: Float(points.inputs[prelutPoints - 1])),
          values: points.outputs.flatMap { Array(repeating: Float($0), count: 3) }),
        lut3D: CubeTable3D(size: size, values: values)),
      interpolation: interpolation, extrapolation: .clamp)
  }

  /// A flat bake through `shaper` at the size its measured error asks for: from `start`
  /// nodes per axis, while ``flatHost(prelutPoints:)``'s p99 ΔE_ITP against `application` at
  /// `colours` sample colours (``BakeReport``) is `target` or more, the size predicted for
  /// `target` by the error's fall with the node spacing (as its square, a smooth look's, until
  /// two sizes measure the rate: slower where the grid cuts the look's kinks), at most `limit`
  /// (four bakes at most). The first size meeting `target`, else the last baked.
  public static func measured(
    _ application: CubeApplication, shaper: BakeShaper, start: Int, limit: Int, target: Double,
    colours: Int
  ) -> (bake: LookBake, report: BakeReport) {
    precondition(start >= 2 && limit >= start && target > 0 && colours > 0, "LookBake.measured")
    let inputs = BakeReport.samples(
      BakeShaper(low: shaper.low, high: shaper.high, offset: 0.125), count: colours)
    let reference = inputs.map(application.apply)
    var size = start
    var previous: (size: Int, p99: Double)?
    var bakes = 0
    while true {
      let bake = LookBake(application, shaper: shaper, size: size)
      let host = bake.flatHost()
      let report = BakeReport(
        inputs: inputs, host: inputs.map { host.apply($0) }, reference: reference,
        primaries: application.working.primaries,
        referenceWhite: application.outputSpace.referenceWhite)
      bakes += 1
      // p99 ∝ spacing^rate; spacing ∝ 1/(size − 1).
      let rate = min(
        2,
        previous.map { log($0.p99 / report.p99) / log(Double(size - 1) / Double($0.size - 1)) }
          ?? 2)
      guard report.p99 >= target, size < limit, rate > 0, bakes < 4 else {
        return (bake, report)
      }
      let predicted = 1 + Double(size - 1) * pow(report.p99 / target, 1 / rate)
      previous = (size, report.p99)
      size = Int(min(Double(limit), predicted.rounded(.up)))
    }
  }

  /// For Resolve: a shaper + 3D `.cube` (a `length`-entry 1D shaper over the axis's range by
  /// `LUT_1D_INPUT_RANGE`, then the table over 0…1).
  public func shaperCube(title: String?, length: Int = 65536) -> CubeFile {
    let points = shaperPoints(length)
    let shaped = points.outputs.flatMap { Array(repeating: Float($0), count: 3) }
    let lut1D = CubeTable1D(
      size: length, domainMin: SIMD3(repeating: Float(points.inputs[0])),
      domainMax: SIMD3(repeating: Float(points.inputs[length - 1])), values: shaped)
    return CubeFile(
      title: title, dialect: .resolve, lut1D: lut1D,
      lut3D: CubeTable3D(size: size, values: values),
      comments: [
        "Baked by edrcube bake --for resolve: the look as EDRCube applies it (working linear), "
          + "shaper over [\(points.inputs[0]), \(points.inputs[length - 1])] x white + \(size)^3 table"
      ])
  }
}
