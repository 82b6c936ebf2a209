import Foundation
import RasterIO
import TestSupport
import Testing

/// `edrcube apply - -o -`: an image from standard input to standard output, byte for byte the
/// file that `apply IN -o OUT` writes (issue 26).
@Suite struct ApplyStreamTests {
  /// Runs `edrcube ARGS… <stdin >stdout` through the shell (binary streams, not text).
  func runRedirected(_ arguments: [String], stdin: String, stdout: String) throws -> (
    status: Int32, stderr: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments =
      ["-c", "exec \"$0\" \"$@\" <\"$STREAM_IN\" >\"$STREAM_OUT\"", EDRCubeExecutable.url.path]
      + arguments
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["STREAM_IN": stdin, "STREAM_OUT": stdout]) { $1 }
    let error = Pipe()
    process.standardError = error
    try process.run()
    let text = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: text, as: UTF8.self))
  }

  /// A 5×3 half-float RGBA TIFF with LZW, values beyond 1 (alpha 1).
  func writeTIFF(_ path: String) throws {
    let values = (0..<60).map { $0 % 4 == 3 ? Float16(1) : Float16(Float($0 % 7) * 0.75 + 0.125) }
    var image = TIFFImage(
      width: 5, height: 3, samplesPerPixel: 4, samples: .float16(values.map(\.bitPattern)))
    image.compression = .lzw
    try image.write(to: path)
  }

  func writeEXR(_ path: String) throws {
    let plane = { (c: Int) in (0..<12).map { Float($0 * 3 + c) * 0.375 } }
    let part = EXRPart(
      dataWindow: EXRBox(width: 4, height: 3), compression: .zip,
      channels: ["B", "G", "R"].enumerated().map {
        EXRChannel(name: $1, samples: EXRSamples(plane($0), as: .half))
      })
    try EXRImage(parts: [part]).write(to: path)
  }

  @Test(arguments: ["exr", "tif"])
  func streamedOutputEqualsTheFileOutput(ext: String) throws {
    try withTemporaryDirectory { dir in
      let cube = dir.appendingPathComponent("double.cube").path
      try ApplyCommandTests.doubling.write(toFile: cube, atomically: true, encoding: .utf8)
      let input = dir.appendingPathComponent("in.\(ext)").path
      if ext == "exr" { try writeEXR(input) } else { try writeTIFF(input) }
      let file = dir.appendingPathComponent("file.\(ext)").path
      let r = try EDRCubeExecutable.run(["apply", input, "--lut", cube, "-o", file])
      try #require(r.status == 0, "\(r.stderr)")
      let streamed = dir.appendingPathComponent("streamed.\(ext)").path
      let s = try runRedirected(
        ["apply", "-", "-o", "-", "--lut", cube], stdin: input, stdout: streamed)
      try #require(s.status == 0, "\(s.stderr)")
      let expected = try Data(contentsOf: URL(fileURLWithPath: file))
      #expect(try Data(contentsOf: URL(fileURLWithPath: streamed)) == expected)
      // The summary goes to stderr when stdout carries the image.
      #expect(s.stderr.contains("apply: 1 of 1 file(s)"))
      // A file in, the stream out; the stream in, a file out.
      let fromFile = dir.appendingPathComponent("from-file.\(ext)").path
      let f = try runRedirected(
        ["apply", input, "-o", "-", "--lut", cube, "--format", ext == "exr" ? "exr" : "tiff"],
        stdin: "/dev/null", stdout: fromFile)
      try #require(f.status == 0, "\(f.stderr)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: fromFile)) == expected)
      let toFile = dir.appendingPathComponent("to-file.\(ext)").path
      let t = try runRedirected(
        ["apply", "-", "-o", toFile, "--lut", cube], stdin: input, stdout: "/dev/null")
      try #require(t.status == 0, "\(t.stderr)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: toFile)) == expected)
    }
  }

  @Test func streamsAreRefusedWhereTheyCannotWork() throws {
    try withTemporaryDirectory { dir in
      let cube = dir.appendingPathComponent("double.cube").path
      try ApplyCommandTests.doubling.write(toFile: cube, atomically: true, encoding: .utf8)
      let input = dir.appendingPathComponent("in.exr").path
      try writeEXR(input)
      let out = dir.appendingPathComponent("out").path
      // -o - takes one input.
      let two = try runRedirected(
        ["apply", input, input, "-o", "-", "--lut", cube], stdin: "/dev/null", stdout: out)
      #expect(two.status == 1)
      #expect(two.stderr.contains("-o names one file but there are 2 inputs"))
      // The stream's format must be --format's.
      let wrong = try runRedirected(
        ["apply", "-", "-o", "-", "--lut", cube, "--format", "tiff"], stdin: input, stdout: out)
      #expect(wrong.status == 1)
      #expect(wrong.stderr.contains("-: error: the image is EXR, not TIFF (--format tiff)"))
      // Its size, not `Data(contentsOf:)`: Foundation's read of an empty file leaks its
      // 4096-byte buffer (LeakSanitizer; docs/reliability.md).
      #expect(try URL(fileURLWithPath: out).resourceValues(forKeys: [.fileSizeKey]).fileSize == 0)
      // Standard input is bounded by --max-image-mib.
      let big = dir.appendingPathComponent("big.bin").path
      try Data(count: (1 << 20) + 1).write(to: URL(fileURLWithPath: big))
      let long = try runRedirected(
        ["apply", "-", "-o", "-", "--lut", cube, "--max-image-mib", "1"], stdin: big, stdout: out)
      #expect(long.status == 1)
      #expect(long.stderr.contains("-: error: standard input is longer than the limit of 1048576"))
      // Standard input needs -o.
      let folder = try runRedirected(
        ["apply", "-", "--output-dir", dir.path, "--lut", cube], stdin: input, stdout: out)
      #expect(folder.status == 64)
      #expect(folder.stderr.contains("- (standard input) needs -o OUT"))
      // --format is for streams only.
      let files = try EDRCubeExecutable.run(
        ["apply", input, "-o", out + ".exr", "--lut", cube, "--format", "exr"])
      #expect(files.status == 64)
      #expect(files.stderr.contains("--format applies to streams"))
    }
  }
}
