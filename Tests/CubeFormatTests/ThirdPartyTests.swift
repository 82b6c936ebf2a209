import CubeFormat
import Foundation
import TestSupport
import Testing

/// Real files other projects wrote (conformance/third-party): every one loads, and writing
/// it back reads back the same (or the profile says, with a typed error, that it cannot
/// express the file).
@Suite struct ThirdPartyTests {
  static let files: [String] = {
    let folders = ["colour-iridas_cube", "colour-resolve_cube", "ocio"]
    return folders.flatMap { folder in
      let url = Fixtures.thirdParty.appendingPathComponent(folder)
      return Fixtures.fileNames(in: url, suffix: ".cube").map { "\(folder)/\($0)" }
    }.sorted()
  }()

  @Test func corpusIsPresent() {
    #expect(Self.files.count == 19)
  }

  @Test(arguments: files)
  func loadsAndRoundTrips(_ name: String) throws {
    let path = Fixtures.thirdParty.appendingPathComponent(name).path
    let file = try CubeReader.read(contentsOf: path)
    #expect(file.lut1D != nil || file.lut3D != nil)
    var written = 0
    for profile in CubeWriterProfile.allCases {
      do throws(CubeWriteError) {
        let bytes = try CubeWriter.write(file, profile: profile)
        let back = try? CubeReader.parse(bytes)
        #expect(
          back.map { CubeTestData.sameContent(file, $0) } == true
            || profile == .ocio && file.hasShaper)
        written += 1
      } catch {
        guard case .notRepresentable = error.kind else {
          Issue.record("\(profile): \(error)")
          continue
        }
      }
    }
    #expect(written >= 2)
  }

  @Test func resolveFileWithARangeForAMissingTableWarns() throws {
    let path = Fixtures.thirdParty.appendingPathComponent("colour-resolve_cube/eotf_sRGB_3D.cube")
    let file = try CubeReader.read(contentsOf: path.path)
    #expect(file.lut3D?.size == 8 && file.lut1D == nil)
    #expect(file.lut3D?.domainMax == .one)
    #expect(file.warnings.map(\.kind) == [.rangeForMissingTable("LUT_1D_INPUT_RANGE")])
    #expect(file.dialect == .resolve)
  }

  @Test func shaperFileIsResolveWithItsRanges() throws {
    let path = Fixtures.thirdParty.appendingPathComponent("ocio/resolve_1d3d.cube")
    let file = try CubeReader.read(contentsOf: path.path)
    #expect(file.dialect == .resolve)
    #expect(file.lut1D?.domainMin == SIMD3(repeating: -1))
    #expect(file.lut3D?.domainMax == SIMD3(repeating: 4))
    #expect(file.warnings.isEmpty)
  }
}
