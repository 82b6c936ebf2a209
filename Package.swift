// swift-tools-version: 6.1
// EDRCube: 3D colour cube LUTs for Extended Dynamic Range images.
//
// Module graph (leaves first; only `edrcube` imports everything):
//   WorkScheduler the one parallel loop and core count (affinity, cgroup quota) (no dependencies)
//   FileOutput   atomic file output (temp file + rename)     (no dependencies)
//   CubeFormat   .cube model, reader, writer                (FileOutput)
//   CLFFormat    CLF/CTF: XML reader, ProcessList model, reader, writer (CubeFormat, FileOutput)
//   LUTFormats   .3dl, .csp, .spi1d/.spi3d/.spimtx, ASC CDL readers into ProcessList, and the
//                choice of a LUT file's reader by extension or content (CubeFormat, CLFFormat)
//   ColorMath    transfer functions, gamuts, ICtCp, tone maps (no dependencies)
//   LUTEngine    interpolation + extrapolation kernels, CLF evaluation (CubeFormat, CLFFormat, CLUTKernels)
//   CLUTKernels  LUTEngine's SSE2/AVX2 kernels and EDRPipeline's AVX2 chain in C (x86-64;
//                other CPUs use the Swift ones), and the block census (LUTEngine's RGBACensus)
//   EDRPipeline  runtime: cube spaces, EDR policies, PQ/HLG application
//                (CubeFormat, ColorMath, LUTEngine, CLUTKernels: the vector chain)
//   CubeAuthoring offline: cube generation, SDR→PQ/HLG conversion and its fit, test chart (EDRPipeline)
//   EDRPlots     plots and previews drawn on a canvas of our own (CubeAuthoring)
//   RasterIO     OpenEXR, TIFF and PNG files                  (FileOutput, CTIFF, COpenEXR, CPNG, CEXRDWA)
//   CEXRDWA      OpenEXR's C++ library for DWAA/DWAB only, behind a C API (C++)
//   ImageApplication a cube or process list applied to image files, as `apply` does
//                (EDRPipeline, RasterIO, FileOutput, EDRPlots, LUTEngine)
//   KernelLint   the Core Image / Metal kernel linter         (no dependencies)
//   ShaderGen    a cube's application as shader source        (CubeFormat, LUTEngine, ColorMath, EDRPipeline)
//   LintCommandLine the `lint` command                        (KernelLint, WorkScheduler, ArgumentParser)
//   EDRCubeC     the C API of the Python wheel (libEDRCubeC.so)  (the libraries above, no I/O of images)
//   edrcube      the command-line tool                        (all of the above, ArgumentParser)
//   edrlint      the linter alone, what the plugins run       (LintCommandLine)
//
// Plugins (Plugins/) run `edrlint` from SwiftPM and Xcode: the command plugin
// `swift package edr-lint` and a build-tool plugin that lints a target's kernels on every build.
// swift-docc-plugin only adds `swift package generate-documentation`; plugins are built only when
// used, so it does not slow `swift build`.
//
// Benchmarks live in the nested package Benchmarks/ so that package-benchmark never enters
// this graph (a clean root build stays fast).
import PackageDescription

let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("MemberImportVisibility")
]

let package = Package(
  name: "EDRCube",
  products: [
    .library(name: "FileOutput", targets: ["FileOutput"]),
    .library(name: "CubeFormat", targets: ["CubeFormat"]),
    .library(name: "CLFFormat", targets: ["CLFFormat"]),
    .library(name: "LUTFormats", targets: ["LUTFormats"]),
    .library(name: "ColorMath", targets: ["ColorMath"]),
    .library(name: "LUTEngine", targets: ["LUTEngine"]),
    .library(name: "EDRPipeline", targets: ["EDRPipeline"]),
    .library(name: "CubeAuthoring", targets: ["CubeAuthoring"]),
    .library(name: "EDRPlots", targets: ["EDRPlots"]),
    .library(name: "RasterIO", targets: ["RasterIO"]),
    .library(name: "ImageApplication", targets: ["ImageApplication"]),
    .library(name: "KernelLint", targets: ["KernelLint"]),
    .library(name: "ShaderGen", targets: ["ShaderGen"]),
    // The C API the Python wheel loads (python/, docs/python.md); `make wheel` links it with
    // -static-stdlib so it needs no Swift runtime.
    .library(name: "EDRCubeC", type: .dynamic, targets: ["EDRCubeC"]),
    .executable(name: "edrcube", targets: ["edrcube"]),
    .executable(name: "edrlint", targets: ["edrlint"]),
    .plugin(name: "EDRLintCommandPlugin", targets: ["EDRLintCommandPlugin"]),
    .plugin(name: "EDRLintBuildToolPlugin", targets: ["EDRLintBuildToolPlugin"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
  ],
  targets: [
    // MARK: Libraries
    .target(name: "WorkScheduler", swiftSettings: strictSettings),
    .target(name: "FileOutput", swiftSettings: strictSettings),
    .target(name: "CubeFormat", dependencies: ["FileOutput"], swiftSettings: strictSettings),
    .target(
      name: "CLFFormat", dependencies: ["CubeFormat", "FileOutput"], swiftSettings: strictSettings),
    .target(
      name: "LUTFormats", dependencies: ["CubeFormat", "CLFFormat"], swiftSettings: strictSettings),
    .target(name: "ColorMath", swiftSettings: strictSettings),
    .target(
      name: "LUTEngine", dependencies: ["CubeFormat", "CLFFormat", "CLUTKernels", "WorkScheduler"],
      swiftSettings: strictSettings),
    .target(
      name: "EDRPipeline",
      dependencies: ["CubeFormat", "ColorMath", "LUTEngine", "CLUTKernels", "WorkScheduler"],
      swiftSettings: strictSettings),
    .target(
      name: "CubeAuthoring",
      dependencies: [
        "EDRPipeline", "CubeFormat", "CLFFormat", "ColorMath", "LUTEngine", "WorkScheduler",
      ],
      swiftSettings: strictSettings),
    .target(
      name: "EDRPlots", dependencies: ["CubeAuthoring", "EDRPipeline", "CubeFormat", "ColorMath"],
      swiftSettings: strictSettings),
    .target(
      name: "RasterIO",
      dependencies: ["FileOutput", "WorkScheduler", "CTIFF", "COpenEXR", "CPNG", "CEXRDWA"],
      swiftSettings: strictSettings),
    .target(
      name: "ImageApplication",
      dependencies: [
        "EDRPipeline", "RasterIO", "FileOutput", "EDRPlots", "LUTEngine", "ColorMath",
        "CubeFormat",
      ],
      swiftSettings: strictSettings),
    .target(name: "KernelLint", swiftSettings: strictSettings),
    .target(
      name: "ShaderGen", dependencies: ["CubeFormat", "LUTEngine", "ColorMath", "EDRPipeline"],
      swiftSettings: strictSettings),
    // edrcube.h's functions over the libraries, for ctypes (python/edrcube).
    .target(
      name: "EDRCubeC",
      dependencies: [
        "CubeFormat", "CLFFormat", "LUTFormats", "ColorMath", "LUTEngine", "EDRPipeline",
        "CubeAuthoring", "KernelLint", "WorkScheduler",
      ],
      exclude: ["edrcube.h"], swiftSettings: strictSettings),

    // MARK: C
    // LUTEngine's hand-written x86-64 kernels (SSE2 baseline, AVX2 chosen at run time).
    .target(name: "CLUTKernels"),

    // OpenEXR's C++ library, used only for DWAA/DWAB (OpenEXRCore 3.1, Debian 12, has no DWA
    // codec), behind a C API that lets no exception escape. Its headers include Imath's by bare
    // name, hence the include paths (Debian's, on Linux; elsewhere the target builds a stub that
    // reports DWA unavailable); OpenEXR.pc is not used (-pthread).
    .target(
      name: "CEXRDWA",
      cxxSettings: [
        .unsafeFlags(
          ["-I/usr/include/OpenEXR", "-I/usr/include/Imath"], .when(platforms: [.linux]))
      ],
      linkerSettings: [
        .linkedLibrary("OpenEXR-3_1", .when(platforms: [.linux])),
        .linkedLibrary("Iex-3_1", .when(platforms: [.linux])),
        .linkedLibrary("IlmThread-3_1", .when(platforms: [.linux])),
        .linkedLibrary("Imath-3_1", .when(platforms: [.linux])),
      ]),

    // MARK: C shims
    // libtiff through pkg-config. OpenEXR's C core API without pkg-config: OpenEXR.pc adds
    // -pthread (refused by SwiftPM) and five C++ libraries we do not use.
    .systemLibrary(name: "CTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"])]),
    .systemLibrary(name: "COpenEXR", providers: [.apt(["libopenexr-dev"])]),
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),

    // MARK: Executables
    // The `lint` command, shared by `edrcube lint` and `edrlint` (which needs no system library).
    .target(
      name: "LintCommandLine",
      dependencies: [
        "KernelLint", "WorkScheduler", "FileOutput",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strictSettings),
    .executableTarget(
      name: "edrlint", dependencies: ["LintCommandLine"], swiftSettings: strictSettings),
    .executableTarget(
      name: "edrcube",
      dependencies: [
        "CubeFormat", "CLFFormat", "LUTFormats", "ColorMath", "LUTEngine", "EDRPipeline",
        "CubeAuthoring", "EDRPlots", "RasterIO", "KernelLint", "LintCommandLine", "FileOutput",
        "WorkScheduler", "ShaderGen", "ImageApplication",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strictSettings),

    // MARK: Plugins
    .plugin(
      name: "EDRLintCommandPlugin",
      capability: .command(
        intent: .custom(
          verb: "edr-lint", description: "Lint Core Image / Metal kernels for EDR problems.")),
      dependencies: ["edrlint"]),
    .plugin(name: "EDRLintBuildToolPlugin", capability: .buildTool(), dependencies: ["edrlint"]),

    // MARK: Tests
    .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strictSettings),
    // TestCubes: the conformance cubes and cubes built in code that the pipeline, authoring and
    // plot tests share.
    .target(
      name: "CubeTestSupport", dependencies: ["CubeFormat", "LUTEngine", "TestSupport"],
      path: "Tests/CubeTestSupport", swiftSettings: strictSettings),
    .testTarget(name: "WorkSchedulerTests", dependencies: ["WorkScheduler"]),
    .testTarget(name: "CubeFormatTests", dependencies: ["CubeFormat", "TestSupport"]),
    .testTarget(
      name: "CLFFormatTests", dependencies: ["CLFFormat", "LUTEngine", "CubeFormat", "TestSupport"]),
    .testTarget(
      name: "LUTFormatsTests",
      dependencies: ["LUTFormats", "CLFFormat", "LUTEngine", "CubeFormat", "TestSupport"]),
    .testTarget(name: "ColorMathTests", dependencies: ["ColorMath", "TestSupport"]),
    .testTarget(
      name: "LUTEngineTests",
      dependencies: ["LUTEngine", "CubeFormat", "CLUTKernels", "TestSupport"]),
    .testTarget(
      name: "EDRPipelineTests",
      dependencies: [
        "EDRPipeline", "CubeAuthoring", "ColorMath", "LUTEngine", "CubeFormat", "CLUTKernels",
        "TestSupport", "CubeTestSupport",
      ]),
    .testTarget(
      name: "CubeAuthoringTests",
      dependencies: [
        "CubeAuthoring", "EDRPipeline", "ColorMath", "LUTEngine", "CubeFormat", "TestSupport",
        "CubeTestSupport",
      ]),
    .testTarget(
      name: "EDRPlotsTests",
      dependencies: [
        "EDRPlots", "CubeAuthoring", "EDRPipeline", "ColorMath", "CubeFormat", "CubeTestSupport",
      ]),
    .testTarget(name: "FileOutputTests", dependencies: ["FileOutput", "TestSupport"]),
    .testTarget(name: "RasterIOTests", dependencies: ["RasterIO", "FileOutput", "TestSupport"]),
    .testTarget(
      name: "ImageApplicationTests",
      dependencies: [
        "ImageApplication", "EDRPipeline", "LUTEngine", "CubeFormat", "RasterIO", "TestSupport",
      ]),
    .testTarget(name: "KernelLintTests", dependencies: ["KernelLint", "TestSupport"]),
    .testTarget(
      name: "ShaderGenTests", dependencies: ["ShaderGen", "LUTEngine", "CubeFormat", "TestSupport"]),
    .testTarget(
      name: "EDRCubeCLITests", dependencies: ["ColorMath", "RasterIO", "FileOutput", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
