// swift-tools-version: 6.1
// Benchmarks for EDRCube, in their own package so that package-benchmark never enters the
// library's dependency graph (STYLE.md §2.2).
//
//   swift package --package-path Benchmarks benchmark          # the Benchmark suites
//   python3 Benchmarks/compare/engine_vs_ocio.py                # ours vs OpenColorIO, Mpix/s
import Foundation
import PackageDescription

// A path dependency's identity is the name of the folder it is checked out in, not the
// manifest's `name`, so `package: "EDRCube"` would fail in a clone named `main/`. Derive it.
let rootPackage = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
  name: "EDRCubeBenchmarks",
  dependencies: [
    .package(
      url: "https://github.com/ordo-one/package-benchmark", from: "1.38.0",
      traits: ["MallocInterposer"]),
    .package(path: "../"),
  ],
  targets: [
    // Test data shared by the suites and the throughput tool: cubes and images.
    .target(
      name: "BenchmarkSupport",
      dependencies: [
        .product(name: "LUTEngine", package: rootPackage),
        .product(name: "CubeFormat", package: rootPackage),
      ],
      path: "Benchmarks/BenchmarkSupport"),
    .executableTarget(
      name: "EngineBenchmarks",
      dependencies: [
        "BenchmarkSupport",
        .product(name: "Benchmark", package: "package-benchmark"),
        .product(name: "LUTEngine", package: rootPackage),
      ],
      path: "Benchmarks/EngineBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
    // A plain executable (no Benchmark plugin) that prints our Mpix/s, so that
    // compare/engine_vs_ocio.py and compare.py can time us and OpenColorIO in one run (the
    // engine alone, and the whole chain `edrcube apply` runs).
    .executableTarget(
      name: "EngineThroughput",
      dependencies: [
        "BenchmarkSupport", .product(name: "LUTEngine", package: rootPackage),
        .product(name: "CubeFormat", package: rootPackage),
        .product(name: "ColorMath", package: rootPackage),
        .product(name: "EDRPipeline", package: rootPackage),
      ],
      path: "Benchmarks/EngineThroughput"),
    // The other suites: .cube format, space-aware application and conversion, image files,
    // the kernel linter.
    .executableTarget(
      name: "FormatBenchmarks",
      dependencies: [
        "BenchmarkSupport", .product(name: "Benchmark", package: "package-benchmark"),
        .product(name: "CubeFormat", package: rootPackage),
      ],
      path: "Benchmarks/FormatBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
    .executableTarget(
      name: "PipelineBenchmarks",
      dependencies: [
        "BenchmarkSupport", .product(name: "Benchmark", package: "package-benchmark"),
        .product(name: "CubeFormat", package: rootPackage),
        .product(name: "EDRPipeline", package: rootPackage),
        .product(name: "LUTEngine", package: rootPackage),
      ],
      path: "Benchmarks/PipelineBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
    .executableTarget(
      name: "ImageBenchmarks",
      dependencies: [
        "BenchmarkSupport", .product(name: "Benchmark", package: "package-benchmark"),
        .product(name: "RasterIO", package: rootPackage),
        .product(name: "FileOutput", package: rootPackage),
      ],
      path: "Benchmarks/ImageBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
    .executableTarget(
      name: "LintBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "package-benchmark"),
        .product(name: "KernelLint", package: rootPackage),
      ],
      path: "Benchmarks/LintBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
    // Prints our .cube read and write times for compare/compare.py.
    .executableTarget(
      name: "FormatThroughput",
      dependencies: [.product(name: "CubeFormat", package: rootPackage)],
      path: "Benchmarks/FormatThroughput"),
  ],
  swiftLanguageModes: [.v6]
)
