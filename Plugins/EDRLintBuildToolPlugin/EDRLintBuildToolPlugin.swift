import Foundation
import PackagePlugin

/// Lints a target's kernel sources with `edrlint --format xcode` on every build.
///
/// One build command per kernel file, so only changed files are linted again. The findings are
/// clang-style `file:line:col: warning: …` lines, which SwiftPM and Xcode show inline. A finding
/// at the failure level (an error, by default) fails the build.
@main
struct EDRLintBuildToolPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
    let tool = try context.tool(named: "edrlint").url
    return KernelLintCommands.commands(
      for: module.sourceFiles.map(\.url), relativeTo: context.package.directoryURL, tool: tool,
      workDirectory: context.pluginWorkDirectoryURL)
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension EDRLintBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
      let tool = try context.tool(named: "edrlint").url
      return KernelLintCommands.commands(
        for: target.inputFiles.map(\.url), relativeTo: context.xcodeProject.directoryURL,
        tool: tool, workDirectory: context.pluginWorkDirectoryURL)
    }
  }
#endif

/// Chooses the files worth linting and builds one command per file.
enum KernelLintCommands {
  /// Kernel source extensions, linted whatever they contain.
  static let kernelExtensions: Set<String> = ["cikernel", "cikl", "metal"]

  /// Text that marks a Swift or Objective-C file as holding an embedded kernel.
  static let embeddedKernelMarkers = ["CIKernel", "CIColorKernel", "kernel vec4", "[[stitchable]]"]

  static func commands(for files: [URL], relativeTo root: URL, tool: URL, workDirectory: URL)
    -> [Command]
  {
    files.filter(shouldLint).map { file in
      let stamp = workDirectory.appendingPathComponent(stampName(file, root: root))
      // A build command must produce an output: the stamp is written only when the lint passes,
      // so a failing file is linted again on the next build. Running from the work directory
      // keeps the reported paths absolute, which Xcode needs to show findings inline.
      return .buildCommand(
        displayName: "EDR lint \(file.lastPathComponent)",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: [
          "-c", #"cd "$3" && "$0" --format xcode "$1" && touch "$2""#, tool.path, file.path,
          stamp.path, workDirectory.path,
        ],
        inputFiles: [file, tool],
        outputFiles: [stamp])
    }
  }

  static func shouldLint(_ file: URL) -> Bool {
    let ext = file.pathExtension.lowercased()
    if kernelExtensions.contains(ext) { return true }
    guard ["swift", "m", "mm"].contains(ext),
      let data = FileManager.default.contents(atPath: file.path)
    else { return false }
    let text = String(decoding: data, as: UTF8.self)
    return embeddedKernelMarkers.contains { text.contains($0) }
  }

  /// A unique, readable stamp name: the file's path inside the package with `/` replaced.
  static func stampName(_ file: URL, root: URL) -> String {
    let rootPath = root.standardizedFileURL.path
    var path = file.standardizedFileURL.path
    if path.hasPrefix(rootPath + "/") { path = String(path.dropFirst(rootPath.count + 1)) }
    return path.replacingOccurrences(of: "/", with: "__") + ".edrlint-stamp"
  }
}
