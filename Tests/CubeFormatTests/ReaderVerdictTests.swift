import CubeFormat
import Foundation
import TestSupport
import Testing

/// `inspect`'s reader verdicts: OpenColorIO's, colour-science's and ffmpeg's against what
/// those readers did with every `.cube` file of the test corpus (Tests/Fixtures/readers/
/// expected.json, recorded by scripts/interop/reader_verdicts.py, which `make interop` runs
/// live); Resolve's and Core Image's against the rules their documentation states
/// (docs/interchange.md).
@Suite struct ReaderVerdictTests {
  static let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/readers")

  static func verdicts(path: String) throws -> [CubeConsumer: CubeReaderVerdict] {
    let file = try CubeReader.read(contentsOf: path)
    let survey = CubeSyntaxSurvey(data: Fixtures.data(URL(fileURLWithPath: path)))
    return Dictionary(
      uniqueKeysWithValues: file.readerVerdicts(survey: survey).map { ($0.reader, $0) })
  }

  static func verdicts(_ name: String) throws -> [CubeConsumer: CubeReaderVerdict] {
    try verdicts(path: folder.appendingPathComponent(name).path)
  }

  /// What each reader did with each corpus file: "same", "differs" or "refuses".
  static let recorded: [String: [String: String]] = {
    let data = Fixtures.data(folder.appendingPathComponent("expected.json"))
    do {
      return try JSONDecoder().decode([String: [String: String]].self, from: data)
    } catch {
      fatalError("Tests/Fixtures/readers/expected.json: \(error)")
    }
  }()

  /// The recorded files.
  static let corpus: [String] = recorded.keys.sorted()

  static func state(_ verdict: CubeReaderVerdict) -> String {
    verdict.accepts ? "same" : verdict.loads ? "differs" : "refuses"
  }

  @Test func theRecordCoversTheReaderCasesAndTheConformanceCorpus() {
    let names = Set(Fixtures.fileNames(in: Self.folder, suffix: ".cube"))
    #expect(names.isSubset(of: Self.corpus.map { ($0 as NSString).lastPathComponent }))
    #expect(Self.corpus.filter { $0.contains("conformance/cube-cases/") }.count >= 40)
  }

  @Test(arguments: corpus)
  func openColorIOColourScienceAndFFmpegVerdictsMatchTheReaders(path: String) throws {
    let got = try Self.verdicts(path: Fixtures.repositoryRoot.appendingPathComponent(path).path)
    let want = try #require(Self.recorded[path])
    for reader in [CubeConsumer.openColorIO, .colourScience, .ffmpeg] {
      let verdict = try #require(got[reader])
      #expect(Self.state(verdict) == want[reader.rawValue], "\(reader): \(verdict.reasons)")
    }
  }

  /// The spellings the issue names, each against what the reader did (true: same values).
  @Test func resolveTitleWithCRLFByteOrderMarkAndVideoFlagsBeforeTheSize() throws {
    let crlf = try Self.verdicts("title_crlf.cube")
    #expect(crlf[.ffmpeg]?.accepts == true, "\(crlf[.ffmpeg]!.reasons)")
    let bom = try Self.verdicts("bom_title.cube")
    #expect(bom[.colourScience]?.loads == false)
    #expect(bom[.openColorIO]?.accepts == true, "\(bom[.openColorIO]!.reasons)")
    let flags = try Self.verdicts("video_range_before_size.cube")
    let ocio = try #require(flags[.openColorIO])
    #expect(ocio.loads && !ocio.accepts, "\(ocio.reasons)")
    #expect(ocio.reasons.contains { $0.contains("LUT_IN_VIDEO_RANGE (skipped") })
  }

  /// Resolve and Core Image, case by case (true = accepts).
  @Test(arguments: [
    ("adobe_3d.cube", true, true),
    ("shaper_title.cube", true, false),
    ("shaper_no_title.cube", true, false),
    ("input_range_3d.cube", true, false),
    ("domain_before_size.cube", false, false),
    ("domain_after_size.cube", true, false),
    ("domain_offset_after_size.cube", true, false),
    ("lower_case.cube", true, true),
    ("video_range.cube", true, false),
    ("trailing_comment.cube", true, true),
    ("one_d.cube", true, false),
  ])
  func resolveAndCoreImageFollowTheirRules(name: String, resolve: Bool, coreImage: Bool) throws {
    let got = try Self.verdicts(name)
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

  /// The survey reads CRLF, CR and LF line ends alike, and a byte-order mark is not a
  /// keyword's first letter.
  @Test func surveyLineEndsAndByteOrderMark() {
    let crlf = CubeSyntaxSurvey(text: "TITLE \"t\"\r\nLUT_3D_SIZE 2\r\n0.5 0.25 0.125\r\n")
    #expect(crlf.keywords.map(\.keyword) == [.title, .lut3DSize])
    #expect(!crlf.hasBareCarriageReturn && crlf.fractionDigits == 3)
    let cr = CubeSyntaxSurvey(text: "LUT_3D_SIZE 2\r0 0 0\r")
    #expect(cr.keywords.map(\.keyword) == [.lut3DSize] && cr.hasBareCarriageReturn)
    let bom = CubeSyntaxSurvey(text: "\u{FEFF}TITLE \"t\"\nLUT_3D_SIZE 2\n")
    #expect(bom.hasByteOrderMark && bom.keywordAfterByteOrderMark == .title)
    #expect(bom.keywords.map(\.keyword) == [.lut3DSize])
  }
}
