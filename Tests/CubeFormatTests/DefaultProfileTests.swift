import CubeFormat
import Foundation
import Testing

/// The profile written when none is named: the first of adobe, ocio, resolve that can express
/// the file, so a shaper file carries no `TITLE` (which OpenColorIO 2.x refuses there).
@Suite struct DefaultProfileTests {
  static let shaper = CubeTable1D(size: 2, values: [0, 0, 0, 1, 1, 1])

  @Test func singleTablesAreAdobe() {
    let file = CubeFile(title: "Look", lut3D: CubeTestData.identity3D(size: 33))
    #expect(CubeWriter.defaultProfile(for: file) == .adobe)
  }

  @Test func shaperFilesAreOCIOAndHaveNoTitle() throws {
    let file = CubeFile(
      title: "Look", dialect: .resolve, lut1D: Self.shaper,
      lut3D: CubeTestData.identity3D(size: 5), comments: ["made by a test"])
    #expect(CubeWriter.defaultProfile(for: file) == .ocio)
    let text = String(
      decoding: try CubeWriter.write(file, profile: CubeWriter.defaultProfile(for: file)),
      as: UTF8.self)
    #expect(!text.contains("TITLE"))
    #expect(text.contains("LUT_1D_SIZE 2") && text.contains("LUT_3D_SIZE 5"))
    #expect(text.contains("# made by a test"))
  }

  @Test func whatOnlyResolveExpressesIsResolve() {
    let flagged = CubeFile(
      dialect: .resolve, lut3D: CubeTestData.identity3D(size: 5), inputVideoRange: true)
    #expect(CubeWriter.defaultProfile(for: flagged) == .resolve)
    let big = CubeFile(
      dialect: .resolve, lut1D: Self.shaper, lut3D: CubeTestData.identity3D(size: 130))
    #expect(CubeWriter.defaultProfile(for: big) == .resolve)
  }
}
