import CubeFormat
import Foundation
import TestSupport
import Testing

/// The writer's number forms, profiles and refusals.
@Suite struct CubeWriterTests {
  static func text(_ file: CubeFile, _ profile: CubeWriterProfile = .adobe) throws -> String {
    String(decoding: try CubeWriter.write(file, profile: profile), as: UTF8.self)
  }

  static func writeError(_ file: CubeFile, _ profile: CubeWriterProfile) -> CubeWriteError.Kind? {
    do {
      _ = try CubeWriter.write(file, profile: profile)
      return nil
    } catch {
      return error.kind
    }
  }

  @Test func numbersUseShortCubeSyntax() throws {
    let values: [Float] = [1, -0.0, 1e-5, 1e16, 0.1, 123456, 1.5e-7, -2.5e-10, 3.4028235e38]
    let table = CubeTable1D(size: 3, values: values)
    let text = try Self.text(CubeFile(lut1D: table))
    #expect(
      text == """
        LUT_1D_SIZE 3
        1 -0 1e-5
        1e16 0.1 123456
        1.5e-7 -2.5e-10 3.4028235e38

        """)
  }

  @Test func adobeHeaderHasQuotedTitleCommentsAndDomain() throws {
    let table = CubeTestData.identity3D(size: 2, lo: SIMD3(-1, 0, 0), hi: SIMD3(1, 2, 4))
    let file = CubeFile(title: "Look", lut3D: table, comments: ["EDRCube space: pq rec2020 203"])
    let text = try Self.text(file)
    #expect(
      text.hasPrefix(
        """
        TITLE "Look"
        # EDRCube space: pq rec2020 203
        LUT_3D_SIZE 2
        DOMAIN_MIN -1 0 0
        DOMAIN_MAX 1 2 4
        -1 0 0

        """))
  }

  @Test func defaultDomainIsNotWritten() throws {
    let text = try Self.text(CubeFile(lut3D: CubeTestData.identity3D(size: 2)), .resolve)
    #expect(!text.contains("DOMAIN") && !text.contains("RANGE"))
  }

  @Test func resolveWritesScalarInputRanges() throws {
    let table = CubeTestData.identity3D(size: 2, lo: .zero, hi: SIMD3(repeating: 2))
    let text = try Self.text(CubeFile(lut3D: table), .resolve)
    #expect(text.hasPrefix("LUT_3D_SIZE 2\nLUT_3D_INPUT_RANGE 0 2\n"))
  }

  @Test func profilesRefuseWhatTheyCannotExpress() {
    let perChannel = CubeFile(
      lut3D: CubeTestData.identity3D(size: 2, lo: .zero, hi: SIMD3(1, 2, 3)))
    let shaper = CubeFile(
      title: "t", lut1D: CubeTable1D(size: 2, values: [0, 0, 0, 1, 1, 1]),
      lut3D: CubeTestData.identity3D(size: 2))
    let flagged = CubeFile(lut3D: CubeTestData.identity3D(size: 2), inputVideoRange: true)
    let big = CubeFile(lut3D: CubeTestData.identity3D(size: 130))
    for (file, profile) in [
      (perChannel, CubeWriterProfile.resolve), (shaper, .adobe), (flagged, .adobe),
      (flagged, .ocio), (big, .ocio),
    ] {
      guard case .notRepresentable(let p, _) = Self.writeError(file, profile) else {
        Issue.record("\(profile) should refuse")
        continue
      }
      #expect(p == profile)
    }
    #expect(Self.writeError(big, .adobe) == nil)
    #expect(Self.writeError(shaper, .resolve) == nil)
  }

  @Test func ocioShaperFileHasNoTitle() throws {
    let shaper = CubeFile(
      title: "t", lut1D: CubeTable1D(size: 2, values: [0, 0, 0, 1, 1, 1]),
      lut3D: CubeTestData.identity3D(size: 2), comments: ["c"])
    let text = try Self.text(shaper, .ocio)
    #expect(text.hasPrefix("# c\nLUT_1D_SIZE 2\nLUT_3D_SIZE 2\n0 0 0\n"))
  }

  @Test func nonFiniteValuesAreRefused() {
    var values = CubeTestData.identity3D(size: 2).values
    values[5] = .infinity
    let file = CubeFile(lut3D: CubeTable3D(size: 2, values: values))
    #expect(Self.writeError(file, .adobe) == .nonFiniteValue(table: "3D", index: 5))
    values[5] = .nan
    let nan = CubeFile(lut3D: CubeTable3D(size: 2, values: values))
    #expect(Self.writeError(nan, .resolve) == .nonFiniteValue(table: "3D", index: 5))
  }

  @Test func badTitlesAndCommentsAreRefused() {
    let table = CubeTestData.identity3D(size: 2)
    let newline = CubeFile(title: "a\nb", lut3D: table)
    let long = CubeFile(title: String(repeating: "x", count: 243), lut3D: table)
    let nul = CubeFile(lut3D: table, comments: ["a\u{0}b"])
    for file in [newline, long] {
      guard case .invalidTitle = Self.writeError(file, .adobe) else {
        Issue.record("title should be refused")
        continue
      }
    }
    guard case .invalidComment = Self.writeError(nul, .adobe) else {
      Issue.record("comment should be refused")
      return
    }
    #expect(Self.writeError(CubeFile(), .adobe) == .noTable)
  }

  @Test func atomicWriteReplacesTheTargetAndLeavesNothingElse() throws {
    try withTemporaryDirectory { folder in
      let path = folder.appendingPathComponent("out.cube").path
      try Data("old".utf8).write(to: URL(fileURLWithPath: path))
      let file = CubeFile(lut3D: CubeTestData.identity3D(size: 3))
      try CubeWriter.write(file, toPath: path)
      #expect(CubeTestData.sameContent(try CubeReader.read(contentsOf: path), file))
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      #expect(names == ["out.cube"])
    }
  }

  @Test func failedWriteLeavesNoFile() throws {
    try withTemporaryDirectory { folder in
      let path = folder.appendingPathComponent("missing/out.cube").path
      let file = CubeFile(lut3D: CubeTestData.identity3D(size: 2))
      do throws(CubeWriteError) {
        try CubeWriter.write(file, toPath: path)
        Issue.record("writing into a missing folder should fail")
      } catch {
        guard case .io(let p, _) = error.kind else {
          Issue.record("expected an I/O error, got \(error)")
          return
        }
        #expect(p == path)
      }
      let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      #expect(left.isEmpty)
    }
  }
}
