public import CLFFormat
public import CubeFormat
public import EDRPipeline

/// A cube as EDRCube applies it (space, extrapolation, policy, tone map), baked into a shaper
/// and a 3D table that a host which clamps at a table's domain reproduces over the shaper's
/// range: OpenColorIO (CLF), Resolve (shaper + 3D `.cube`), ffmpeg (`.csp` with a prelut).
/// docs/bake.md.
public struct LookBake: Sendable {
  /// The shaper in front of the table.
  public let shaper: BakeShaper
  /// Nodes per axis.
  public let size: Int
  /// `size³` RGB outputs, red fastest: the application at the shaper's inverse of each node.
  public let values: [Float]

  /// Bakes `application` into a `size³` table over `shaper`'s range.
  public init(_ application: CubeApplication, shaper: BakeShaper = BakeShaper(), size: Int = 65) {
    precondition((2...256).contains(size), "LookBake: size 2…256")
    self.shaper = shaper
    self.size = size
    let axis = (0..<size).map { Float(shaper.inverse(Double($0) / Double(size - 1))) }
    var values = [Float](repeating: 0, count: 3 * size * size * size)
    for b in 0..<size {
      for g in 0..<size {
        for r in 0..<size {
          let out = application.apply(SIMD3(axis[r], axis[g], axis[b]))
          let row = 3 * (r + size * (g + size * b))
          values[row] = out.x
          values[row + 1] = out.y
          values[row + 2] = out.z
        }
      }
    }
    self.values = values
  }

  /// For OpenColorIO: a CLF with the shaper as a `halfDomain` LUT1D (65536 entries, one per
  /// half-float input, so it holds the shaper exactly at every half value; non-finite halves
  /// take the ends) and a tetrahedral `LUT3D` (tetrahedral resamples a look's grid more
  /// closely than trilinear, whatever EDRCube's own interpolation).
  public func processList(name: String?) -> ProcessList {
    var shaped = [Double](repeating: 0, count: 65536)
    for bits in 0..<65536 {
      let x = Double(Float(Float16(bitPattern: UInt16(bits))))
      shaped[bits] = x.isNaN ? 0 : shaper(min(max(x, shaper.low), shaper.high))
    }
    var clfOrder = [Double](repeating: 0, count: values.count)
    for b in 0..<size {
      for g in 0..<size {
        for r in 0..<size {
          let from = 3 * (r + size * (g + size * b))
          let to = 3 * (b + size * (g + size * r))
          for c in 0..<3 { clfOrder[to + c] = Double(values[from + c]) }
        }
      }
    }
    return ProcessList(
      id: "edrcube-bake", name: name,
      descriptions: [
        "Baked by edrcube bake --for ocio: the look as EDRCube applies it over "
          + "[\(shaper.low), \(shaper.high)] x white, shaper (halfDomain LUT1D) + \(size)^3 LUT3D"
      ],
      nodes: [
        ProcessNode(
          operation: .lut1D(CLFLUT1D(values: shaped, components: 1, halfDomain: true))),
        ProcessNode(
          operation: .lut3D(CLFLUT3D(grid: size, values: clfOrder, interpolation: .tetrahedral))),
      ])
  }

  /// The shaper at `count` points evenly spaced in its output (so that linear interpolation
  /// between them follows it closely; with 1025 points and a toe of 1/8 the toe's end is
  /// one of them): inputs and shaped values.
  public func shaperPoints(_ count: Int) -> (inputs: [Double], outputs: [Double]) {
    let outputs = (0..<count).map { Double($0) / Double(count - 1) }
    return (outputs.map(shaper.inverse), outputs)
  }

  /// For Resolve: a shaper + 3D `.cube` (a `length`-entry 1D shaper over the range by
  /// `LUT_1D_INPUT_RANGE`, then the table over 0…1).
  public func shaperCube(title: String?, length: Int = 16384) -> CubeFile {
    var shaped = [Float]()
    shaped.reserveCapacity(3 * length)
    for i in 0..<length {
      let x = shaper.low + (shaper.high - shaper.low) * Double(i) / Double(length - 1)
      shaped += Array(repeating: Float(shaper(x)), count: 3)
    }
    let lut1D = CubeTable1D(
      size: length, domainMin: SIMD3(repeating: Float(shaper.low)),
      domainMax: SIMD3(repeating: Float(shaper.high)), values: shaped)
    return CubeFile(
      title: title, dialect: .resolve, lut1D: lut1D,
      lut3D: CubeTable3D(size: size, values: values),
      comments: [
        "Baked by edrcube bake --for resolve: the look as EDRCube applies it over "
          + "[\(shaper.low), \(shaper.high)] x white (working linear), log2 shaper + 3D table"
      ])
  }
}
