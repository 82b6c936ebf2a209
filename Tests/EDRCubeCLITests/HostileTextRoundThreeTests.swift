import Foundation
import TestSupport
import Testing

/// Issue 40 R15, the bidi echoes and the libtiff message, through the command line
/// (docs/reliability.md §3.5): what the tools print never starts a GitHub workflow command or
/// carries a raw bidirectional control, and TIFF errors report libtiff's message for the
/// call that failed.
@Suite struct HostileTextRoundThreeTests {
  static let lut = Fixtures.luts.appendingPathComponent("warm_sdr.cube").path

  func hostile(_ name: String) -> String { Fixtures.hostile.appendingPathComponent(name).path }

  /// Runs edrcube in `dir` (so that messages start with the relative file name).
  func run(_ arguments: [String], in dir: URL) throws -> CommandResult {
    try EDRCubeExecutable.run(
      arguments, launcher: ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", dir.path])
  }

  /// Lines that GitHub Actions would take for workflow commands.
  func commands(_ r: CommandResult) -> [Substring] {
    (r.stdout + r.stderr).split(separator: "\n").filter {
      $0.drop { $0 == " " || $0 == "\t" }.hasPrefix("::")
    }
  }

  /// The bidirectional formatting characters of UAX #9 (table 4).
  static let bidi: Set<UInt32> = Set([0x061C, 0x200E, 0x200F]).union(0x202A...0x202E)
    .union(0x2066...0x2069)

  func hasRawBidi(_ text: String) -> Bool {
    text.unicodeScalars.contains { Self.bidi.contains($0.value) }
  }

  /// R15: a file named `::error::…` no longer starts diagnostic lines with a workflow command,
  /// in `inspect`'s error, `apply`'s and `lint`'s text output.
  @Test func aFileNamedLikeAWorkflowCommandIsDefused() throws {
    try withTemporaryDirectory { dir in
      try Data("x".utf8).write(to: dir.appendingPathComponent("::error::pwned.cube"))
      try Data("kernel vec4 k(__sample s) { return clamp(s, 0.0, 1.0); }\n".utf8)
        .write(to: dir.appendingPathComponent("::error::pwned.cikernel"))
      for arguments in [
        ["inspect", "::error::pwned.cube"], ["inspect", "::error::pwned.cube", "--json"],
        ["eval", "--lut", "::error::pwned.cube"],
        ["lint", "::error::pwned.cikernel", "::error::pwned.cube"],
      ] {
        let r = try run(arguments, in: dir)
        #expect(commands(r).isEmpty, "\(arguments): \(commands(r))")
        #expect((r.stdout + r.stderr).contains("\\::error::pwned"), "\(arguments): \(r.stderr)")
      }
    }
  }

  /// A U+202E in a CLF element name is echoed as `\u{202E}` in `inspect`'s error.
  @Test func aBidiControlInACLFNameIsEscaped() throws {
    let r = try EDRCubeExecutable.run(["inspect", hostile("clf_name_bidi.clf")])
    #expect(r.status == 1)
    #expect(r.stderr.contains("\\u{202E}"), "\(r.stderr)")
    #expect(!hasRawBidi(r.stdout + r.stderr))
    let json = try EDRCubeExecutable.run(["inspect", hostile("clf_name_bidi.clf"), "--json"])
    #expect(!hasRawBidi(json.stdout + json.stderr))
  }

  /// The linter's text output escapes the kernel's bidi controls; JSON and SARIF write them
  /// as `\uXXXX`, which decode to the source's exact text.
  @Test(arguments: ["text", "json", "sarif", "github", "xcode"])
  func lintOutputCarriesNoRawBidiControl(_ format: String) throws {
    try withTemporaryDirectory { dir in
      let kernel = dir.appendingPathComponent("k\u{202E}txt.cikernel")
      try FileManager.default.copyItem(
        at: URL(fileURLWithPath: hostile("lint_bidi_echo.cikernel")), to: kernel)
      let r = try EDRCubeExecutable.run(["lint", kernel.path, "--format", format])
      #expect(r.status == 0, "\(format): \(r.status) \(r.stderr)")
      #expect(!hasRawBidi(r.stdout + r.stderr), "\(format)")
      if format == "json" {
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let files = object?["files"] as? [[String: Any]]
        #expect(files?.first?["file"] as? String == kernel.path)
      }
    }
  }

  /// libtiff's "Cannot get "Predictor" tag" (from reading the tags of an uncompressed file)
  /// is not the reason a later step failed: the errors name their own problem.
  @Test(arguments: ["tiff_spp65535_predictor_msg.tif", "tiff_stripcount_1g_predictor_msg.tif"])
  func tiffErrorsDoNotEndInAnUnrelatedLibtiffMessage(_ name: String) throws {
    try withTemporaryDirectory { dir in
      let out = dir.appendingPathComponent("o.tif").path
      let r = try EDRCubeExecutable.run(["apply", hostile(name), "-o", out, "--lut", Self.lut])
      #expect(r.status == 1)
      #expect(r.stderr.contains(name), "\(r.stderr)")
      #expect(!r.stderr.contains("Predictor"), "\(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: out))
    }
  }
}
