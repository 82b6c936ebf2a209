import CubeFormat
import Testing

@Suite struct CubeExportTests {
  /// A table whose node (r, g, b) holds (r, g, b) + (0.5, 0.25, 0.125)·row, distinct everywhere.
  func table(size: Int) -> CubeTable3D {
    var values: [Float] = []
    for b in 0..<size {
      for g in 0..<size {
        for r in 0..<size {
          let row = Float(r + size * (g + size * b))
          values += [Float(r) + 0.5 * row, Float(g) + 0.25 * row, Float(b) + 0.125 * row]
        }
      }
    }
    return CubeTable3D(size: size, values: values)
  }

  @Test func coreImageDataIsRGBARedFastestWithOpaqueAlpha() throws {
    let t = table(size: 3)
    let data = try #require(t.coreImageCubeData())
    #expect(data.count == 27 * 4)
    // Node (2, 1, 0) is row 2 + 3·1 = 5.
    let expected: [Float] = [4.5, 2.25, 0.625, 1]
    #expect(Array(data[20..<24]) == expected)
    #expect(stride(from: 3, to: data.count, by: 4).allSatisfy { data[$0] == 1 })
  }

  @Test func coreImageRejectsSizesAbove64() {
    #expect(
      CubeTable3D(size: 65, values: .init(repeating: 0, count: 65 * 65 * 65 * 3))
        .coreImageCubeData() == nil)
  }

  @Test func coreImageSnippetNamesTheFilterAndExtrapolates() {
    let s = table(size: 2).coreImageSnippet(
      dataFileName: "look.bin", colorSpaceName: "itur_2100_PQ")
    #expect(s.contains("CIColorCubeWithColorSpace"))
    #expect(s.contains("\"inputExtrapolate\""))
    #expect(s.contains("CGColorSpace.itur_2100_PQ"))
  }

  @Test func haldRoundTripLevel2() throws {
    let t = table(size: 4)
    #expect(t.haldLevel == 2)
    let image = try #require(t.haldImage())
    #expect(image.side == 8)
    // Pixel (x: 5, y: 1) is index 13 = node (1, 3, 0).
    let i = 13
    let expected: [Float] = [7.5, 6.25, 1.625]
    #expect(Array(image.rgb[3 * i..<3 * i + 3]) == expected)
    let back = try #require(CubeTable3D(haldSide: image.side, rgb: image.rgb))
    #expect(back == t)
  }

  @Test func haldRejectsNonSquareSizesAndBadImages() {
    #expect(table(size: 5).haldImage() == nil)
    #expect(CubeTable3D(haldSide: 9, rgb: .init(repeating: 0, count: 243)) == nil)
    #expect(CubeTable3D(haldSide: 8, rgb: .init(repeating: 0, count: 10)) == nil)
  }
}
