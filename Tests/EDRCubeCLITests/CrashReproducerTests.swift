import Foundation
import TestSupport
import Testing

/// Every input a fuzz target ever crashed on (`Tests/Fixtures/crashers/<Target>/`) goes
/// through the command line that reaches the same code; each run must end with an exit
/// status, never a signal (a trap, an abort, a sanitizer report). New reproducers are added
/// by dropping the artifact file into the folder of the target that found it.
@Suite struct CrashReproducerTests {
  static let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/crashers")

  /// The committed reproducers of one target.
  static func reproducers(_ target: String) -> [String] {
    let dir = folder.appendingPathComponent(target)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    return names.sorted().map { dir.appendingPathComponent($0).path }
  }

  /// The pixel edge values of docs/reliability.md §3.3 as `eval` input, each in every channel.
  static let edgeTriples = [
    "nan", "inf", "-inf", "-1", "-0", "0", "1e-45", "1.1754944e-38", "6.1e-5", "5.96e-8", "1",
    "1.0000001", "65504", "65519", "65520", "1e30", "3.4028235e38",
  ].flatMap { v in ["\(v) 0 0", "0 \(v) 0", "0 0 \(v)", "\(v) \(v) \(v)"] }.joined(separator: "\n")

  /// Runs `edrcube`; returns whether it exited (rather than died of a signal) and its status.
  static func run(_ arguments: [String], stdin: String = "") throws -> (exited: Bool, status: Int32)
  {
    let process = Process()
    process.executableURL = EDRCubeExecutable.url
    process.arguments = arguments
    let input = Pipe()
    process.standardInput = input
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    input.fileHandleForWriting.write(Data(stdin.utf8))
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    return (process.terminationReason == .exit, process.terminationStatus)
  }

  @Test func cubeReproducersParseAndApplyWithoutCrashing() throws {
    let files = Self.reproducers("FuzzCube")
    #expect(!files.isEmpty)
    for file in files {
      let inspect = try Self.run(["inspect", file])
      #expect(inspect.exited, "inspect \(file) died with signal \(inspect.status)")
      for interp in ["trilinear", "tetrahedral"] {
        for extrapolation in ["linear", "clamp"] {
          let r = try Self.run(
            [
              "eval", "--lut", file, "--lut-space", "raw", "--interp", interp,
              "--extrapolation", extrapolation,
            ], stdin: Self.edgeTriples)
          #expect(r.exited, "eval \(file) \(interp) \(extrapolation) died with signal \(r.status)")
          #expect(r.status == 0 || inspect.status != 0, "\(file) parses but eval failed")
        }
      }
    }
  }

  /// The image reproducers, and the target's seed corpus so that the test always has files.
  @Test(arguments: ["FuzzEXR", "FuzzTIFF"])
  func imageReproducersFailOrApplyWithoutCrashing(_ target: String) throws {
    let seeds = Fixtures.repositoryRoot.appendingPathComponent("Fuzz/Seeds/\(target)")
    let seedFiles = try FileManager.default.contentsOfDirectory(atPath: seeds.path).sorted()
      .map { seeds.appendingPathComponent($0).path }
    #expect(seedFiles.count >= 8)
    try withTemporaryDirectory { dir in
      let cube = dir.appendingPathComponent("identity.cube").path
      try EdgeValueTests.identity.write(toFile: cube, atomically: true, encoding: .utf8)
      for (i, file) in (Self.reproducers(target) + seedFiles).enumerated() {
        let output = dir.appendingPathComponent("out\(i).exr").path
        let r = try Self.run(["apply", file, "--lut", cube, "-o", output])
        #expect(r.exited, "apply \(file) died with signal \(r.status)")
      }
    }
  }
}
