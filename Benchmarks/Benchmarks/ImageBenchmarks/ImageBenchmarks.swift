// OpenEXR and TIFF reading and writing of one 3840×2160 RGBA frame through RasterIO (files in
// the temporary folder, fsync off so the disk does not dominate): float uncompressed EXR,
// half ZIP EXR, float TIFF. One iteration is one file.
//
//   swift package --package-path Benchmarks benchmark --target ImageBenchmarks
import Benchmark
import BenchmarkSupport
import FileOutput
import Foundation
import RasterIO

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.throughput, .wallClock, .peakMemoryResident],
    timeUnits: .milliseconds, maxDuration: .seconds(5), maxIterations: 10)

  let width = BenchmarkImage.width
  let height = BenchmarkImage.height
  let rgba = Array(BenchmarkImage.makeRGBA())
  let folder = NSTemporaryDirectory()
  let writer = AtomicFileWriter(synchronizes: false)

  func exr(_ type: EXRPixelType, _ compression: EXRCompression) -> EXRImage {
    let channels = ["R", "G", "B", "A"].enumerated().map { c, name in
      EXRChannel(
        name: name, samples: EXRSamples(stride(from: c, to: rgba.count, by: 4).map { rgba[$0] }, as: type))
    }
    return EXRImage(parts: [
      EXRPart(dataWindow: EXRBox(width: width, height: height), compression: compression, channels: channels)
    ])
  }
  let tiff = TIFFImage(width: width, height: height, samplesPerPixel: 4, samples: .float32(rgba))

  for (name, image) in [("float none", exr(.float, .none)), ("half zip", exr(.half, .zip))] {
    let path = folder + "/edrcube-bench-\(name.replacingOccurrences(of: " ", with: "-")).exr"
    try? image.write(to: path, using: writer)
    Benchmark("EXR \(name) write") { benchmark in
      for _ in benchmark.scaledIterations { blackHole(try? image.write(to: path, using: writer)) }
    }
    Benchmark("EXR \(name) read") { benchmark in
      for _ in benchmark.scaledIterations { blackHole(try? EXRImage.read(path: path)) }
    }
  }
  let tiffPath = folder + "/edrcube-bench-float.tif"
  try? tiff.write(to: tiffPath, using: writer)
  Benchmark("TIFF float write") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(try? tiff.write(to: tiffPath, using: writer)) }
  }
  Benchmark("TIFF float read") { benchmark in
    for _ in benchmark.scaledIterations { blackHole(try? TIFFImage.read(path: tiffPath)) }
  }
}
