import Foundation
import TestSupport
import Testing

/// Issue 40 R7 (docs/reliability.md §5): what the linter keeps per byte of a file. A string
/// literal's map back to the host file and a file's line table held an `Int` per byte or line,
/// about 20 bytes per byte of a Swift literal with array growth (a 64 MiB literal, inside the
/// file limit, would have taken over 1.3 GB); they now take about a byte each. Each file here is
/// 8 MiB; its peak resident memory above that of linting a one-line file must stay under 4
/// bytes per byte of input (today's mechanism: text, map and line table, with growth).
@Suite struct LinterMemoryTests {
  static let size = 8 << 20

  /// name, contents
  static func inputs() -> [(String, [UInt8])] {
    let kernel = Array("kernel vec4 k(__sample s) { return s; } ".utf8)
    let filler = [UInt8](repeating: UInt8(ascii: "y"), count: size)
    return [
      // R7: a huge literal that is not a kernel (it is still decoded to decide).
      ("plain.swift", Array("let k = \"".utf8) + filler + Array("\"\n".utf8)),
      // A kernel literal whose text is one long comment: analysed, mapped byte by byte.
      ("kernel.swift", Array("let k = \"".utf8) + kernel + Array("//".utf8) + filler + [34, 10]),
      // Escapes: two host bytes per kernel byte, no two steps alike.
      (
        "escapes.swift",
        Array("let k = \"".utf8) + kernel + Array("//".utf8)
          + Array(String(repeating: "a\\t", count: size / 3).utf8) + [34, 10]
      ),
      // A line table entry per byte.
      ("lines.cikernel", kernel + [UInt8](repeating: 10, count: size)),
    ]
  }

  @Test(.enabled(if: PeakMemory.isAvailable, "needs GNU time (scripts/ensure-deps.sh)"))
  func linterMemoryGrowsByAFewBytesPerByte() throws {
    try withTemporaryDirectory { dir in
      let small = dir.appendingPathComponent("small.swift")
      try Data("let k = \"kernel vec4 k(__sample s) { return s; }\"\n".utf8).write(to: small)
      let baseline = try PeakMemory.run(["lint", small.path])
      #expect(baseline.status == 0)
      for (name, bytes) in Self.inputs() {
        let url = dir.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        let result = try PeakMemory.run(["lint", url.path])
        #expect(result.status == 0 || result.status == 1, "\(name): exit \(result.status)")
        let growth = result.peakBytes - baseline.peakBytes
        #expect(
          growth < 4 * bytes.count,
          "\(name): \(growth / 1_048_576) MB above the baseline for \(bytes.count / 1_048_576) MB")
      }
    }
  }

  /// Issue 40 R7: every partial sum of a chain of `+` kept its addends (up to 32) as a list of
  /// its own, about 2.4 KB per `+` (a 1.6 MB macro file took 809 MB, most of it here). Sums
  /// now share their prefixes: one addend per `+`. 40 chains of 500 terms (120 KB of kernel)
  /// must stay under 384 bytes per byte above the baseline (debug: 270, before: about 590).
  @Test(.enabled(if: PeakMemory.isAvailable, "needs GNU time (scripts/ensure-deps.sh)"))
  func longSumsKeepOneAddendPerOperator() throws {
    try withTemporaryDirectory { dir in
      let small = dir.appendingPathComponent("small.cikernel")
      try Data("kernel vec4 k(__sample s) { return s; }\n".utf8).write(to: small)
      let baseline = try PeakMemory.run(["lint", small.path])
      let chain = " q = " + String(repeating: "1.0 + ", count: 500) + "1.0;"
      let text =
        "kernel vec4 k(__sample s) { float q = 0.0;" + String(repeating: chain, count: 40)
        + " return s * q; }\n"
      let url = dir.appendingPathComponent("sums.cikernel")
      try Data(text.utf8).write(to: url)
      let result = try PeakMemory.run(["lint", url.path])
      #expect(result.status == 0 || result.status == 1, "exit \(result.status)")
      let growth = result.peakBytes - baseline.peakBytes
      #expect(
        growth < 384 * text.utf8.count,
        "\(growth / 1_048_576) MB above the baseline for \(text.utf8.count / 1024) KB")
    }
  }
}
