public import CubeFormat

extension ProcessList {
  /// The process list of a `.cube` file's tables, as OpenColorIO applies the `.cube` (inputs
  /// outside a table's domain are clamped to it): video-range mappings as `noClamp` Range
  /// nodes, a domain other than 0…1 as a 3×4 Matrix in front of its table, then LUT1D and
  /// LUT3D (re-ordered to CLF's blue-fastest order).
  /// - Parameters:
  ///   - cube: the tables.
  ///   - interpolation: the LUT3D's interpolation.
  public init(cube: CubeFile, interpolation: CLFLUT3D.Interpolation = .trilinear) {
    var nodes: [ProcessNode] = []
    if cube.inputVideoRange {
      nodes.append(Self.videoRange([0, 1023, 64, 940]))
    }
    if let t = cube.lut1D {
      nodes += Self.domain(t.domainMin, t.domainMax)
      let values = t.values.map(Double.init)
      nodes.append(ProcessNode(operation: .lut1D(CLFLUT1D(values: values, components: 3))))
    }
    if let t = cube.lut3D {
      nodes += Self.domain(t.domainMin, t.domainMax)
      let n = t.size
      var values = [Double](repeating: 0, count: n * n * n * 3)
      for r in 0..<n {
        for g in 0..<n {
          for b in 0..<n {
            let from = 3 * t.index(r: r, g: g, b: b)
            let to = 3 * ((r * n + g) * n + b)
            for c in 0..<3 { values[to + c] = Double(t.values[from + c]) }
          }
        }
      }
      nodes.append(
        ProcessNode(
          operation: .lut3D(CLFLUT3D(grid: n, values: values, interpolation: interpolation))))
    }
    if cube.outputVideoRange {
      nodes.append(Self.videoRange([64, 940, 0, 1023]))
    }
    self.init(
      id: "edrcube", name: cube.title, descriptions: cube.comments.prefix(16).map { $0 },
      nodes: nodes)
  }

  /// A video-range mapping as a 32f Range node, from its 10-bit code values.
  private static func videoRange(_ codes: [Double]) -> ProcessNode {
    let v = codes.map { $0 / 1023 }
    return ProcessNode(
      operation: .range(
        CLFRange(minIn: v[0], maxIn: v[1], minOut: v[2], maxOut: v[3], clamps: false)))
  }

  /// The Matrix that maps a table's domain onto 0…1, or nothing for a 0…1 domain.
  private static func domain(_ low: SIMD3<Float>, _ high: SIMD3<Float>) -> [ProcessNode] {
    guard low != .zero || high != .one else { return [] }
    let l = SIMD3<Double>(low)
    let scale = 1 / (SIMD3<Double>(high) - l)
    let values = [
      scale.x, 0, 0, -l.x * scale.x, 0, scale.y, 0, -l.y * scale.y, 0, 0, scale.z, -l.z * scale.z,
    ]
    return [ProcessNode(operation: .matrix(CLFMatrix(values: values)))]
  }
}
