import CLFFormat
import Testing

/// The XML subset CLF needs: entities, references, CDATA, comments, namespaces.
@Suite struct XMLReaderTests {
  @Test func textEntitiesCDATAAndComments() throws {
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!-- a comment -->
      <a x='1 &amp; 2' y="&#65;&#x42;">one &lt;two&gt; <!-- c --><![CDATA[<raw> & ]]>&apos;&quot;&#8211;</a>
      """
    let root = try XMLReader.parse(Array(text.utf8))
    #expect(root.name == "a")
    #expect(root.attribute("x") == "1 & 2")
    #expect(root.attribute("y") == "AB")
    #expect(root.text == "one <two> <raw> & '\"\u{2013}")
    #expect(root.line == 3 && root.column == 1)
  }

  @Test func namespacesResolveThroughPrefixes() throws {
    let text = #"<c:P xmlns:c="urn:n" xmlns="urn:d"><c:Q/><R/></c:P>"#
    let root = try XMLReader.parse(Array(text.utf8))
    #expect(root.name == "P" && root.namespace == "urn:n")
    #expect(root.children.map(\.name) == ["Q", "R"])
    #expect(root.children.map(\.namespace) == ["urn:n", "urn:d"])
    #expect(throws: CLFParseError.self) { try XMLReader.parse(Array("<u:P/>".utf8)) }
  }

  @Test func malformedMarkupIsLocated() throws {
    for (text, line, column) in [
      ("<a>\n  <b>\n</a>", 3, 1), ("<a b='1' b='2'/>", 1, 10), ("<a>&bogus;</a>", 1, 4),
      ("<a>&#0;</a>", 1, 4), ("<a/>\n<b/>", 2, 1), ("<a><!-- x </a>", 1, 4),
      ("<a>&#1;</a>", 1, 4), ("<a>\n x\u{1}</a>", 2, 3),
    ] {
      do {
        _ = try XMLReader.parse(Array(text.utf8), file: "f.xml")
        Issue.record("accepted \(text)")
      } catch {
        #expect(error.location.line == line && error.location.column == column, "\(text): \(error)")
      }
    }
  }
}
