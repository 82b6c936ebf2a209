import ColorMath
import EDRPipeline
import Testing

/// The `# EDRCube space:` comment and the resolution order of docs/semantics.md §1.
@Suite struct CubeSpaceTests {
  @Test func commentsAreWrittenAndReadBack() throws {
    let spaces = [
      CubeSpace(.raw), CubeSpace(.linear, primaries: .p3), CubeSpace(.srgb),
      CubeSpace(.bt1886, primaries: .rec2020), CubeSpace(.pq), CubeSpace(.hlg, referenceWhite: 100),
      CubeSpace(.pq, primaries: .p3, referenceWhite: 100.5),
    ]
    let texts = spaces.map(\.commentText)
    #expect(
      texts == [
        "EDRCube space: raw", "EDRCube space: linear p3", "EDRCube space: srgb rec709",
        "EDRCube space: bt1886 rec2020", "EDRCube space: pq rec2020 203",
        "EDRCube space: hlg rec2020 100", "EDRCube space: pq p3 100.5",
      ])
    for (space, text) in zip(spaces, texts) {
      #expect(try CubeSpace(comments: ["a title line", text]) == space)
    }
  }

  @Test func omittedPartsTakeTheDefaults() throws {
    #expect(try CubeSpace(comments: ["EDRCube space: pq"]) == CubeSpace(.pq, primaries: .rec2020))
    #expect(try CubeSpace(comments: ["EDRCube space: hlg 100"])?.referenceWhite == 100)
    #expect(try CubeSpace(comments: ["EDRCube space: srgb"])?.primaries == .rec709)
    #expect(try CubeSpace(comments: ["EDRCube space: bt1886 p3"])?.primaries == .p3)
    #expect(try CubeSpace(comments: ["edrcube SPACE:   PQ\tRec2020 203"]) == CubeSpace(.pq))
    #expect(try CubeSpace(comments: ["just a comment"]) == nil)
    #expect(try CubeSpace(comments: []) == nil)
    #expect(CubeSpace(.pq).containerPeak == 10000.0 / 203)
    #expect(CubeSpace(.hlg, referenceWhite: 100).containerPeak == 10)
    #expect(CubeSpace(.srgb).containerPeak == nil)
  }

  @Test func malformedCommentsAreErrors() {
    let cases: [(String, EDRPipelineError.Kind)] = [
      ("EDRCube space: log rec709", .invalidSpaceComment(token: "log")),
      ("EDRCube space: pq rec2020 203 extra", .invalidSpaceComment(token: "extra")),
      ("EDRCube space: pq rec709 rec2020", .invalidSpaceComment(token: "rec2020")),
      ("EDRCube space: pq rec2020 -5", .invalidReferenceWhite(-5)),
      ("EDRCube space:", .emptySpaceComment),
    ]
    for (text, kind) in cases {
      let error = #expect(throws: EDRPipelineError.self) { try CubeSpace(comments: [text]) }
      #expect(error?.kind == kind, "\(text)")
      #expect(error?.text == text)
    }
    #expect(
      EDRPipelineError(.invalidSpaceComment(token: "log"), text: "EDRCube space: log").description
        == "error: unknown cube space token 'log' in '# EDRCube space: log'; curves: raw, "
        + "linear, srgb, bt1886, pq, hlg, acescct, acescc, logc3, logc4, slog3, vlog, log3g10, "
        + "applelog, davinci-intermediate, cineon, flog, flog2, bmd-film-gen5, slog2, clog2, "
        + "clog3, dlog, lg2; primaries: rec709, p3, p3-dci, rec2020, ap0, ap1, awg3, awg4, "
        + "sgamut3, sgamut3cine, vgamut, rwg, dwg, bmdwg, cinemagamut, dgamut, egamut; `raw` "
        + "on the input only with a raw output")
  }

  @Test func resolutionOrderIsFlagThenCommentThenDefault() throws {
    let comments = ["EDRCube space: pq rec2020 100"]
    let fromFlag = try CubeSpacePair.resolve(
      input: .hlg, primaries: nil, output: nil, outputPrimaries: nil, referenceWhite: nil,
      comments: comments)
    #expect(
      fromFlag.spaces == CubeSpacePair(CubeSpace(.hlg)) && fromFlag.spaces.input == CubeSpace(.hlg)
        && fromFlag.origin == .commandLine)
    let fromComment = try CubeSpacePair.resolve(
      input: nil, primaries: .p3, output: nil, outputPrimaries: nil, referenceWhite: nil,
      comments: comments)
    #expect(
      fromComment.spaces.output
        == CubeSpace(.pq, primaries: .p3, referenceWhite: 100))
    #expect(fromComment.origin == .comment)
    let fallback = try CubeSpacePair.resolve(
      input: nil, primaries: nil, output: nil, outputPrimaries: nil, referenceWhite: 150,
      comments: [])
    #expect(
      fallback.spaces.output == CubeSpace(.srgb, referenceWhite: 150)
        && fallback.origin == .fallback)
    #expect(throws: EDRPipelineError.self) {
      try CubeSpacePair.resolve(
        input: .pq, primaries: nil, output: nil, outputPrimaries: nil, referenceWhite: 0,
        comments: [])
    }
  }

  @Test func optionSpellingsMatchTheCommandLine() {
    #expect(
      TransferFunction.allCases.map(\.rawValue) == [
        "raw", "linear", "srgb", "bt1886", "pq", "hlg", "acescct", "acescc", "logc3", "logc4",
        "slog3", "vlog", "log3g10", "applelog", "davinci-intermediate", "cineon", "flog",
        "flog2", "bmd-film-gen5", "slog2", "clog2", "clog3", "dlog", "lg2",
      ])
    #expect(
      NamedPrimaries.allCases.map(\.rawValue) == [
        "rec709", "p3", "p3-dci", "rec2020", "ap0", "ap1", "awg3", "awg4", "sgamut3",
        "sgamut3cine", "vgamut", "rwg", "dwg", "bmdwg", "cinemagamut", "dgamut",
        "egamut",
      ])
    #expect(
      EDRPolicy.allCases.map(\.rawValue) == [
        "clamp", "linear", "maxrgb", "tone-scaled-maxrgb", "rising-maxrgb",
      ])
    #expect(WorkingSpace.Transfer.allCases.map(\.rawValue) == ["linear", "srgb"])
    #expect(EDRPolicy.default == .risingMaxRGB)
  }
}
