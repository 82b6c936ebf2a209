import Foundation

/// The result of linting one file.
public struct FileReport: Sendable {
  /// The path as given.
  public var path: String
  /// Findings sorted by position (suppressed ones included, flagged).
  public var findings: [Finding]
  /// Kernels analysed (entry points or library functions found).
  public var kernelsAnalysed: Int
  /// Kernels analysed only partially (LINT003).
  public var kernelsSkipped: Int
  /// The file text (for reporters that print source lines and for fixes).
  public var source: SourceText
  /// Whether kernels were found, none, or only in inactive `#if` branches.
  public var kernelStatus: KernelStatus = .none
}

/// What a file held for the linter (per-file line of the text report, `files` in JSON).
public enum KernelStatus: String, Sendable, Codable {
  /// At least one kernel (entry point or library function) was analysed.
  case found
  /// No kernel code at all.
  case none
  /// Kernel code only in inactive `#if` branches (set `preprocessor.defines` to lint it).
  case inactiveOnly = "inactive-only"
}

/// Orchestrates lexing, analysis, mapping, suppression and severities; knows no rule logic.
public struct Linter: Sendable {
  /// The configuration in force.
  public var configuration: LintConfiguration
  /// Reads the files named by `#include "…"` (by path); the default reads the file system.
  public var includeLoader: @Sendable (String) -> [UInt8]? = { path in
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
  }

  /// Creates a linter.
  public init(configuration: LintConfiguration = LintConfiguration()) {
    self.configuration = configuration
  }

  /// Lints one file's bytes. `path` decides the language by extension.
  public func lint(bytes: [UInt8], path: String) -> FileReport {
    let source = SourceText(bytes: bytes)
    let lower = path.lowercased()
    var kernels: [EmbeddedKernel] = []
    var hostComments: [Comment] = []
    let isSwift = lower.hasSuffix(".swift")
    if isSwift || lower.hasSuffix(".m") || lower.hasSuffix(".mm") {
      let settings = configuration.host ?? LintConfiguration.HostSettings()
      if (isSwift ? settings.swift : settings.objc) != false {
        let host = HostExtractor.extract(bytes, language: isSwift ? .swift : .objectiveC)
        kernels = host.kernels
        hostComments = host.comments
      }
      if settings.heuristicStrings == false {
        let filter = KernelAPIFilter(
          apis: settings.kernelAPIs ?? LintConfiguration.HostSettings.defaultKernelAPIs)
        kernels = kernels.filter { filter.accepts(bytes, literalStart: $0.literalStart) }
      }
    } else {
      kernels = [
        EmbeddedKernel(text: bytes, hostOffsets: nil, literalStart: 0, literalEnd: bytes.count)
      ]
    }
    var builder = FileFindingBuilder(path: path, source: source, configuration: configuration)
    builder.addHostComments(hostComments)
    var analysed = 0
    var skipped = 0
    var inactive = false
    for kernel in kernels {
      var analyzer = KernelAnalyzer()
      let configured = configuration.preprocessor?.defines ?? [:]
      analyzer.defines =
        MetalPredefines.apply(toPath: path, text: kernel.text)
        ? MetalPredefines.macros.merging(configured) { _, mine in mine } : configured
      analyzer.flagGuards = configuration.ruleOptions?["EDR003"]?["flag-guards"] ?? false
      analyzer.runtimeAssembly = kernel.runtimeAssembly
      analyzer.runtimeOffset = kernel.runtimeOffset
      analyzer.cutOffset = kernel.cutOffset
      analyzer.includes = IncludeExpander(
        searchPaths: configuration.preprocessor?.includePaths ?? [], load: includeLoader)
      analyzer.directory = IncludeExpander.directory(of: path)
      analyzer.entryOptions = EntryOptions(
        cikl: configuration.isDialectEnabled("cikl"),
        mslCI: configuration.isDialectEnabled("msl-ci"),
        metal: configuration.isDialectEnabled("metal"),
        metalWithTextures: configuration.dialects?["metal"] != false,
        swiftUI: configuration.isDialectEnabled("swiftui"),
        libraryMode: configuration.libraryMode != "off")
      for (name, range) in configuration.params ?? [:] where range.count == 2 {
        analyzer.annotations.ranges[name] = (range[0], range[1])
      }
      builder.applyParamDirectives(to: &analyzer.annotations)
      let ready = analyzer
      let text = kernel.text
      let report = LargeStack.run { ready.analyze(text) }
      analysed += report.entryCount
      if report.isPartial { skipped += 1 }
      inactive = inactive || report.hasInactiveKernels
      builder.add(report, kernel: kernel)
    }
    return FileReport(
      path: path, findings: builder.finish(), kernelsAnalysed: analysed, kernelsSkipped: skipped,
      source: source, kernelStatus: analysed > 0 ? .found : inactive ? .inactiveOnly : .none)
  }

  /// Lints a string (convenience for tests and `--stdin`).
  public func lint(text: String, path: String) -> FileReport {
    lint(bytes: Array(text.utf8), path: path)
  }
}
