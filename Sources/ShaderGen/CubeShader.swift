public import CubeFormat
public import EDRPipeline
public import LUTEngine

/// A 3D cube (with an optional 1D shaper) as GPU shader source: the lookup of
/// docs/semantics.md §3 (trilinear or tetrahedral, `bounded`, `linear` or `clamp`
/// extrapolation, non-finite input as the CPU handles it) and, for a `CubeApplication`, the
/// conversions around it (§1, §4, §5), written out in GLSL, HLSL, WGSL or MSL, as a Core Image
/// kernel or a DaVinci Resolve DCTL, with no hardware filtering (docs/gpu.md).
///
/// Every generated source has `edrcube_apply(rgb)`, which maps one RGB through the cube (raw
/// values, or working-space pixels through the whole application; in MSL and Core Image with
/// ``ShaderTableStorage/buffer`` the table is its second parameter). The compute shaders' entry
/// point (`main` in GLSL and HLSL, `edrcube_main` in WGSL and MSL, 64 threads a workgroup) maps a
/// storage buffer of RGBA Float32 pixels in place at binding 1 (alpha untouched); with
/// ``ShaderTableStorage/buffer`` the nodes are a read-only storage buffer of Float32 at
/// binding 0 (``tableData``). Set / group 0. Core Image's `edrcube_kernel(image, table)` reads
/// the table image ``tableTexels``; a DCTL's `transform` maps the node's RGB.
public struct CubeShader: Sendable {
  /// The largest cube written as a constant array (`9³·3` Floats): every invocation may hold its own copy of a constant array, so larger tables belong in the buffer.
  public static let maximumConstantSize = 9

  /// The 3D table.
  public let table: CubeTable3D
  /// The 3D interpolation.
  public let interpolation: Interpolation
  /// `bounded`, `linear` or `clamp`.
  public let extrapolation: Extrapolation
  /// Where the nodes live.
  public let storage: ShaderTableStorage
  /// The 1D shaper before the 3D table, if any.
  public let shaper: CubeTable1D?
  /// The lowest and highest input of the first stage's domain (`bounded`).
  let boundedDomain: (low: SIMD3<Float>, high: SIMD3<Float>)
  /// The conversions around the lookup; nil for a raw cube.
  let chain: ShaderChain?

  /// A shader for `lut`'s 3D table.
  /// - Throws: ``ShaderGenError`` when `lut` has no 3D table or has video-range keywords, or
  ///   a constant table is too large or has a shaper.
  public init(
    lut: CubeLUT, interpolation: Interpolation, extrapolation: Extrapolation,
    storage: ShaderTableStorage = .buffer
  ) throws(ShaderGenError) {
    try self.init(
      lut: lut, interpolation: interpolation, extrapolation: extrapolation, storage: storage,
      chain: nil)
  }

  /// A shader for the whole of `application` (docs/semantics.md §1–§5): working space →
  /// cube input signal (matrix, curve, the highlight policy's division), the lookup with the
  /// application's interpolation and extrapolation, and back. `edrcube_apply` then maps
  /// working-space pixels as `application.apply` does.
  /// - Throws: ``ShaderGenError`` for what ``init(lut:interpolation:extrapolation:storage:)``
  ///   refuses, a CLF/CTF process list, a tone map, or a curve without a shader form.
  public init(application: CubeApplication, storage: ShaderTableStorage = .buffer)
    throws(ShaderGenError)
  {
    let chain = try ShaderChain(application)
    try self.init(
      lut: application.processor.lut, interpolation: application.interpolation,
      extrapolation: application.extrapolation, storage: storage, chain: chain)
  }

  private init(
    lut: CubeLUT, interpolation: Interpolation, extrapolation: Extrapolation,
    storage: ShaderTableStorage, chain: ShaderChain?
  ) throws(ShaderGenError) {
    guard let table = lut.lut3D else { throw .no3DTable }
    if lut.lut1D != nil && storage == .constant {
      throw .unsupportedStage("a 1D shaper, with --table constant (use --table buffer)")
    }
    if lut.inputVideoRange || lut.outputVideoRange {
      throw .unsupportedStage("LUT_IN_VIDEO_RANGE / LUT_OUT_VIDEO_RANGE")
    }
    if storage == .constant && table.size > Self.maximumConstantSize {
      throw .constantTableTooLarge(size: table.size)
    }
    self.table = table
    shaper = lut.lut1D
    // The first stage's domain (BoundedExtension's), below which `bounded` caps the slope.
    boundedDomain = BoundedExtension(lut).map { ($0.low, $0.high) } ?? (.zero, .zero)
    self.interpolation = interpolation
    self.extrapolation = extrapolation
    self.storage = storage
    self.chain = chain
  }

  /// The nodes as the binding-0 buffer holds them: `3·N³` Float32, red fastest, then the
  /// shaper's `3·M` (its entries, red first), if any.
  public var tableData: [Float] { table.values + (shaper?.values ?? []) }

  /// `(N − 1)/(hi − lo)` per channel, kept within the normal finite Floats: the same scale
  /// as the CPU kernels' (`ReferenceKernel.positionScale`), so positions agree bit for bit.
  static func positionScale(_ lo: SIMD3<Float>, _ hi: SIMD3<Float>, _ size: Int) -> SIMD3<Float> {
    let nodes = Float(size - 1)
    var s = SIMD3<Float>()
    for k in 0..<3 {
      s[k] = min(max(nodes / (hi[k] - lo[k]), .leastNormalMagnitude), .greatestFiniteMagnitude)
    }
    return s
  }

  /// The complete source in `language`.
  public func source(_ language: ShaderLanguage) -> String {
    let d = ShaderDialect(language: language, storage: storage)
    let parts = [
      header(d), bindings(d), constants(d), lookupFunctions(d), cubeFunction(d),
      applyFunction(d),
      entryPoint(d),
    ]
    return d.finished(parts.filter { !$0.isEmpty }.joined(separator: "\n"))
  }

  /// The table as Core Image's ``ShaderLanguage/coreimage`` kernel samples it (with
  /// ``ShaderTableStorage/buffer``): an image `N` texels wide and ``tableRows`` high, RGBA
  /// Float32 texels (alpha 1) in rows, first row first (`CIImage(bitmapData:…, format: .RGBAf,
  /// colorSpace: nil)` puts it at the top): texel `i` (row `i / N`, column `i % N`) is node `i`
  /// of ``tableData``, then the shaper's entries; the rest of the last row is zero.
  public var tableTexels: [Float] {
    let values = tableData
    var texels = [Float](repeating: 0, count: 4 * table.size * tableRows)
    for i in 0..<(values.count / 3) {
      texels[4 * i] = values[3 * i]
      texels[4 * i + 1] = values[3 * i + 1]
      texels[4 * i + 2] = values[3 * i + 2]
      texels[4 * i + 3] = 1
    }
    return texels
  }
}
