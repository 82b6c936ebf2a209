import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 40 R8, R12, R16, R7 (docs/reliability.md §4): the linter reads only regular files
/// inside the folder it lints, `--fix` keeps a file's mode and links, a configuration in the
/// tree cannot widen the include paths past its folder, and files are bounded in size.
@Suite struct LintReachTests {
  static let fixable =
    "// edrlint:disable-next-line EDR001 -- x\nkernel vec4 k(__sample s) { return s; }\n"

  /// R8: a link to a file outside the tree (here one holding a secret) is skipped with a note,
  /// and its content never reaches the report.
  @Test func linksOutOfTheTreeAreSkipped() throws {
    try withTemporaryDirectory { dir in
      let outside = dir.appendingPathComponent("secret.txt")
      try Data("kernel vec4 k(__sample s) { return s * SECRET_hunter2; }\n".utf8).write(to: outside)
      let tree = dir.appendingPathComponent("tree")
      try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: tree.appendingPathComponent("env.cikernel").path, withDestinationPath: outside.path)
      try FileManager.default.createSymbolicLink(
        atPath: tree.appendingPathComponent("up").path, withDestinationPath: dir.path)
      try Data("kernel vec4 k(__sample s) { return s; }\n".utf8)
        .write(to: tree.appendingPathComponent("inside.cikernel"))
      try FileManager.default.createSymbolicLink(
        atPath: tree.appendingPathComponent("alias.cikernel").path,
        withDestinationPath: "inside.cikernel")
      let r = try EDRCubeExecutable.run(["lint", tree.path, "--format", "json"])
      #expect(r.status == 0, "\(r.stderr)")
      #expect(!r.stdout.contains("hunter2") && !r.stderr.contains("hunter2"))
      #expect(r.stderr.contains("note: skipped \(tree.path)/env.cikernel: a link that leads out"))
      #expect(r.stderr.contains("skipped \(tree.path)/up:"), "\(r.stderr)")
      // The two files inside (one through a link that stays inside) are linted.
      #expect(r.stdout.contains(#""filesScanned" : 2"#), "\(r.stdout)")
    }
  }

  /// R12: `--fix` rewrites through the atomic writer: mode 0600 stays 0600 and a link stays a
  /// link (its target is fixed).
  @Test func fixKeepsModeAndLinks() throws {
    try withTemporaryDirectory { dir in
      let file = dir.appendingPathComponent("a.cikernel").path
      let target = dir.appendingPathComponent("t.cikernel").path
      let link = dir.appendingPathComponent("l.cikernel").path
      for path in [file, target] {
        try Data(Self.fixable.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
      }
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "t.cikernel")
      let r = try EDRCubeExecutable.run(["lint", "--fix", file, link])
      #expect(r.status == 0, "\(r.stderr)")
      var info = stat()
      #expect(stat(file, &info) == 0 && info.st_mode & 0o777 == 0o600)
      #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
      #expect(stat(target, &info) == 0 && info.st_mode & 0o777 == 0o600)
      for path in [file, target] {
        #expect(
          try String(contentsOfFile: path, encoding: .utf8)
            == "kernel vec4 k(__sample s) { return s; }\n")
      }
    }
  }

  /// R16: a `.edrlint.json` in the tree naming `/etc` (or `..`) as an include path is refused.
  @Test(arguments: ["/etc", ".."])
  func includePathsStayInsideTheConfigurationsFolder(_ include: String) throws {
    try withTemporaryDirectory { dir in
      let tree = dir.appendingPathComponent("tree")
      try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
      let config = #"{"preprocessor": {"includePaths": ["\#(include)"]}}"#
      try Data(config.utf8).write(to: tree.appendingPathComponent(".edrlint.json"))
      try Data("#include \"passwd\"\nkernel vec4 k(__sample s) { return s; }\n".utf8)
        .write(to: tree.appendingPathComponent("k.cikernel"))
      let r = try EDRCubeExecutable.run(["lint", "."], currentDirectory: tree)
      #expect(r.status == 2)
      #expect(
        (r.stdout + r.stderr).contains("leaves the folder of the configuration"), "\(r.stdout)")
    }
  }

  /// R7: a file past 64 MiB (sparse here) is refused from its size, before it is read; a FIFO
  /// named like a kernel is never opened.
  @Test func largeFilesAndFIFOsAreNotRead() throws {
    try withTemporaryDirectory { dir in
      let big = dir.appendingPathComponent("big.metal").path
      #expect(FileManager.default.createFile(atPath: big, contents: nil))
      #expect(truncate(big, (64 << 20) + 1) == 0)
      #expect(mkfifo(dir.appendingPathComponent("pipe.cikernel").path, 0o600) == 0)
      let r = try EDRCubeExecutable.run(["lint", dir.path])
      #expect(r.status == 2)
      #expect((r.stdout + r.stderr).contains("larger than the limit of 67108864 bytes"))
      #expect(!(r.stdout + r.stderr).contains("pipe.cikernel"))
    }
  }
}
