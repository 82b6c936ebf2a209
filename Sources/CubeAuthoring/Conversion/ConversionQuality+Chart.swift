import ColorMath
public import CubeFormat
import EDRPipeline

extension ConversionQuality {
  /// The ΔE_ITP of every pixel of an ``EDRTestChart``, row by row (`width · height` values):
  /// the pixel, converted to Rec.2020 EDR, compared the same way as ``measure(converted:source:options:steps:threads:)``
  /// compares its sample (the SDR cube on EDR against the new cube on PQ/HLG signals). Pixels
  /// the target cannot carry as cube input are nil, as the report leaves such colours out
  /// (HLG's saturated highlights; PQ carries every pixel).
  ///
  /// - Parameters:
  ///   - converted: the PQ or HLG cube.
  ///   - source: the SDR cube.
  ///   - options: the conversion's options.
  ///   - chart: the chart whose pixels are compared.
  ///   - threads: worker count; nil uses every core. The result does not depend on it.
  /// - Throws: `EDRPipelineError` when the source's space is not SDR.
  public static func chartDifferences(
    converted: CubeFile, source: CubeFile, options: CubeConversionOptions, chart: EDRTestChart,
    threads: Int? = nil
  ) throws(EDRPipelineError) -> [Double?] {
    let m = Matrix3x3.rgbToRGB(from: .rec709, to: .rec2020)
    let pixels = chart.render()
    var samples: [Float] = []
    samples.reserveCapacity(pixels.count / 4 * 3)
    for i in stride(from: 0, to: pixels.count, by: 4) {
      let v = m * SIMD3<Double>(Double(pixels[i]), Double(pixels[i + 1]), Double(pixels[i + 2]))
      samples += [Float(v.x), Float(v.y), Float(v.z)]
    }
    let all = try differences(
      rec2020: samples, converted: converted, source: source, options: options, threads: threads)
    return zip(all, carriedMask(samples, options: options)).map { $1 ? $0 : nil }
  }
}
