// The kernel linter on a generated corpus: 1,000 small Core Image kernels (one iteration
// lints all of them on one thread) and one file of about 1 MB of kernels.
//
//   swift package --package-path Benchmarks benchmark --target LintBenchmarks
import Benchmark
import KernelLint

/// A small colour kernel with an EDR001 finding, varied by `i` so no two files are equal.
func kernel(_ i: Int) -> String {
  """
  kernel vec4 glow\(i)(__sample s, float gain) {
    vec3 c = s.rgb * (gain + \(Double(i % 97) / 100));
    c = clamp(c, 0.0, 1.0);
    return vec4(mix(s.rgb, c, 0.5), s.a);
  }

  """
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.throughput, .wallClock, .peakMemoryResident],
    timeUnits: .milliseconds, maxDuration: .seconds(5), maxIterations: 20)

  let linter = Linter()
  let corpus = (0..<1000).map { kernel($0) }
  Benchmark("lint 1,000 kernel files") { benchmark in
    for _ in benchmark.scaledIterations {
      for (i, text) in corpus.enumerated() {
        blackHole(linter.lint(text: text, path: "k\(i).cikernel"))
      }
    }
  }
  var big = ""
  var i = 0
  while big.utf8.count < 1_000_000 {
    big += kernel(i)
    i += 1
  }
  Benchmark("lint a 1 MB file") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(linter.lint(text: big, path: "big.cikernel")) }
  }
}
