import CubeFormat
import Testing

/// The snippets of CubeFormat's Getting Started article (Documentation.docc), kept compiling.
@Suite struct GettingStartedArticleTests {
  static let text = """
    TITLE "Warm"
    LUT_3D_SIZE 2
    0 0 0
    1 0 0
    0 1 0
    1 1 0
    0 0 1
    1 0 1
    0 1 1
    1 1 1
    """

  @Test func readAndWriteBack() throws {
    let cube = try CubeReader.parse(text: Self.text, file: "warm.cube")
    #expect(cube.title == "Warm")
    #expect(cube.lut3D?.size == 2)

    let bytes = try CubeWriter.write(cube, profile: .resolve)
    let again = try CubeReader.parse(bytes)
    #expect(again.lut3D == cube.lut3D)
  }
}
