// .cube reading and writing: 17³, 33³ and 65³ smooth random cubes (six-digit-ish shortest
// Floats), parsed from memory and written to memory. Throughput is in cubes per second;
// rows per second = throughput × size³.
//
//   swift package --package-path Benchmarks benchmark --target FormatBenchmarks
import Benchmark
import BenchmarkSupport
import CubeFormat

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.throughput, .wallClock, .mallocCountTotal, .peakMemoryResident],
    timeUnits: .milliseconds, maxDuration: .seconds(3), maxIterations: 50)

  for size in [17, 33, 65] {
    let text = BenchmarkCube.cubeText(BenchmarkCube.smoothRandom(size: size))
    let bytes = Array(text.utf8)
    let file = (try? CubeReader.parse(bytes)) ?? CubeFile()
    Benchmark("parse \(size)³ (\(bytes.count / 1000) kB)") { benchmark in
      for _ in benchmark.scaledIterations { blackHole(try? CubeReader.parse(bytes)) }
    }
    Benchmark("write \(size)³") { benchmark in
      for _ in benchmark.scaledIterations { blackHole(try? CubeWriter.write(file)) }
    }
  }
}
