import LUTFormats
import Testing

/// Which reader a file gets: the extension, else the content; unknown formats named.
@Suite struct FormatChoiceTests {
  @Test(arguments: [
    ("CSPLUTV100\n3D\n", LUTFormat.csp), ("SPILUT 1.0\n3 3\n2 2 2\n", .spi3d),
    ("Version 1\nFrom 0 1\nLength 2\n", .spi1d), ("<ProcessList id=\"a\">", .clf),
    ("<ColorCorrectionCollection>", .cdl), ("TITLE \"a\"\nLUT_3D_SIZE 2\n", .cube),
    ("3DMESH\nMesh 4 12\n", .threeDL), ("0 64 128 192 1023\n0 0 0\n", .threeDL),
    ("1 0 0 0\n0 1 0 0\n0 0 1 0\n", .spimtx),
  ])
  func contentNamesTheFormat(_ text: String, _ format: LUTFormat) {
    #expect(LUTFormat.sniff(Array(text.utf8)) == format)
    #expect((try? LUTFormat.choose(path: "noextension", head: Array(text.utf8))) == format)
  }

  @Test func theExtensionWinsAndAnImageSignatureWinsOverIt() throws {
    #expect(try LUTFormat.choose(path: "a.CC", head: Array("LUT_3D_SIZE 2".utf8)) == .cdl)
    #expect(try LUTFormat.choose(path: "a.cube", head: [0x89, 0x50, 0x4E, 0x47, 0x0D]) == .hald)
    #expect(try LUTFormat.choose(path: "a.ccc", head: [], forced: .spi1d) == .spi1d)
  }

  @Test func anUnknownFormatIsNamedOrRefusedWithTheList() {
    #expect(throws: LUTFormatError.self) { try LUTFormat.choose(path: "a.vf", head: []) }
    do {
      _ = try LUTFormat.choose(path: "a.vf", head: [])
    } catch {
      #expect(error.message.contains("a Nuke .vf LUT"))
    }
    do {
      _ = try LUTFormat.choose(path: "a.xyz", head: Array("hello".utf8))
    } catch {
      #expect(error.message.contains("3dl, csp") && error.message.contains("--lut-format"))
    }
  }

  /// A few malformed files, each refused at the line to blame.
  @Test(arguments: [
    (LUTFormat.threeDL, "0 0 0\n1 2\n", 2), (.spi3d, "SPILUT 1.0\n3 3\n2 2 2\n0 0 5 1 1 1\n", 4),
    (.spi1d, "Version 1\nFrom 0 1\nLength 2\nComponents 1\n{\n0.5 0.2\n}\n", 6),
    (.csp, "CSPLUTV100\n2D\n", 2),
  ])
  func malformedFilesAreRefusedAtTheirLine(_ format: LUTFormat, _ text: String, _ line: Int) {
    do {
      _ = try LUTReader.parse(Array(text.utf8), as: format, file: "x")
      Issue.record("accepted")
    } catch {
      #expect(error.location.line == line, "\(error)")
    }
  }
}
