import CubeFormat
import Foundation
import TestSupport
import Testing

/// parse → write → parse is bit-exact (docs/semantics.md §2, Writing).
@Suite struct RoundTripTests {
  static let sizes: [Int] = Array(2...65) + [129] + (CubeTestData.heavy ? [256] : [])

  @Test(arguments: sizes)
  func randomCubeRoundTripsBitExact(size: Int) throws {
    let file = CubeFile(
      title: "random \(size)", lut3D: CubeTestData.random3D(size: size, seed: UInt64(size)),
      comments: ["EDRCube space: raw", "  indented", ""])
    let bytes = try CubeWriter.write(file)
    let back = try CubeReader.parse(bytes)
    #expect(CubeTestData.sameContent(file, back))
    #expect(back.warnings.isEmpty)
  }

  @Test func a10DecimalsRoundTrip() throws {
    let url = Fixtures.cubeCases.appendingPathComponent("A10_round_trip_decimals.cube")
    let first = try CubeReader.read(contentsOf: url.path)
    for profile in CubeWriterProfile.allCases {
      let again = try CubeReader.parse(try CubeWriter.write(first, profile: profile))
      #expect(CubeTestData.sameContent(first, again), "\(profile)")
    }
  }

  @Test func shaperWithRangesAndFlagsRoundTripsInResolve() throws {
    let shaper = CubeTable1D(
      size: 4, domainMin: SIMD3(repeating: -0.125), domainMax: SIMD3(repeating: 4.5),
      values: CubeTestData.randomValues(12, seed: 7))
    let cube = CubeTable3D(
      size: 3, domainMin: SIMD3(repeating: 0), domainMax: SIMD3(repeating: 2),
      values: CubeTestData.randomValues(81, seed: 8))
    let file = CubeFile(
      title: "a \"quoted\" # title", lut1D: shaper, lut3D: cube, inputVideoRange: true,
      outputVideoRange: true)
    let back = try CubeReader.parse(try CubeWriter.write(file, profile: .resolve))
    #expect(CubeTestData.sameContent(file, back))
    #expect(back.dialect == .resolve)
  }

  @Test func perChannelDomain1DRoundTripsInAdobe() throws {
    let table = CubeTable1D(
      size: 5, domainMin: SIMD3(-2, 1, 0), domainMax: SIMD3(2, 2, 1e-3),
      values: CubeTestData.randomValues(15, seed: 9))
    let file = CubeFile(lut1D: table)
    let back = try CubeReader.parse(try CubeWriter.write(file, profile: .adobe))
    #expect(CubeTestData.sameContent(file, back))
    #expect(back.dialect == .adobe)
  }

  @Test func longAndMultiLineCommentsStayWithinTheLineLimit() throws {
    let long = String(repeating: "é", count: 300)
    let file = CubeFile(
      lut3D: CubeTestData.identity3D(size: 2), comments: [long, "one\ntwo\r\nthree"])
    let bytes = try CubeWriter.write(file)
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    #expect(lines.allSatisfy { $0.count <= CubeWriter.maximumLineLength })
    #expect(!bytes.contains(0x0D))
    let back = try CubeReader.parse(bytes)
    #expect(back.comments.joined() == long + "onetwothree")
    #expect(back.comments.count == 6)
  }
}
