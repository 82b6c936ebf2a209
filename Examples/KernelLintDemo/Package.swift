// swift-tools-version: 6.1
// A sample package that lints its Core Image kernels with EDRCube's plugins:
//
//   swift build                        # the build-tool plugin reports kernel findings inline
//   swift package edr-lint             # the command plugin lints every target on demand
//   swift package edr-lint --format sarif Sources > edrlint.sarif
import Foundation
import PackageDescription

// A path dependency's identity is the name of the folder it is checked out in (`main`, or a
// worktree's name), not the manifest's `name`, so derive it from this file's location.
let edrcube = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent

let package = Package(
  name: "KernelLintDemo",
  dependencies: [.package(path: "../..")],
  targets: [
    .target(
      name: "GlowFilter",
      plugins: [.plugin(name: "EDRLintBuildToolPlugin", package: edrcube)])
  ],
  swiftLanguageModes: [.v6]
)
