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

  /// Compares `converted` with `source` under `options`.
  ///
  /// - Parameters:
  ///   - converted: the PQ or HLG cube (as ``CubeConverter`` made it).
  ///   - source: the SDR cube.
  ///   - options: the conversion's options (space, policy, tone map, interpolation, peak).
  ///   - steps: grid steps per channel and gamut.
  ///   - threads: worker count; nil uses every core. The result does not depend on it.
  /// - Throws: `EDRPipelineError` when the source's space is not SDR.
  public static func measure(
    converted: CubeFile, source: CubeFile, options: CubeConversionOptions,
    steps: Int = defaultSteps, threads: Int? = nil
  ) throws(EDRPipelineError) -> ConversionReport {
    let grid = sample(
      steps: Swift.max(steps, 1), peakNits: options.masteringPeak,
      referenceWhite: options.referenceWhite)
    let samples = carried(grid, options: options)
    let differences = try differences(
      rec2020: samples, converted: converted, source: source, options: options, threads: threads)
    var report = ConversionReport(differences: differences, peakNits: options.masteringPeak)
    report.leftOut = (grid.count - samples.count) / 3
    let primaries = try CubeConverter(options: options).sourceSpaces(of: source).input.primaries
    (report.insideSourceGamut, report.beyondSourceGamut) = splitByGamut(
      differences, rec2020: samples, primaries: primaries.primaries)
    return report
  }

  /// The ΔE_ITP of each colour of `samples` (interleaved Rec.2020 EDR RGB) between the two
  /// paths described above.
  static func differences(
    rec2020 samples: [Float], converted: CubeFile, source: CubeFile,
    options: CubeConversionOptions, threads: Int?
  ) throws(EDRPipelineError) -> [Double] {
    let sourceSpaces = try CubeConverter(options: options).sourceSpaces(of: source)
    let w = options.referenceWhite
    let rec2020 = WorkingSpace(.linear, named: .rec2020)
    let reference = CubeApplication(
      lut: CubeLUT(source), space: sourceSpaces.input, outputSpace: sourceSpaces.output,
      working: rec2020,
      interpolation: options.interpolation, policy: options.policy, toneMap: options.toneMap)
    let candidate = CubeApplication(
      lut: CubeLUT(converted), space: options.targetSpace, working: rec2020,
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
    return ParallelSlices.fill(
      count: samples.count / 3, width: 1, initial: 0.0, threads: threads
    ) { i, out in
      // The reference as the container holds it: PQ clamps to 0…10000 cd/m², HLG to what
      // the 1000 cd/m² reference display can show (less for saturated colours).
      let reference = SIMD3<Double>(SIMD3(a[3 * i], a[3 * i + 1], a[3 * i + 2]))
      let e = codec.decode(codec.encode(reference)) * w
      let g = SIMD3<Double>(SIMD3(b[3 * i], b[3 * i + 1], b[3 * i + 2])) * w
      out[0] = deltaEITP(rec2020Nits: e, g)
    }
  }

  /// The sample colours as interleaved Rec.2020 EDR RGB.
  static func sample(steps: Int, peakNits: Double, referenceWhite w: Double) -> [Float] {
    let top = PQ.inverseEOTF(peakNits)
    let levels = (0..<steps).map { PQ.eotf((Double($0) + 0.5) / Double(steps) * top) / w }
    var out: [Float] = []
    out.reserveCapacity(2 * steps * steps * steps * 3)
    for gamut in [RGBPrimaries.rec709, .rec2020] {
      let m = Matrix3x3.rgbToRGB(from: gamut, to: .rec2020)
      for b in levels {
        for g in levels {
          for r in levels {
            let v = m * SIMD3(r, g, b)
            out += [Float(v.x), Float(v.y), Float(v.z)]
          }
        }
      }
    }
    return out
  }
}
