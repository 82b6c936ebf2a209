// LUT engine throughput on one UHD frame (3840×2160 packed RGBA Float, alpha untouched):
// 33³ and 65³ smooth random cubes, trilinear / tetrahedral × linear / clamp extrapolation,
// one thread and every core; a plain copy of the same buffer is the floor. Each apply reads
// the source frame and writes RGB into a second frame (out of place), like the copy.
//
//   swift package --package-path Benchmarks benchmark --target EngineBenchmarks
//
// One iteration is one frame (8.29 Mpix), so `throughput` (frames/s) × 8.29 = Mpix/s.
import Benchmark
import BenchmarkSupport
import Foundation
import LUTEngine

/// The frame, allocated once. Benchmarks run one at a time, so one mutable buffer is shared.
final class Frame: @unchecked Sendable {
  static let shared = Frame()
  let source = BenchmarkImage.makeRGBA()
  let work = UnsafeMutableBufferPointer<Float>.allocate(
    capacity: BenchmarkImage.width * BenchmarkImage.height * 4)

  private init() { _ = work.update(fromContentsOf: source) }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.throughput, .wallClock, .mallocCountTotal],
    timeUnits: .milliseconds,
    maxDuration: .seconds(3),
    maxIterations: 20)

  Benchmark("memcpy floor (same buffer)") { benchmark in
    let frame = Frame.shared
    for _ in benchmark.scaledIterations {
      blackHole(frame.work.update(fromContentsOf: frame.source))
    }
  }

  let cores = ProcessInfo.processInfo.activeProcessorCount
  for size in [33, 65] {
    let lut = BenchmarkCube.smoothRandom(size: size)
    for interpolation in Interpolation.allCases {
      for extrapolation in [Extrapolation.linear, .clamp] {
        let processor = LUTProcessor(
          lut: lut, interpolation: interpolation, extrapolation: extrapolation)
        for threads in Set([1, cores]).sorted() {
          let name = "apply \(size)³ \(interpolation) \(extrapolation) \(threads) thread(s)"
          Benchmark(name) { benchmark in
            let frame = Frame.shared
            let source = UnsafeBufferPointer(frame.source)
            for _ in benchmark.scaledIterations {
              // Source → work (out of place), so every iteration sees the same pixels.
              blackHole(
                processor.apply(
                  source, layout: .rgba, to: frame.work, layout: .rgba, threads: threads))
            }
          }
        }
      }
    }
  }
}
