import CubeFormat
import Foundation
import TestSupport
import Testing

/// `inspect`'s reader verdicts: OpenColorIO's and colour-science's against what those
/// libraries did with each case file (Tests/Fixtures/readers/expected.json); ffmpeg's,
/// Resolve's and Core Image's against the rules their sources state (docs/interchange.md).
@Suite struct ReaderVerdictTests {
  static let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/readers")

  static func verdicts(_ name: String) throws -> [CubeConsumer: CubeReaderVerdict] {
    let path = folder.appendingPathComponent(name).path
    let file = try CubeReader.read(contentsOf: path)
    let survey = CubeSyntaxSurvey(text: try String(contentsOfFile: path, encoding: .utf8))
    return Dictionary(
      uniqueKeysWithValues: file.readerVerdicts(survey: survey).map { ($0.reader, $0) })
  }

  static let cases: [String] = {
    Fixtures.fileNames(in: folder, suffix: ".cube")
  }()

  @Test(arguments: cases)
  func openColorIOAndColourScienceVerdictsMatchTheLibraries(name: String) throws {
    let data = try Data(contentsOf: Self.folder.appendingPathComponent("expected.json"))
    let expected = try JSONDecoder().decode([String: [String: Bool]].self, from: data)
    let want = try #require(expected[name])
    let got = try Self.verdicts(name)
    #expect(got[.openColorIO]?.accepts == want["OpenColorIO"], "\(got[.openColorIO]!.reasons)")
    #expect(
      got[.colourScience]?.accepts == want["colour-science"], "\(got[.colourScience]!.reasons)")
  }

  /// ffmpeg lut3d, Resolve and Core Image, case by case (true = accepts).
  @Test(arguments: [
    ("adobe_3d.cube", true, true, true),
    ("shaper_title.cube", false, true, false),
    ("shaper_no_title.cube", false, true, false),
    ("input_range_3d.cube", false, true, false),
    ("domain_before_size.cube", false, false, false),
    ("domain_after_size.cube", true, true, false),
    ("domain_offset_after_size.cube", false, true, false),
    ("lower_case.cube", false, true, true),
    ("video_range.cube", false, true, false),
    ("trailing_comment.cube", true, true, true),
    ("one_d.cube", false, true, false),
  ])
  func ffmpegResolveAndCoreImageFollowTheirRules(
    name: String, ffmpeg: Bool, resolve: Bool, coreImage: Bool
  ) throws {
    let got = try Self.verdicts(name)
    #expect(got[.ffmpeg]?.accepts == ffmpeg, "\(got[.ffmpeg]!.reasons)")
    #expect(got[.resolve]?.accepts == resolve, "\(got[.resolve]!.reasons)")
    #expect(got[.coreImage]?.accepts == coreImage, "\(got[.coreImage]!.reasons)")
  }

  /// Size limits: OpenColorIO 129, ffmpeg 256, Core Image 64 (checked on models: a 130³
  /// file would be a 30 MB fixture).
  @Test(arguments: [(64, true, true, true), (65, true, true, false), (130, false, true, false)])
  func sizeLimits(size: Int, ocio: Bool, ffmpeg: Bool, coreImage: Bool) throws {
    let table = CubeTable3D(
      size: size, values: [Float](repeating: 0.5, count: size * size * size * 3))
    let file = CubeFile(lut3D: table)
    let survey = CubeSyntaxSurvey(text: "LUT_3D_SIZE \(size)\n0 0 0\n")
    let got = Dictionary(
      uniqueKeysWithValues: file.readerVerdicts(survey: survey).map { ($0.reader, $0.accepts) })
    #expect(got[.openColorIO] == ocio && got[.ffmpeg] == ffmpeg && got[.coreImage] == coreImage)
  }
}
