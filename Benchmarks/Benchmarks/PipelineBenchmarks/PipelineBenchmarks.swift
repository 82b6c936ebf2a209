// Space-aware application on a 1920×1080 RGBA Float frame (every core): an SDR look under the
// default rising-maxrgb policy, a PQ cube and an HLG cube on linear EDR; and converting
// an SDR look to a 65³ PQ cube. One iteration is one frame (2.07 Mpix) or one conversion.
//
//   swift package --package-path Benchmarks benchmark --target PipelineBenchmarks
import Benchmark
import BenchmarkSupport
import CubeFormat
import EDRPipeline
import LUTEngine

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.throughput, .wallClock, .mallocCountTotal],
    timeUnits: .milliseconds, maxDuration: .seconds(3), maxIterations: 20)

  let frame = Array(BenchmarkImage.makeRGBA(width: 1920, height: 1080))
  let lut = BenchmarkCube.smoothRandom(size: 33)
  for transfer in [CubeSpace.Transfer.srgb, .pq, .hlg] {
    let application = CubeApplication(lut: lut, space: CubeSpace(transfer))
    Benchmark("apply 1080p, \(transfer.rawValue) cube") { benchmark in
      var work = frame
      for _ in benchmark.scaledIterations {
        work = frame
        work.withUnsafeMutableBufferPointer {
          blackHole(application.apply(inPlace: $0, channels: 4, threads: nil))
        }
      }
    }
  }

  let look = CubeFile(lut3D: lut.lut3D)
  Benchmark("convert SDR look to 65³ PQ") { benchmark in
    for _ in benchmark.scaledIterations {
      blackHole(try? CubeConverter(options: CubeConversionOptions(target: .pq, size: 65)).convert(look))
    }
  }
}
