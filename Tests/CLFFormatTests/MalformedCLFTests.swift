import CLFFormat
import Foundation
import TestSupport
import Testing

/// Malformed and hostile CLF: each gets a located error, in bounded memory and time.
@Suite struct MalformedCLFTests {
  static func error(_ text: String) -> CLFParseError? {
    do {
      _ = try ProcessListReader.parse(Array(text.utf8), file: "bad.clf")
      return nil
    } catch {
      return error
    }
  }

  static let header = #"<ProcessList id="t" compCLFversion="3" xmlns="urn:AMPAS:CLF:v3.0">"#

  @Test func badXMLNamesTheLineAndColumn() throws {
    let e = try #require(
      Self.error("\(Self.header)\n  <Matrix inBitDepth=\"32f\" outBitDepth=32f>"))
    #expect(e.location.line == 2)
    #expect(e.location.column == 40)
    #expect(e.description.hasPrefix("bad.clf:2:40: error: expected a quoted value"))
    let unclosed = try #require(Self.error("\(Self.header)\n<Description>x</Desc>\n"))
    #expect(unclosed.location.line == 2 && unclosed.location.column == 15)
    #expect(unclosed.message.contains("does not close 'Description'"))
    let truncated = try #require(Self.error("\(Self.header)\n<Description>x"))
    #expect(truncated.message.contains("no end tag"))
  }

  @Test func anUnknownProcessNodeIsALocatedError() throws {
    let e = try #require(
      Self.error(
        "\(Self.header)\n\n   <Blur inBitDepth=\"32f\" outBitDepth=\"32f\"/>\n</ProcessList>"))
    #expect(e.location.line == 3 && e.location.column == 4)
    #expect(e.message.contains("unknown process node 'Blur'"))
    let inside = try #require(
      Self.error(
        "\(Self.header)<Log inBitDepth=\"32f\" outBitDepth=\"32f\" style=\"log2\"><LogParam/></Log></ProcessList>"
      ))
    #expect(inside.message.contains("unknown element 'LogParam' in 'Log'"))
  }

  @Test func unknownMetadataIsAWarningNotAnError() throws {
    let text = """
      \(Self.header)
        <Info><Anything><Deeper/></Anything></Info>
        <x:Note xmlns:x="urn:example">kept apart</x:Note>
        <Range inBitDepth="32f" outBitDepth="32f"><minInValue>0</minInValue><minOutValue>0</minOutValue></Range>
      </ProcessList>
      """
    let list = try ProcessListReader.parse(Array(text.utf8), file: "ok.clf")
    #expect(list.nodes.count == 1)
    #expect(list.warnings.count == 1)
    #expect(list.warnings.first?.location.line == 3)
  }

  @Test func wrongArraySizesAreLocatedErrors() throws {
    let few = try #require(
      Self.error(
        "\(Self.header)\n<Matrix inBitDepth=\"32f\" outBitDepth=\"32f\">\n<Array dim=\"3 3\">1 0 0 0 1 0 0 0</Array></Matrix></ProcessList>"
      ))
    #expect(few.location.line == 3 && few.message.contains("has 8 values, expected 9"))
    let many = try #require(
      Self.error(
        "\(Self.header)<LUT1D inBitDepth=\"32f\" outBitDepth=\"32f\"><Array dim=\"2 1\">0 0.5 1</Array></LUT1D></ProcessList>"
      ))
    #expect(many.message.contains("more than the 2 values"))
    let shape = try #require(
      Self.error(
        "\(Self.header)<LUT3D inBitDepth=\"32f\" outBitDepth=\"32f\"><Array dim=\"2 3 2 3\">0</Array></LUT3D></ProcessList>"
      ))
    #expect(shape.message.contains("n n n 3"))
    let number = try #require(
      Self.error(
        "\(Self.header)<LUT1D inBitDepth=\"32f\" outBitDepth=\"32f\"><Array dim=\"2 1\">0 nan</Array></LUT1D></ProcessList>"
      ))
    #expect(number.message.contains("invalid number 'nan'"))
  }

  @Test func hugeDimensionsAreRefusedBeforeAnythingIsAllocated() throws {
    for dim in ["1000000000 3", "129 129 130 3", "999999999999999 3", "130 130 130 3"] {
      let op = dim.split(separator: " ").count == 2 ? "LUT1D" : "LUT3D"
      let e = try #require(
        Self.error(
          "\(Self.header)<\(op) inBitDepth=\"32f\" outBitDepth=\"32f\"><Array dim=\"\(dim)\">0</Array></\(op)></ProcessList>"
        ), "\(dim)")
      #expect(e.location.line == 1)
    }
  }

  @Test func entityDeclarationsAreRefusedSoBillionLaughsCannotExpand() throws {
    let laughs = """
      <?xml version="1.0"?>
      <!DOCTYPE lolz [
        <!ENTITY lol "lol">
        <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
        <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
      ]>
      <ProcessList id="x"><Description>&lol3;</Description></ProcessList>
      """
    let e = try #require(Self.error(laughs))
    #expect(e.location.line == 2 && e.location.column == 1)
    #expect(e.message.contains("refused"))
    let undeclared = try #require(
      Self.error("\(Self.header)<Description>&lol3;</Description></ProcessList>"))
    #expect(undeclared.message.contains("undeclared entity '&lol3;'"))
  }

  @Test func deepNestingAndElementFloodsAreBounded() throws {
    let deep = Self.header + String(repeating: "<Info>", count: 100_000)
    let e = try #require(Self.error(deep))
    #expect(e.message.contains("nested deeper than \(CLFLimits.maxDepth)"))
    let flood = Self.header + String(repeating: "<Info/>", count: CLFLimits.maxElements + 1)
    let f = try #require(Self.error(flood + "</ProcessList>"))
    #expect(f.message.contains("more than \(CLFLimits.maxElements) elements"))
  }

  @Test func binaryAndNonCLFDocumentsAreRefused() throws {
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]
    #expect(throws: CLFParseError.self) { try ProcessListReader.parse(png, file: "p.clf") }
    let other = try #require(Self.error("<svg/>"))
    #expect(other.message.contains("not 'ProcessList'"))
    let namespace = try #require(Self.error(#"<ProcessList id="a" xmlns="urn:other"/>"#))
    #expect(namespace.message.contains("unknown namespace"))
  }

  @Test func bitDepthsMustChain() throws {
    let text = """
      \(Self.header)
      <Range inBitDepth="32f" outBitDepth="10i"><minInValue>0</minInValue><minOutValue>0</minOutValue></Range>
      <Range inBitDepth="12i" outBitDepth="32f"><minInValue>0</minInValue><minOutValue>0</minOutValue></Range>
      </ProcessList>
      """
    let e = try #require(Self.error(text))
    #expect(e.location.line == 3)
    #expect(e.message.contains("inBitDepth 12i differs"))
  }
}

/// The fuzz target's seeds (Fuzz/Seeds/FuzzCLF) parse, or fail with a located error.
@Suite struct CLFFuzzSeedTests {
  @Test func seedsParseOrFailWithALocatedError() throws {
    let folder = Fixtures.repositoryRoot.appendingPathComponent("Fuzz/Seeds/FuzzCLF")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    #expect(names.count >= 10)
    var refused: [String] = []
    for name in names {
      let bytes = try Fixtures.bytes(folder.appendingPathComponent(name))
      do {
        let list = try ProcessListReader.parse(bytes, file: name)
        #expect(try ProcessListReader.parse(ProcessListWriter.write(list)).nodes == list.nodes)
      } catch {
        #expect(error.description.hasPrefix("\(name):") && error.location.line > 0)
        refused.append(name)
      }
    }
    // Our own hostile seeds (the rest are OpenColorIO's valid files); the clf_* ones are issue
    // 40's reproducers: values beyond Float, a 3×3 Matrix holding a million tokens (R3 at the
    // fuzz size cap), a denormal Range span, a bidi control in a name.
    #expect(
      refused == [
        "array_bad_dimension.clf", "billion_laughs.clf", "clf_lut3d_1e39.clf",
        "clf_matrix_1m_tokens.clf", "clf_name_bidi.clf", "clf_range_denorm_span.clf",
      ])
  }

  /// What FuzzCLF found (Tests/Fixtures/crashers/FuzzCLF) is refused with a located error.
  @Test func crashReproducersAreRefused() throws {
    let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/crashers/FuzzCLF")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(!names.isEmpty)
    for name in names {
      let bytes = try Fixtures.bytes(folder.appendingPathComponent(name))
      #expect(throws: CLFParseError.self, "\(name)") {
        try ProcessListReader.parse(bytes, file: name)
      }
    }
  }
}
