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
    // compare/engine_vs_ocio.py can time us and OpenColorIO in one run.
    .executableTarget(
      name: "EngineThroughput",
      dependencies: ["BenchmarkSupport", .product(name: "LUTEngine", package: rootPackage)],
      path: "Benchmarks/EngineThroughput"),
  ],
  swiftLanguageModes: [.v6]
)
