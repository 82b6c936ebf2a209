import CLFFormat
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 40 (docs/reliability.md §4): CLF values that would give NaN everywhere are located
/// errors, and a file's size is checked before it is read.
@Suite struct HostileCLFRoundThreeTests {
  static let header = #"<ProcessList id="t" compCLFversion="3" xmlns="urn:AMPAS:CLF:v3.0">"#

  /// A Range whose input span is denormal (1e-320) divides to infinity; values beyond Float
  /// overflow when the table is applied.
  @Test(arguments: [
    (
      "<Range inBitDepth=\"32f\" outBitDepth=\"32f\"><minInValue>0</minInValue><maxInValue>1e-320</maxInValue><minOutValue>0</minOutValue><maxOutValue>1</maxOutValue></Range>",
      "span is too small to scale"
    ),
    (
      "<Matrix inBitDepth=\"32f\" outBitDepth=\"32f\"><Array dim=\"3 3\">1 0 0 0 1 0 0 0 1e39</Array></Matrix>",
      "value 9 of 'Array' (1e39) is beyond the range of a 32-bit float"
    ),
  ])
  func valuesThatCannotBeAppliedAsFloatAreRefused(_ node: String, _ message: String) throws {
    let text = "\(Self.header)\n\(node)\n</ProcessList>\n"
    let error = try #require(throws: CLFParseError.self) {
      try ProcessListReader.parse(Array(text.utf8), file: "bad.clf")
    }
    #expect(error.location.line == 2, "\(error)")
    #expect(error.message.contains(message), "\(error)")
  }

  /// A 300 MB file (sparse) is refused from its size, a device without reading it.
  @Test func theSizeIsCheckedBeforeReading() throws {
    try withTemporaryDirectory { dir in
      let big = dir.appendingPathComponent("big.clf").path
      #expect(FileManager.default.createFile(atPath: big, contents: nil))
      #expect(truncate(big, 300 << 20) == 0)
      let error = try #require(throws: CLFParseError.self) {
        try ProcessListReader.read(contentsOf: big)
      }
      #expect(error.message.contains("the file is 314572800 bytes, above the limit"), "\(error)")
      let device = try #require(throws: CLFParseError.self) {
        try ProcessListReader.read(contentsOf: "/dev/zero")
      }
      #expect(device.message == "not a regular file", "\(device)")
    }
  }
}
