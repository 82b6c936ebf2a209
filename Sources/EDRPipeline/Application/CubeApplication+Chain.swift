import CLUTKernels
import ColorMath
import LUTEngine

/// The batch path's vector chain (CLUTKernels' `edr_chain_prepare` / `edr_chain_finish`,
/// AVX2): `prepare` and `finish` on 8 pixels per instruction, with the same algorithms as the
/// scalar ones here (ColorMath's tables, read by the C code through pointers), so that every
/// pixel gets the value ``CubeApplication/apply(_:)`` gives it. It covers every curve but raw
/// (linear, srgb, bt1886, pq, hlg and the log curves with a ``FastLogCurve``, on either side
/// of the cube), any
/// primaries, an sRGB-encoded or linear working space and the clamp, linear, maxrgb and
/// rising-maxrgb policies without a tone map; other applications (tone-scaled-maxrgb, a tone
/// map) keep the scalar passes.
struct ChainKernel: @unchecked Sendable {
  // @unchecked: `parameters` holds pointers to ColorMath's tables, read-only for the life of
  // the process.
  var parameters: EDRChain

  /// The chain for an application, or nil where it does not cover it or the CPU lacks AVX2.
  init?(
    input: CubeApplication.Mode, output: CubeApplication.Mode, policy: EDRPolicy?,
    working: WorkingSpace, toCube: FloatMatrix3x3?, fromCube: FloatMatrix3x3?,
    referenceWhite: Float, outputReferenceWhite: Float, continuation: HighlightContinuation,
    toneMap: EDRToneMap?, instructionSet: KernelInstructionSet
  ) {
    guard instructionSet == .best, edr_chain_available(), toneMap == nil,
      let inputCurve = Self.curve(input), let outputCurve = Self.curve(output)
    else { return nil }
    var scale = EDR_CHAIN_SCALE_NONE
    switch policy {
    case .maxRGB: scale = EDR_CHAIN_SCALE_MAXRGB
    case .risingMaxRGB: scale = EDR_CHAIN_SCALE_RISING
    case .toneScaledMaxRGB: return nil
    case .clamp, .linear, nil: break
    }
    let pq = FastPQ.shared
    parameters = EDRChain(
      srgbEncode: Self.table(FastSDRTransfer.sRGB.encodingPower),
      srgbDecode: Self.table(FastSDRTransfer.sRGB.decodingPower),
      bt1886Encode: Self.table(FastSDRTransfer.bt1886.encodingPower),
      bt1886Decode: Self.table(FastSDRTransfer.bt1886.decodingPower),
      pq: EDRPQTables(
        inverse: pq.inverseTable, rootScales: pq.rootScaleTable,
        rootMantissas: pq.rootMantissaTable, ratioPower: Self.table(pq.ratioPowerTable),
        c1: PQ.c1, c2: PQ.c2, c3: PQ.c3, peak: Float(PQ.peakLuminance),
        zeroSignal: pq.inverseEOTF(0)),
      hlg: Self.hlgTables(CubeApplication.hlgDisplay),
      input: Int32(inputCurve.rawValue), output: Int32(outputCurve.rawValue),
      scale: Int32(scale.rawValue), workingSRGB: working.transfer == .srgb,
      hasToCube: toCube != nil, hasFromCube: fromCube != nil,
      toCube: Self.elements(toCube), fromCube: Self.elements(fromCube),
      referenceWhite: referenceWhite, outputReferenceWhite: outputReferenceWhite,
      risingFactor: continuation.risingFactor, inverseBend: continuation.inverseBend,
      inputLog: Self.logCurve(input), outputLog: Self.logCurve(output))
  }

  private static func curve(_ mode: CubeApplication.Mode) -> EDRChainCurve? {
    switch mode {
    case .linear: EDR_CHAIN_LINEAR
    case .sRGB: EDR_CHAIN_SRGB
    case .gamma24: EDR_CHAIN_BT1886
    case .pq: EDR_CHAIN_PQ
    case .hlg: EDR_CHAIN_HLG
    case .log(let transfer): FastLogCurve.curve(transfer) == nil ? nil : EDR_CHAIN_LOG
    case .raw: nil
    }
  }

  /// The constants of a log curve's ``FastLogCurve`` (zeros for the other modes).
  private static func logCurve(_ mode: CubeApplication.Mode) -> EDRLogCurve {
    guard case .log(let transfer) = mode, let c = FastLogCurve.curve(transfer) else {
      return EDRLogCurve()
    }
    return EDRLogCurve(
      toe: c.toe.rawValue, encodeCut: c.encodeCut, decodeCut: c.decodeCut,
      logSlope: c.logSlope, logOffset: c.logOffset, expSlope: c.expSlope, scale: c.scale,
      offset: c.offset, toeSlope: c.toeSlope, toeOffset: c.toeOffset, toeFloor: c.toeFloor,
      lnCoefficients: FastLog.natural.coefficientTable)
  }

  private static func hlgTables(_ hlg: FastHLG) -> EDRHLGTables {
    EDRHLGTables(
      ootfPower: table(hlg.ootfPower), inverseOOTFPower: table(hlg.inverseOOTFPower),
      peak: hlg.peak, beta: hlg.beta, a: hlg.a, b: hlg.b, c: hlg.c,
      weights: (hlg.weights.x, hlg.weights.y, hlg.weights.z),
      lnCoefficients: FastLog.natural.coefficientTable)
  }

  private static func table(_ power: FastPower) -> EDRPowerTable {
    EDRPowerTable(
      scales: power.scaleTable, coefficients: power.coefficientTable, exponent: power.exponent)
  }

  /// The matrix's rows, row-major (zeros for none).
  private static func elements(_ matrix: FloatMatrix3x3?) -> (
    Float, Float, Float, Float, Float, Float, Float, Float, Float
  ) {
    guard let (r0, r1, r2) = matrix?.rows else { return (0, 0, 0, 0, 0, 0, 0, 0, 0) }
    return (r0.x, r0.y, r0.z, r1.x, r1.y, r1.z, r2.x, r2.y, r2.z)
  }
}

extension CubeApplication {
  /// One chunk through the vector chain: pre-pass, batch lookups, post-pass, then the scalar
  /// path for the pixels the chain hands back (a non-finite channel, a PQ luminance below its
  /// table).
  func process(
    _ pixels: UnsafeMutablePointer<Float>, count: Int, channels: Int, chain: ChainKernel,
    scratch: borrowing ChainScratch
  ) {
    let signals = scratch.signals
    let divisors = scratch.divisors
    let escaped = scratch.escaped
    withUnsafePointer(to: chain.parameters) { parameters in
      edr_chain_prepare(
        parameters, pixels, Int64(channels), Int64(count), signals.baseAddress,
        divisors.baseAddress)
      let looked = UnsafeMutableBufferPointer(rebasing: signals[0..<(4 * count)])
      processor.apply(inPlace: looked, layout: .rgba, threads: 1)
      let escapedCount = edr_chain_finish(
        parameters, pixels, Int64(channels), Int64(count), signals.baseAddress,
        divisors.baseAddress, escaped.baseAddress)
      for k in 0..<Int(escapedCount) {
        let o = Int(escaped[k]) * channels
        let v = apply(SIMD3(pixels[o], pixels[o + 1], pixels[o + 2]))
        pixels[o] = v.x
        pixels[o + 1] = v.y
        pixels[o + 2] = v.z
      }
    }
  }
}

/// A worker's buffers for the vector chain, owned by that worker alone.
struct ChainScratch: ~Copyable {
  /// Cube signals, then lookups: 4 floats a pixel (RGBA layout, the 4th unused).
  let signals: UnsafeMutableBufferPointer<Float>
  /// Each pixel's maxRGB divisor (NaN: the scalar path does the pixel).
  let divisors: UnsafeMutableBufferPointer<Float>
  /// The indices of the pixels the scalar path does.
  let escaped: UnsafeMutableBufferPointer<Int32>

  /// Buffers for chunks of up to `capacity` pixels (rounded up to the chain's 8-pixel blocks).
  init(capacity: Int) {
    let padded = (capacity + 7) / 8 * 8
    signals = .allocate(capacity: 4 * padded)
    signals.initialize(repeating: 0)
    divisors = .allocate(capacity: padded)
    divisors.initialize(repeating: 1)
    escaped = .allocate(capacity: padded)
    escaped.initialize(repeating: 0)
  }

  deinit {
    signals.deallocate()
    divisors.deallocate()
    escaped.deallocate()
  }
}
