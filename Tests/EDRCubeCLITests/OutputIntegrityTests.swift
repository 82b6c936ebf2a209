import FileOutput
import Foundation
import RasterIO
import TestSupport
import Testing

/// Output integrity of `edrcube apply` under failure (docs/reliability.md §3.4): a full disk, a
/// missing folder, a SIGKILL in the middle of writing, sixteen processes writing one path,
/// and an output spelled differently from the input it would replace. Afterwards the target
/// is absent, the old complete file or the new complete file; only `.NAME.tmp.XXXXXX`
/// leftovers may remain, and only after SIGKILL. `EDRCUBE_HEAVY=1` runs the full-size
/// versions (a 2048² input, 20 kills).
@Suite(.serialized) struct OutputIntegrityTests {
  static let heavy = HeavyTests.enabled

  /// A size-2 cube of `x → 2x` in raw space.
  static let doubling =
    "# EDRCube space: raw\nLUT_3D_SIZE 2\n"
    + "0 0 0\n2 0 0\n0 2 0\n2 2 0\n0 0 2\n2 0 2\n0 2 2\n2 2 2\n"

  /// The files of one scenario: a cube, an RGB float EXR input of `side`², and an output path.
  struct Scene {
    let dir: URL
    let cube: String
    let input: String
    let output: String

    init(_ dir: URL, side: Int) throws {
      self.dir = dir
      cube = dir.appendingPathComponent("double.cube").path
      try OutputIntegrityTests.doubling.write(toFile: cube, atomically: true, encoding: .utf8)
      input = dir.appendingPathComponent("in.exr").path
      let count = side * side
      let channels = ["R", "G", "B"].enumerated().map { c, name in
        EXRChannel(
          name: name,
          samples: .float((0..<count).map { Float(($0 * 7 + c * 13) % 1000) / 250 }))
      }
      try EXRImage(parts: [
        EXRPart(
          dataWindow: EXRBox(width: side, height: side), compression: .none, channels: channels)
      ]).write(to: input, using: AtomicFileWriter(synchronizes: false))
      let out = dir.appendingPathComponent("out")
      try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
      output = out.appendingPathComponent("graded.exr").path
    }

    var arguments: [String] { ["apply", input, "--lut", cube, "-o", output] }
    var outputFolder: URL { URL(fileURLWithPath: output).deletingLastPathComponent() }
  }

  /// Every channel's bit patterns, by name: two files hold the same image when these match.
  static func content(_ path: String) throws -> [String: [UInt32]] {
    let part = try EXRImage.read(path: path).parts[0]
    var result: [String: [UInt32]] = [:]
    for channel in part.channels {
      result[channel.name] = channel.samples.floatValues.map(\.bitPattern)
    }
    return result
  }

  /// Whether `name` is a temporary file of `target` (`.target.tmp.XXXXXX`).
  static func isTemporary(_ name: String, of target: String) -> Bool {
    name.hasPrefix("." + target + ".tmp.") && name.count == target.count + 12
  }

  /// Starts `edrcube` with `arguments`, output discarded.
  static func launch(_ arguments: [String], executable: URL = EDRCubeExecutable.url) throws
    -> Process
  {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// Under `make sanitize`'s ThreadSanitizer build the runtime itself dies of SIGBUS when
  /// started with a 64 KiB RLIMIT_FSIZE, so the test is skipped there (TSAN_OPTIONS is set).
  @Test(
    .disabled(
      if: ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil,
      "the ThreadSanitizer runtime cannot start under a 64 KiB file size limit"),
    arguments: [128, 600])
  func aFullDiskFailsAndLeavesNoFile(side: Int) throws {
    try withTemporaryDirectory { dir in
      // 192 KiB of float RGB, over the 64 KiB limit, in one write batch of 128 scanlines; or
      // 4.1 MiB in five, so the failure is met while the next batch is being encoded.
      let scene = try Scene(dir, side: side)
      // RLIMIT_FSIZE of 64 KiB with SIGXFSZ ignored (inherited through exec): every write
      // past the limit fails with EFBIG, as on a full disk (docs/reliability.md pitfall 8).
      let script = "ulimit -f 64; trap '' XFSZ; exec \"$0\" \"$@\""
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/bash")
      process.arguments =
        ["-c", script, EDRCubeExecutable.url.path] + scene.arguments
        + ["--compression", "none"]
      let errors = Pipe()
      process.standardOutput = FileHandle.nullDevice
      process.standardError = errors
      try process.run()
      let message = String(
        decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationReason == .exit && process.terminationStatus != 0, "\(message)")
      #expect(message.contains(scene.output), "\(message)")
      #expect(folderContents(scene.outputFolder).isEmpty)
    }
  }

  /// A missing output folder is created (issue 34, like `mkdir -p`); one that cannot be made
  /// (a file is in the way) fails naming it and creates nothing.
  @Test func aFolderThatCannotBeMadeFailsAndCreatesNothing() throws {
    try withTemporaryDirectory { dir in
      let scene = try Scene(dir, side: 8)
      let created = dir.appendingPathComponent("missing/graded.exr").path
      let made = try EDRCubeExecutable.run([
        "apply", scene.input, "--lut", scene.cube, "-o", created,
      ])
      #expect(made.status == 0 && FileManager.default.fileExists(atPath: created), "\(made.stderr)")
      let blocker = dir.appendingPathComponent("blocker")
      try Data("a file".utf8).write(to: blocker)
      let target = blocker.appendingPathComponent("missing/graded.exr").path
      let r = try EDRCubeExecutable.run(["apply", scene.input, "--lut", scene.cube, "-o", target])
      #expect(r.status != 0)
      #expect(
        r.stderr.contains(blocker.path + ": error: cannot create the output folder"), "\(r.stderr)")
      #expect(try Data(contentsOf: blocker) == Data("a file".utf8))
    }
  }

  /// SIGKILL at spread-out moments of a run that replaces an older output: the target is
  /// always the old complete file or the new one, and leftovers are recognisable temporaries.
  @Test func killedWritersLeaveTheOldOrTheNewFile() throws {
    try withTemporaryDirectory { dir in
      let scene = try Scene(dir, side: Self.heavy ? 2048 : 256)
      let trials = Self.heavy ? 20 : 6
      let started = Date()
      let reference = try EDRCubeExecutable.run(scene.arguments)
      let duration = Date().timeIntervalSince(started)
      try #require(reference.status == 0, "\(reference.stderr)")
      let newContent = try Self.content(scene.output)
      let oldPath = dir.appendingPathComponent("old.exr").path
      try FileManager.default.copyItem(atPath: scene.input, toPath: oldPath)
      let oldBytes = try Data(contentsOf: URL(fileURLWithPath: oldPath))
      var outcomes = (old: 0, new: 0, leftovers: 0)
      var generator = SystemRandomNumberGenerator()
      for trial in 0..<trials {
        try? FileManager.default.removeItem(atPath: scene.output)
        try FileManager.default.copyItem(atPath: oldPath, toPath: scene.output)
        let process = try Self.launch(scene.arguments)
        // Spread the kills from 40 % to 120 % of a run (the write is its last part), jittered.
        let step = (Double(trial) + Double.random(in: 0..<1, using: &generator)) / Double(trials)
        let fraction = 0.4 + 0.8 * step
        usleep(UInt32(fraction * duration * 1_000_000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let target = try Data(contentsOf: URL(fileURLWithPath: scene.output))
        if target == oldBytes {
          outcomes.old += 1
        } else {
          #expect(try Self.content(scene.output) == newContent, "trial \(trial): a third content")
          outcomes.new += 1
        }
        for name in folderContents(scene.outputFolder) where name != "graded.exr" {
          #expect(Self.isTemporary(name, of: "graded.exr"), "trial \(trial) left \(name)")
          outcomes.leftovers += 1
          try FileManager.default.removeItem(at: scene.outputFolder.appendingPathComponent(name))
        }
      }
      #expect(outcomes.old + outcomes.new == trials)
      print(
        "integrity: \(trials) kills: \(outcomes.old) old, \(outcomes.new) new, \(outcomes.leftovers) temporary leftover(s)"
      )
    }
  }

  @Test func sixteenProcessesWritingOneOutputAllSucceed() throws {
    try withTemporaryDirectory { dir in
      let scene = try Scene(dir, side: Self.heavy ? 512 : 64)
      let processes = try (0..<16).map { _ in try Self.launch(scene.arguments) }
      for process in processes { process.waitUntilExit() }
      #expect(processes.allSatisfy { $0.terminationReason == .exit && $0.terminationStatus == 0 })
      #expect(folderContents(scene.outputFolder) == ["graded.exr"])
      let reference = dir.appendingPathComponent("reference.exr").path
      let r = try EDRCubeExecutable.run([
        "apply", scene.input, "--lut", scene.cube, "-o", reference,
      ])
      try #require(r.status == 0, "\(r.stderr)")
      #expect(try Self.content(scene.output) == Self.content(reference))
    }
  }

  /// The input named another way (a `..` path, a symbolic link) is still the input.
  @Test func theInputSpelledDifferentlyIsNeverReplaced() throws {
    try withTemporaryDirectory { dir in
      let scene = try Scene(dir, side: 8)
      let before = try Data(contentsOf: URL(fileURLWithPath: scene.input))
      let link = dir.appendingPathComponent("link.exr").path
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: scene.input)
      let dotted = dir.appendingPathComponent("out/../in.exr").path
      for target in [dotted, link] {
        let r = try EDRCubeExecutable.run(["apply", scene.input, "--lut", scene.cube, "-o", target])
        #expect(r.status != 0, "\(target) replaced the input")
        #expect(try Data(contentsOf: URL(fileURLWithPath: scene.input)) == before)
      }
      #expect(folderContents(dir) == ["double.cube", "in.exr", "link.exr", "out"])
    }
  }
}

/// Files in a folder, sorted (to check nothing was left behind).
func folderContents(_ url: URL) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
}
