import FileOutput
import Foundation
import KernelLint
import WorkScheduler

/// A problem that stops `edrcube lint` (exit status 2).
struct LintToolError: Error {
  var message: String
}

/// Finds `.edrlint.json` from each file's directory upwards (nearest wins).
final class ConfigurationLoader: @unchecked Sendable {
  let explicitPath: String?
  let overrides: LintConfiguration
  private var cache: [String: LintConfiguration] = [:]
  private let lock = NSLock()

  init(explicitPath: String?, overrides: LintConfiguration) {
    self.explicitPath = explicitPath
    self.overrides = overrides
  }

  /// The configuration named by `--config`, or the default.
  var base: LintConfiguration {
    (try? explicitPath.map { try Self.decode($0) } ?? LintConfiguration()) ?? LintConfiguration()
  }

  static func decode(_ path: String) throws -> LintConfiguration {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw LintToolError(message: "cannot read configuration \(path)")
    }
    do {
      let c = try JSONDecoder().decode(LintConfiguration.self, from: data)
      if let problem = c.validationError() { throw LintToolError(message: "\(path): \(problem)") }
      return c
    } catch let e as LintToolError {
      throw e
    } catch {
      throw LintToolError(message: "invalid configuration \(path): \(error)")
    }
  }

  /// A configuration found in the linted tree may only name include paths inside its own
  /// folder (docs/reliability.md §4): one that is absolute or resolves outside it (`/etc`,
  /// `../..`, a link out) would let a checked-out repository read any file into findings.
  static func confineIncludePaths(of c: LintConfiguration, at path: String, folder: String)
    throws
  {
    guard let paths = c.preprocessor?.includePaths, !paths.isEmpty else { return }
    let root = FileCollector.realPath(folder) ?? folder
    for include in paths {
      let resolved = include.hasPrefix("/") ? include : FileCollector.realPath(include)
      guard let resolved else { continue }  // missing: nothing can be read from it
      guard !include.hasPrefix("/"), FileCollector.isInside(resolved, root) else {
        throw LintToolError(
          message:
            "\(path): include path '\(TerminalText.escaped(include))' leaves the folder of the configuration"
        )
      }
    }
  }

  func configuration(for file: String) throws -> LintConfiguration {
    if let explicitPath { return try Self.decode(explicitPath).merged(with: overrides) }
    var dir = URL(fileURLWithPath: file).deletingLastPathComponent().standardizedFileURL.path
    lock.lock()
    defer { lock.unlock() }
    if let c = cache[dir] { return c }
    let start = dir
    var found = LintConfiguration()
    while true {
      let candidate = (dir as NSString).appendingPathComponent(".edrlint.json")
      if FileManager.default.fileExists(atPath: candidate) {
        found = try Self.decode(candidate)
        try Self.confineIncludePaths(of: found, at: candidate, folder: dir)
        break
      }
      let parent = (dir as NSString).deletingLastPathComponent
      if parent == dir || parent.isEmpty { break }
      dir = parent
    }
    let result = found.merged(with: overrides)
    cache[start] = result
    return result
  }
}

/// Expands directories into kernel and host files, confined to each named folder
/// (docs/reliability.md §4): only regular files are linted, and a symbolic link is followed
/// only when its target lies inside the folder being linted (a link out of it, to
/// `/proc/self/environ` say, is skipped and named in ``Collection/skipped``). Links to folders
/// inside it are followed; a folder reached twice (a loop, or two links to one folder) is walked
/// once (by device and inode).
enum FileCollector {
  static let extensions = ["cikernel", "cikl", "metal", "swift", "m", "mm", "fsh", "h"]
  /// Words that mark a `.h` header as kernel code (Metal or CIKL helpers) rather than a C or
  /// Objective-C header, which a folder scan skips.
  static let kernelHeaderWords = [
    "metal_stdlib", "coreimage", "sample_t", "float4", "half4", "vec4", "__sample",
  ]

  /// The files to lint and the links that were left out.
  struct Collection {
    var files: [String] = []
    /// Links inside a linted folder whose targets lie outside it.
    var skipped: [String] = []
  }

  /// Fails when standard output is open on one of `files` (`lint k.metal 1<>k.metal`): the
  /// report would overwrite the source it describes (issue 40 R14 variant).
  static func refuseStandardOutput(on files: [String]) throws {
    do {
      try InputProtection.check(
        outputs: ["/dev/stdout"], inputs: files, remedy: "send standard output elsewhere")
    } catch {
      throw LintToolError(message: "standard output: \(error.message)")
    }
  }

  /// Whether a file found in a folder is linted: headers only when they hold kernel code.
  static func isKernelFile(_ path: String) -> Bool {
    let ext = (path as NSString).pathExtension.lowercased()
    guard extensions.contains(ext) else { return false }
    guard ext == "h" else { return true }
    guard let bytes = try? LintFileReader.read(path, limit: 65_536, truncating: true) else {
      return true
    }
    let text = String(decoding: bytes, as: UTF8.self)
    return kernelHeaderWords.contains { text.contains($0) }
  }

  static func collect(_ paths: [String], include: [String]? = nil, exclude: [String]? = nil)
    throws -> Collection
  {
    var collection = Collection()
    for path in paths {
      var info = stat()
      guard stat(path, &info) == 0 else {
        let reason = String(cString: strerror(errno))
        throw LintToolError(message: "cannot read \(path): \(reason)")
      }
      guard info.st_mode & S_IFMT == S_IFDIR else {
        collection.files.append(path)
        continue
      }
      guard let root = realPath(path) else { continue }
      var visited: Set<[UInt]> = [[UInt(info.st_dev), UInt(info.st_ino)]]
      var found: [String] = []
      var walk = Walk(root: path, realRoot: root)
      walk.walk(relative: "", visited: &visited) { item in
        if exclude?.contains(where: { Glob.matches($0, item) }) == true { return }
        if let include, !include.contains(where: { Glob.matches($0, item) }) { return }
        let file = (path as NSString).appendingPathComponent(item)
        if isKernelFile(file) { found.append(file) }
      }
      collection.files += found.sorted()
      collection.skipped += walk.skipped
    }
    return collection
  }

  /// `path` with every link resolved, or nil.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Whether `path` (resolved) is `root` or lies below it.
  static func isInside(_ path: String, _ root: String) -> Bool {
    path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
  }

  /// One folder's walk: calls `body` with every regular file below `root` (paths relative to
  /// it), skipping hidden entries, Pods and Carthage, following links that stay inside.
  private struct Walk {
    let root: String
    let realRoot: String
    var skipped: [String] = []

    mutating func walk(
      relative: String, visited: inout Set<[UInt]>, _ body: (String) -> Void
    ) {
      let folder = relative.isEmpty ? root : (root as NSString).appendingPathComponent(relative)
      guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
        return
      }
      for name in names.sorted()
      where !name.hasPrefix(".") && name != "Pods" && name != "Carthage" {
        let item = relative.isEmpty ? name : relative + "/" + name
        let full = (folder as NSString).appendingPathComponent(name)
        var info = stat()
        guard lstat(full, &info) == 0 else { continue }
        if info.st_mode & S_IFMT == S_IFLNK {
          guard let target = FileCollector.realPath(full), FileCollector.isInside(target, realRoot)
          else {
            skipped.append(full)
            continue
          }
          guard stat(full, &info) == 0 else { continue }
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
          guard visited.insert([UInt(info.st_dev), UInt(info.st_ino)]).inserted else { continue }
          walk(relative: item, visited: &visited, body)
        case S_IFREG: body(item)
        default: continue  // FIFOs, sockets, devices: never opened
        }
      }
    }
  }
}

/// The reports of a run and how many files could not be processed.
struct LintRun {
  /// One report per file, in order; a file that failed has a `FileReport.failure` report.
  var reports: [FileReport]
  /// Files that could not be read, configured, analysed or fixed (exit status 2).
  var failedFiles: Int
}

/// Lints files on all cores, optionally applying fixes. A failure on one file becomes that
/// file's report (an error naming the cause); the other files are still linted and reported.
enum LintRunner {
  static func run(_ files: [String], loader: ConfigurationLoader, fix: Bool, unsafe: Bool)
    -> LintRun
  {
    var reports = [FileReport?](repeating: nil, count: files.count)
    var failed = [Bool](repeating: false, count: files.count)
    let workers = WorkScheduler.workers(for: files.count)
    reports.withUnsafeMutableBufferPointer { reportSlots in
      failed.withUnsafeMutableBufferPointer { failedSlots in
        // Worker w lints files w, w + workers, …, each into its own slot.
        WorkScheduler.run(workers: workers) { w in
          for k in stride(from: w, to: files.count, by: workers) {
            do {
              reportSlots[k] = try lintOne(files[k], loader: loader, fix: fix, unsafe: unsafe)
            } catch {
              let reason = (error as? LintToolError)?.message ?? "internal error: \(error)"
              reportSlots[k] = FileReport.failure(path: displayPath(files[k]), reason: reason)
              failedSlots[k] = true
            }
          }
        }
      }
    }
    return LintRun(reports: reports.compactMap { $0 }, failedFiles: failed.filter { $0 }.count)
  }

  /// The path relative to the current directory when it lies inside it (stable SARIF URIs).
  static func displayPath(_ path: String) -> String {
    let cwd = FileManager.default.currentDirectoryPath
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
    if absolute.hasPrefix(prefix) { return String(absolute.dropFirst(prefix.count)) }
    return path
  }

  private static func lintOne(_ path: String, loader: ConfigurationLoader, fix: Bool, unsafe: Bool)
    throws -> FileReport
  {
    let data = try LintFileReader.read(path, limit: LintFileReader.fileLimit)
    let linter = Linter(configuration: try loader.configuration(for: path))
    let shown = displayPath(path)
    var report = linter.lint(bytes: data, path: shown)
    if fix {
      let (fixed, applied) = FixApplier.applying(
        report.findings, to: data, includeSuggestions: unsafe)
      if applied > 0 {
        try write(fixed, to: path)
        report = linter.lint(bytes: fixed, path: shown)
      }
    }
    return report
  }

  /// Writes a fixed file through the atomic writer, which keeps its mode and owner and
  /// writes a link's target in place (the link stays a link).
  private static func write(_ bytes: [UInt8], to path: String) throws {
    do {
      try AtomicFileWriter().write(to: path) { file in
        try bytes.withUnsafeBytes { try file.write($0) }
      }
    } catch {
      throw LintToolError(message: "cannot write \(path): \(error)")
    }
  }
}

/// Minimal glob matching for `include`/`exclude`: `**` spans folders, `*` and `?` do not.
enum Glob {
  static func matches(_ pattern: String, _ path: String) -> Bool {
    match(Array(pattern.utf8), 0, Array(path.utf8), 0)
  }

  private static func match(_ p: [UInt8], _ i: Int, _ s: [UInt8], _ j: Int) -> Bool {
    if i == p.count { return j == s.count }
    if p[i] == UInt8(ascii: "*") && i + 1 < p.count && p[i + 1] == UInt8(ascii: "*") {
      var next = i + 2
      if next < p.count && p[next] == UInt8(ascii: "/") { next += 1 }
      for k in j...s.count where k == j || s[k - 1] == UInt8(ascii: "/") || next == i + 2 {
        if match(p, next, s, k) { return true }
      }
      return false
    }
    if p[i] == UInt8(ascii: "*") {
      var k = j
      while true {
        if match(p, i + 1, s, k) { return true }
        if k == s.count || s[k] == UInt8(ascii: "/") { return false }
        k += 1
      }
    }
    guard j < s.count else { return false }
    if p[i] == UInt8(ascii: "?") ? s[j] != UInt8(ascii: "/") : p[i] == s[j] {
      return match(p, i + 1, s, j + 1)
    }
    return false
  }
}
