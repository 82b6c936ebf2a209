import ColorMath
public import CubeFormat
import EDRPipeline
public import LUTEngine

/// Builds `.cube` files from parameters: identities, transfer and gamut conversions, looks
/// and chains of ``LookOperation``s. Every file carries an `# EDRCube space: …` comment and
/// its parameters as comments.
public enum CubeGenerator {
  /// The 3D sizes a generated cube may have.
  public static let sizes3D = CubeSizeLimits.nodes3D
  /// The 1D sizes a generated table may have.
  public static let sizes1D = CubeSizeLimits.rows1D

  /// An identity cube, `raw` space: `size³` nodes over 0…1, optionally behind an identity
  /// shaper of `shaperSize` rows (Resolve dialect).
  ///
  /// - Throws: `EDRPipelineError` when a size is out of range.
  public static func identity3D(size: Int, shaperSize: Int? = nil) throws(EDRPipelineError)
    -> CubeFile
  {
    try check(size, in: sizes3D, "size")
    var comments = [CubeSpace(.raw).commentText, "identity \(size)^3"]
    var shaper: CubeTable1D?
    if let shaperSize {
      try check(shaperSize, in: sizes1D, "shaper size")
      shaper = CubeBaker.bake1D(size: shaperSize) { $0 }
      comments.append("identity shaper, \(shaperSize) rows")
    }
    let table = CubeBaker.bake3D(size: size) { $0 }
    return CubeFile(
      title: "identity \(size)", dialect: shaper == nil ? .adobe : .resolve, lut1D: shaper,
      lut3D: table, comments: comments)
  }

  /// An identity 1D table of `size` rows over 0…1, `raw` space.
  ///
  /// - Throws: `EDRPipelineError` when the size is out of range.
  public static func identity1D(size: Int) throws(EDRPipelineError) -> CubeFile {
    try check(size, in: sizes1D, "size")
    return CubeFile(
      title: "identity 1D \(size)", lut1D: CubeBaker.bake1D(size: size) { $0 },
      comments: [CubeSpace(.raw).commentText, "identity 1D, \(size) rows"])
  }

  /// Bakes a chain of operations into a `size³` cube over a domain of the input space.
  ///
  /// The file's space comment names the chain's input and output spaces
  /// (`# EDRCube space: IN -> OUT`, or one space when they agree).
  /// - Parameters:
  ///   - chain: the operations and spaces.
  ///   - size: nodes per axis.
  ///   - domainMin: input of node 0, per channel.
  ///   - domainMax: input of the last node, per channel.
  ///   - title: the TITLE.
  ///   - description: comment lines placed after the space and before the operations.
  /// - Throws: `EDRPipelineError` when the size or domain is invalid.
  public static func bake(
    _ chain: LookChain, size: Int, domainMin: SIMD3<Double> = .zero,
    domainMax: SIMD3<Double> = .one, title: String? = nil, description: [String] = []
  ) throws(EDRPipelineError) -> CubeFile {
    try check(size, in: sizes3D, "size")
    guard all(domainMin .< domainMax), domainMin.min().isFinite, domainMax.max().isFinite else {
      throw EDRPipelineError(
        .invalidParameter("domain", reason: "DOMAIN_MIN must be below DOMAIN_MAX per channel"))
    }
    let table = CubeBaker.bake3D(size: size, domainMin: domainMin, domainMax: domainMax) {
      chain.apply($0)
    }
    var comments = [CubeSpacePair(chain.inputSpace, output: chain.outputSpace).commentText]
    comments += description
    comments += chain.operations.enumerated().map { "step \($0.offset + 1): \($0.element.summary)" }
    return CubeFile(title: title, lut3D: table, comments: comments)
  }

  /// A transfer and/or gamut conversion cube: input signals of `source`, output signals of
  /// `destination` (decode, change primaries, encode); its comment names both spaces.
  ///
  /// - Throws: `EDRPipelineError` when the size or domain is invalid.
  public static func conversion(
    from source: CubeSpace, to destination: CubeSpace, size: Int,
    domainMin: SIMD3<Double> = .zero, domainMax: SIMD3<Double> = .one
  ) throws(EDRPipelineError) -> CubeFile {
    let chain = LookChain(space: source, operations: [.convert(to: destination)])
    return try bake(
      chain, size: size, domainMin: domainMin, domainMax: domainMax,
      title: "\(source.name) to \(destination.name)")
  }

  /// Resamples a file's 3D table (or its only 1D table) to `size` nodes over the same
  /// domain; a shaper, the space comment and the other comments are kept.
  ///
  /// - Throws: `EDRPipelineError` when the size is out of range or the file has no table.
  public static func resize(
    _ file: CubeFile, size: Int, interpolation: Interpolation = .trilinear
  ) throws(EDRPipelineError) -> CubeFile {
    var out = file
    out.warnings = []
    if let table = file.lut3D {
      try check(size, in: sizes3D, "size")
      out.lut3D = CubeBaker.bake3D(
        size: size, domainMin: SIMD3<Double>(table.domainMin),
        domainMax: SIMD3<Double>(table.domainMax)
      ) {
        SIMD3<Double>(
          ReferenceKernel.evaluate(
            table, at: SIMD3<Float>($0), interpolation: interpolation, extrapolation: .linear))
      }
      out.comments.append("resized from \(table.size)^3 to \(size)^3, \(interpolation.rawValue)")
    } else if let table = file.lut1D {
      try check(size, in: sizes1D, "size")
      out.lut1D = CubeBaker.bake1D(
        size: size, domainMin: SIMD3<Double>(table.domainMin),
        domainMax: SIMD3<Double>(table.domainMax)
      ) {
        SIMD3<Double>(ReferenceKernel.evaluate(table, at: SIMD3<Float>($0), extrapolation: .linear))
      }
      out.comments.append("resized from \(table.size) to \(size) rows")
    } else {
      throw EDRPipelineError(.unsupportedCube(reason: "the file has no table to resize"))
    }
    return out
  }

  /// A cube that applies `first`, then `second`, each in its own space, baked in `first`'s
  /// space over `first`'s input domain (its shaper's, when it has one).
  ///
  /// - Parameters:
  ///   - first: the cube applied first; the result lives in its space.
  ///   - firstSpaces: its spaces.
  ///   - second: the cube applied second.
  ///   - secondSpaces: its spaces; colours are converted to them and back.
  ///   - size: nodes per axis; nil takes the larger 3D size of the two (33 if neither has one).
  ///   - interpolation: how both cubes are evaluated.
  /// - Throws: `EDRPipelineError` when the size is out of range.
  public static func compose(
    _ first: CubeFile, spaces firstSpaces: CubeSpacePair, then second: CubeFile,
    spaces secondSpaces: CubeSpacePair, size: Int? = nil, interpolation: Interpolation = .trilinear
  ) throws(EDRPipelineError) -> CubeFile {
    let n = size ?? max(first.lut3D?.size ?? 0, second.lut3D?.size ?? 0, 0).nonZero(or: 33)
    let domain = first.lut1D
    let lo = SIMD3<Double>(domain?.domainMin ?? first.lut3D?.domainMin ?? .zero)
    let hi = SIMD3<Double>(domain?.domainMax ?? first.lut3D?.domainMax ?? .one)
    let chain = LookChain(
      space: firstSpaces.input,
      operations: [
        .cube(CubeLUT(first), spaces: firstSpaces, interpolation: interpolation),
        .cube(CubeLUT(second), spaces: secondSpaces, interpolation: interpolation),
      ])
    let names = [first.title ?? "A", second.title ?? "B"]
    return try bake(
      chain, size: n, domainMin: lo, domainMax: hi, title: "\(names[0]) then \(names[1])",
      description: ["composed: '\(names[0])' then '\(names[1])'"])
  }

  private static func check(
    _ value: Int, in range: ClosedRange<Int>, _ name: String
  ) throws(EDRPipelineError) {
    guard range.contains(value) else {
      throw EDRPipelineError(
        .invalidParameter(
          name, reason: "must be \(range.lowerBound)...\(range.upperBound), got \(value)"))
    }
  }
}

extension Int {
  /// `self`, or `fallback` when `self` is 0.
  fileprivate func nonZero(or fallback: Int) -> Int { self == 0 ? fallback : self }
}
