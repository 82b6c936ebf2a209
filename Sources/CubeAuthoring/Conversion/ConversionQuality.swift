import ColorMath
public import CubeFormat
import EDRPipeline
import LUTEngine

/// Measures a converted cube against its SDR source (docs/semantics.md §6, `convert --report`).
///
/// The sample: for each of Rec.709 and Rec.2020, a `steps³` grid of colours whose
/// components, in that gamut, are PQ-uniform from black to the mastering peak (cell centres,
/// so no sample sits on a node), less the colours the target cannot carry as input (see
/// `isCarried(_:by:referenceWhite:)`: HLG's bright saturated colours; none for PQ, whose
/// container reaches 10 000 cd/m²). Each colour, as Rec.2020 EDR, goes (a) through the SDR cube
/// on EDR under the conversion's policy and tone map, then encoded and decoded in the target
/// space (what the container can hold: PQ clamps at 10000 cd/m², HLG at its display), and (b)
/// through the new cube as a PQ/HLG cube (its signals looked up with the conversion's
/// interpolation). ΔE_ITP compares the two in absolute Rec.2020 cd/m². The report also splits
/// the colours into those inside the SDR cube's gamut and those beyond it (where the look is
/// only extrapolated).
public enum ConversionQuality {
  /// The default grid steps per channel and gamut (2·40³ = 128 000 colours).
  public static let defaultSteps = 40

  /// Compares `converted` with `source` under `options`: ``evaluate(converted:source:options:steps:threads:)``'s
  /// report.
  public static func measure(
    converted: CubeFile, source: CubeFile, options: CubeConversionOptions,
    steps: Int = defaultSteps, threads: Int? = nil
  ) throws(EDRPipelineError) -> ConversionReport {
    try evaluate(
      converted: converted, source: source, options: options, steps: steps, threads: threads
    ).report
  }

  /// Compares `converted` with `source` under `options`, colour by colour over the sample
  /// (to the mastering peak and above it, up to the container's peak).
  ///
  /// - Parameters:
  ///   - converted: the PQ or HLG cube (as ``CubeConverter`` made it).
  ///   - source: the SDR cube.
  ///   - options: the conversion's options (space, policy, tone map, interpolation, peak).
  ///   - steps: grid steps per channel and gamut up to the mastering peak.
  ///   - threads: worker count; nil uses every core. The result does not depend on it.
  /// - Throws: `EDRPipelineError` when the source's space is not SDR.
  public static func evaluate(
    converted: CubeFile, source: CubeFile, options: CubeConversionOptions,
    steps: Int = defaultSteps, threads: Int? = nil
  ) throws(EDRPipelineError) -> ConversionEvaluation {
    let origin = try CubeConverter(options: options).source(of: source)
    var grid =
      origin.isCamera
      ? cameraSample(steps: Swift.max(steps, 1), source: origin, options: options)
      : sample(
        steps: Swift.max(steps, 1), peakNits: options.masteringPeak,
        topNits: options.targetSpace.containerPeak.map { $0 * options.referenceWhite }
          ?? options.masteringPeak,
        referenceWhite: options.referenceWhite)
    if origin.isCamera {
      grid.abovePeak = abovePeak(
        grid.colours,
        through: origin.application(
          of: source, options: options, toneMap: false), options: options)
    }
    let mask =
      origin.isCamera
      ? [Bool](repeating: true, count: grid.abovePeak.count)
      : carriedMask(grid.colours, options: options)
    var samples: [Float] = []
    samples.reserveCapacity(grid.colours.count)
    for (i, isKept) in mask.enumerated() where isKept {
      samples += grid.colours[(3 * i)..<(3 * i + 3)]
    }
    let compared = try compare(
      rec2020: samples, converted: converted, source: source, options: options, threads: threads)
    var results: [ConversionEvaluation.Colour?] = []
    results.reserveCapacity(mask.count)
    var next = 0
    for (i, isKept) in mask.enumerated() {
      guard isKept else {
        results.append(nil)
        continue
      }
      let c = compared[next]
      next += 1
      let input = SIMD3<Double>(
        Double(grid.colours[3 * i]), Double(grid.colours[3 * i + 1]),
        Double(grid.colours[3 * i + 2]))
      results.append(
        ConversionEvaluation.Colour(
          inputNits: input * options.referenceWhite, expectedNits: c.expected, gotNits: c.got,
          deltaE: c.deltaE, abovePeak: grid.abovePeak[i]))
    }
    return ConversionEvaluation(
      colours: results, levels: grid.levels, gamuts: origin.isCamera ? 1 : 2,
      isCamera: origin.isCamera, peakNits: options.masteringPeak,
      sourcePrimaries: origin.spaces.input.primaries.primaries, options: options,
      sourceIntervals: origin.isCamera && source.lut1D == nil
        ? source.lut3D.map { $0.size - 1 } : nil)
  }

  /// The ΔE_ITP of each colour of `samples` (interleaved Rec.2020 EDR RGB) between the two
  /// paths described above.
  static func differences(
    rec2020 samples: [Float], converted: CubeFile, source: CubeFile,
    options: CubeConversionOptions, threads: Int?
  ) throws(EDRPipelineError) -> [Double] {
    try compare(
      rec2020: samples, converted: converted, source: source, options: options, threads: threads
    ).map(\.deltaE)
  }

  /// Both paths' results (absolute Rec.2020 cd/m²) and their ΔE_ITP for each colour of
  /// `samples`.
  static func compare(
    rec2020 samples: [Float], converted: CubeFile, source: CubeFile,
    options: CubeConversionOptions, threads: Int?
  ) throws(EDRPipelineError) -> [(expected: SIMD3<Double>, got: SIMD3<Double>, deltaE: Double)] {
    let origin = try CubeConverter(options: options).source(of: source)
    let w = options.referenceWhite
    let reference = origin.application(of: source, options: options)
    let candidate = CubeApplication(
      lut: CubeLUT(converted), space: origin.inputSpace(target: options.targetSpace),
      outputSpace: options.targetSpace, working: WorkingSpace(.linear, named: .rec2020),
      interpolation: options.interpolation)
    var expected = samples
    var got = samples
    expected.withUnsafeMutableBufferPointer {
      reference.apply(inPlace: $0, channels: 3, threads: threads)
    }
    got.withUnsafeMutableBufferPointer {
      candidate.apply(inPlace: $0, channels: 3, threads: threads)
    }
    let codec = SpaceCodec(options.targetSpace)
    let (a, b) = (expected, got)
    let values = ParallelSlices.fill(
      count: samples.count / 3, width: 7, initial: 0.0, threads: threads
    ) { i, out in
      // The reference as the container holds it: PQ clamps to 0…10000 cd/m², HLG to what
      // the 1000 cd/m² reference display can show (less for saturated colours).
      let reference = SIMD3<Double>(SIMD3(a[3 * i], a[3 * i + 1], a[3 * i + 2]))
      let e = codec.decode(codec.encode(reference)) * w
      let g = SIMD3<Double>(SIMD3(b[3 * i], b[3 * i + 1], b[3 * i + 2])) * w
      (out[0], out[1], out[2], out[3], out[4], out[5]) = (e.x, e.y, e.z, g.x, g.y, g.z)
      out[6] = deltaEITP(rec2020Nits: e, g)
    }
    return (0..<(samples.count / 3)).map { i in
      let o = 7 * i
      return (
        SIMD3(values[o], values[o + 1], values[o + 2]),
        SIMD3(values[o + 3], values[o + 4], values[o + 5]), values[o + 6]
      )
    }
  }

  /// A camera cube's sample: a `steps³` grid of cell centres over the source's input domain
  /// (even in its own codes, red fastest), decoded to scene-linear Rec.2020 EDR; `abovePeak`
  /// is filled in by ``abovePeak(_:through:options:)``.
  static func cameraSample(steps: Int, source: ConversionSource, options: CubeConversionOptions)
    -> (colours: [Float], abovePeak: [Bool], levels: Int)
  {
    let decode = source.decoder(target: options.targetSpace)
    let u = (0..<steps).map { (Double($0) + 0.5) / Double(steps) }
    var colours: [Float] = []
    colours.reserveCapacity(3 * steps * steps * steps)
    for b in u {
      for g in u {
        for r in u {
          let v = decode(source.code(at: SIMD3(r, g, b)))
          colours += [Float(v.x), Float(v.y), Float(v.z)]
        }
      }
    }
    return (colours, [Bool](repeating: false, count: colours.count / 3), steps)
  }

  /// Which colours of `samples` (interleaved Rec.2020 EDR) the look, before any roll-off,
  /// takes to display light with a component above the mastering peak.
  static func abovePeak(
    _ samples: [Float], through look: CubeApplication, options: CubeConversionOptions
  ) -> [Bool] {
    var display = samples
    display.withUnsafeMutableBufferPointer { look.apply(inPlace: $0, channels: 3) }
    let peak = Float(options.masteringPeak / options.referenceWhite)
    return stride(from: 0, to: display.count, by: 3).map {
      Swift.max(display[$0], display[$0 + 1], display[$0 + 2]) > peak
    }
  }

  /// The sample: for each of Rec.709 and Rec.2020 (that order), a `levels³` grid (red
  /// fastest, then green, then blue) whose components, in that gamut, are PQ-uniform cell
  /// centres: `steps` of them from black to the mastering peak, and as many more of the same
  /// step as fit below `topNits` (the container's peak). `colours` is interleaved Rec.2020
  /// EDR RGB; `abovePeak` says which colours have a component above the mastering peak.
  static func sample(steps: Int, peakNits: Double, topNits: Double, referenceWhite w: Double)
    -> (colours: [Float], abovePeak: [Bool], levels: Int)
  {
    let step = PQ.inverseEOTF(peakNits) / Double(steps)
    let top = PQ.inverseEOTF(Swift.max(topNits, peakNits))
    var signals = (0..<steps).map { (Double($0) + 0.5) * step }
    while let last = signals.last, last + step < top { signals.append(last + step) }
    let levels = signals.map { PQ.eotf($0) / w }
    var colours: [Float] = []
    var above: [Bool] = []
    let count = 2 * levels.count * levels.count * levels.count
    colours.reserveCapacity(3 * count)
    above.reserveCapacity(count)
    for gamut in [RGBPrimaries.rec709, .rec2020] {
      let m = Matrix3x3.rgbToRGB(from: gamut, to: .rec2020)
      for (bi, b) in levels.enumerated() {
        for (gi, g) in levels.enumerated() {
          for (ri, r) in levels.enumerated() {
            let v = m * SIMD3(r, g, b)
            colours += [Float(v.x), Float(v.y), Float(v.z)]
            above.append(Swift.max(ri, gi, bi) >= steps)
          }
        }
      }
    }
    return (colours, above, levels.count)
  }
}
