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
}
