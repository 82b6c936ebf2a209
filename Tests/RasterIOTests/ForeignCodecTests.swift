import FileOutput
import Foundation
import RasterIO
import TestSupport
import Testing

/// OpenEXR files written by the OpenEXR 3.5.3 Python wheel (Tests/Fixtures/exr-cases): B44 and
/// B44A with 32-bit float channels, which OpenEXRCore 3.1 decodes scrambled, read as the wheel
/// reads them; compressions newer than the linked library and deep data refused by name.
@Suite struct ForeignCodecTests {
  static let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/exr-cases")

  static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

  /// What the wheel reads from `name`: channel name → samples, row-major.
  static func reference(_ name: String) throws -> [String: [Float]] {
    let data = Fixtures.data(folder.appendingPathComponent("reference.json"))
    return try #require(
      try JSONDecoder().decode([String: [String: [Float]]].self, from: data)[name])
  }

  static func values(_ part: EXRPart) throws -> [String: [Float]] {
    Dictionary(uniqueKeysWithValues: part.channels.map { ($0.name, $0.samples.floatValues) })
  }

  @Test(arguments: [
    ("b44a_float.exr", EXRCompression.b44a, false), ("b44_float_tiled.exr", .b44, true),
  ])
  func b44FloatDecodesAsTheWheelDecodesIt(name: String, compression: EXRCompression, tiled: Bool)
    throws
  {
    let part = try EXRImage.read(path: Self.path(name)).parts[0]
    #expect(part.compression == compression && (part.tiling != nil) == tiled)
    #expect(part.channels.allSatisfy { $0.pixelType == .float })
    let expected = try Self.reference(name)
    #expect(try Self.values(part) == expected)
    #expect(expected["A"]?.allSatisfy { $0 == 1 } == true)
  }

  /// Written back with the same compression (through OpenEXR's C++ library) and read again:
  /// every sample the same, so B44/B44A float survives a round trip.
  @Test func b44aFloatRoundTripsBitExact() throws {
    try withTemporaryDirectory { dir in
      let image = try EXRImage.read(path: Self.path("b44a_float.exr"))
      let out = dir.appendingPathComponent("out.exr").path
      try image.write(to: out, using: .fast)
      let back = try EXRImage.read(path: out).parts[0]
      #expect(back.compression == .b44a)
      #expect(try Self.values(back) == Self.reference("b44a_float.exr"))
    }
  }

  @Test(arguments: [
    ("zstd.exr", "ZSTD compression needs OpenEXR ≥ 3.4; this build has 3."),
    ("htj2k.exr", "HTJ2K (32 lines) compression needs OpenEXR ≥ 3.4; this build has 3."),
    ("deep.exr", "holds deep data (deepscanline"),
  ])
  func newerCodecsAndDeepDataAreRefusedByName(name: String, words: String) throws {
    let path = Self.path(name)
    let error = try #require(throws: RasterIOError.self) { try EXRImage.read(path: path) }
    #expect(error.kind == .unsupported, "\(error)")
    #expect("\(error)".contains(words), "\(error)")
    #expect("\(error)".contains(path), "\(error)")
  }
}
