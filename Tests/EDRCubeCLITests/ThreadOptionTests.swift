import Foundation
import RasterIO
import TestSupport
import Testing

/// `--threads N` and the default worker count: the cores the process may use (its CPU
/// affinity, so `taskset -c 0` means one worker), results independent of the count.
@Suite struct ThreadOptionTests {
  /// The worker count `apply --timing` reports.
  private func reportedThreads(_ stderr: String) -> Int? {
    let lines = stderr.split(separator: "\n")
    guard let line = lines.first(where: { $0.hasPrefix("timing: apply ") }),
      let on = line.range(of: " on ")
    else { return nil }
    return Int(line[on.upperBound...].prefix { $0.isNumber })
  }

  /// A 256×128 float EXR (several blocks per worker) with values past white.
  private func writeInput(_ path: String) throws {
    let (width, height) = (256, 128)
    let plane = { (c: Int) in (0..<(width * height)).map { Float(($0 * 7 + c * 13) % 97) / 24 } }
    let part = EXRPart(
      dataWindow: EXRBox(width: width, height: height), compression: .zip,
      channels: ["R", "G", "B"].enumerated().map { c, name in
        EXRChannel(name: name, samples: EXRSamples(plane(c), as: .float))
      })
    try EXRImage(parts: [part]).write(to: path)
  }

  @Test func affinityOfOneCoreMeansOneWorker() throws {
    let taskset = "/usr/bin/taskset"
    try #require(FileManager.default.isExecutableFile(atPath: taskset), "util-linux taskset")
    try withTemporaryDirectory { dir in
      let input = dir.appendingPathComponent("in.exr").path
      try writeInput(input)
      let r = try EDRCubeExecutable.run(
        [
          "apply", input, "--lut", Fixtures.luts.appendingPathComponent("warm_sdr.cube").path,
          "-o", dir.appendingPathComponent("out.exr").path, "--timing",
        ], launcher: [taskset, "-c", "0"])
      try #require(r.status == 0, "\(r.stderr)")
      #expect(reportedThreads(r.stderr) == 1)
    }
  }

  @Test func threadsOptionSetsTheWorkersAndKeepsTheBits() throws {
    try withTemporaryDirectory { dir in
      let input = dir.appendingPathComponent("in.exr").path
      try writeInput(input)
      let lut = Fixtures.luts.appendingPathComponent("teal_orange_sdr.cube").path
      var outputs: [Data] = []
      for threads in [1, 3] {
        let output = dir.appendingPathComponent("out\(threads).exr").path
        let r = try EDRCubeExecutable.run(
          ["apply", input, "--lut", lut, "-o", output, "--timing", "--threads", "\(threads)"])
        try #require(r.status == 0, "\(r.stderr)")
        #expect(reportedThreads(r.stderr) == threads)
        outputs.append(try Data(contentsOf: URL(fileURLWithPath: output)))
      }
      #expect(outputs[0] == outputs[1])
    }
  }

  @Test(arguments: [
    ["apply", "in.exr", "--lut", "x.cube", "-o", "out.exr"],
    ["convert", "a.cube", "b.cube", "--to", "pq"],
    ["generate", "identity", "-o", "x.cube"],
  ])
  func zeroThreadsIsRefused(_ command: [String]) throws {
    let r = try EDRCubeExecutable.run(command + ["--threads", "0"])
    #expect(r.status != 0)
    #expect(r.stderr.contains("--threads must be at least 1"))
  }
}
