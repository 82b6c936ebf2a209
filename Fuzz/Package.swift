// swift-tools-version: 6.1
// libFuzzer targets for EDRCube's parsers (docs/reliability.md §2a, §3.6), in their own package so
// that sanitizer builds never touch the root package's build folder.
//
//   bash scripts/fuzz.sh [SECONDS] [TARGET…]     # build with fuzzer+ASan, run, check
//
// Each target is one executable whose only file defines `LLVMFuzzerTestOneInput` (no main:
// libFuzzer provides it). Build by hand with
//   swift build -c release --package-path Fuzz --sanitize=fuzzer \
//     -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
// (`--sanitize=fuzzer --sanitize=address` passes only one of the two: docs/reliability.md pitfall 1).
import Foundation
import PackageDescription

// A path dependency's identity is the name of the folder it is checked out in, not the
// manifest's `name`, so `package: "EDRCube"` would fail in a clone named `main/`. Derive it.
let rootPackage = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

func root(_ product: String) -> Target.Dependency {
  .product(name: product, package: rootPackage)
}

let package = Package(
  name: "EDRCubeFuzz",
  dependencies: [.package(path: "../")],
  targets: [
    // Scratch files, limits and edge values shared by the harnesses.
    .target(name: "FuzzSupport", dependencies: [root("RasterIO")]),
    .executableTarget(
      name: "FuzzCube", dependencies: ["FuzzSupport", root("CubeFormat"), root("LUTEngine")]),
    .executableTarget(
      name: "FuzzCLF", dependencies: ["FuzzSupport", root("CLFFormat"), root("LUTEngine")]),
    .executableTarget(name: "FuzzEXR", dependencies: ["FuzzSupport", root("RasterIO")]),
    .executableTarget(name: "FuzzTIFF", dependencies: ["FuzzSupport", root("RasterIO")]),
    .executableTarget(
      name: "FuzzRoundTrip", dependencies: ["FuzzSupport", root("RasterIO"), root("FileOutput")]),
    .executableTarget(name: "FuzzLint", dependencies: ["FuzzSupport", root("KernelLint")]),
  ],
  swiftLanguageModes: [.v6]
)
