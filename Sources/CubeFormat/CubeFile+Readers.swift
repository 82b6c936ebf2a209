/// A program or library that reads `.cube` files.
public enum CubeConsumer: String, Sendable, Hashable, CaseIterable, Codable {
  /// OpenColorIO 2.6 (`iridas_cube` and `resolve_cube` readers, then a reader of the bare 3D
  /// table when both refuse; a file loads if any does).
  case openColorIO = "OpenColorIO"
  /// colour-science 0.4.x `read_LUT` (Iridas reader, then the Resolve one on failure).
  case colourScience = "colour-science"
  /// DaVinci Resolve, by the format Blackmagic describes.
  case resolve = "Resolve"
  /// FFmpeg's `lut3d` filter.
  case ffmpeg
  /// Core Image's `CIColorCube` family, fed the `cubeData` that `--core-image` writes.
  case coreImage = "Core Image"
}

/// What one reader does with a file as EDRCube reads it, and why.
public struct CubeReaderVerdict: Sendable, Hashable, Codable {
  /// The reader.
  public var reader: CubeConsumer
  /// Whether it loads the file at all.
  public var loads: Bool
  /// Whether it loads the file and gets the same tables and domain (the same values).
  public var accepts: Bool
  /// Why it refuses the file or reads other values (empty when it accepts), one phrase per
  /// rule broken.
  public var reasons: [String]
}

/// One rule a file breaks for one reader.
struct ReaderFinding: Sendable, Hashable {
  /// What the reader does, as a phrase.
  var reason: String
  /// Whether the reader then refuses the file (else it loads it with other values).
  var refuses = true
}

extension [ReaderFinding] {
  /// The verdict for `reader` when these are all the rules the file breaks.
  func verdict(_ reader: CubeConsumer) -> CubeReaderVerdict {
    CubeReaderVerdict(
      reader: reader, loads: !contains(where: \.refuses), accepts: isEmpty, reasons: map(\.reason))
  }

  /// These findings with `prefix` before each reason.
  func prefixed(_ prefix: String) -> [ReaderFinding] {
    map { ReaderFinding(reason: prefix + $0.reason, refuses: $0.refuses) }
  }
}

extension CubeFile {
  /// Which readers take this file, by the rules each applies (their sources are cited in
  /// docs/interchange.md, "Which readers accept a cube", and checked against the readers
  /// themselves by scripts/interop/reader_verdicts.py). `survey` is the file's spelling.
  public func readerVerdicts(survey: CubeSyntaxSurvey) -> [CubeReaderVerdict] {
    [
      openColorIOVerdict(survey), colourScienceFindings(survey).verdict(.colourScience),
      resolveFindings(survey).verdict(.resolve), ffmpegFindings(survey).verdict(.ffmpeg),
      coreImageFindings().verdict(.coreImage),
    ]
  }

  static let videoFlags: [CubeKeyword] = [.inputVideoRange, .outputVideoRange]
  private static let inputRanges: [CubeKeyword] = [.lut1DInputRange, .lut3DInputRange]
  static let domains: [CubeKeyword] = [.domainMin, .domainMax]

  /// The keywords of `list` that the file spells.
  func present(_ list: [CubeKeyword], _ survey: CubeSyntaxSurvey) -> [String] {
    list.filter(survey.has).map(\.rawValue)
  }

  /// Whether a table's domain is other than 0–1 (DOMAIN_* or INPUT_RANGE).
  var hasDomain: Bool {
    [lut1D.map { ($0.domainMin, $0.domainMax) }, lut3D.map { ($0.domainMin, $0.domainMax) }]
      .contains { $0.map { $0.0 != .zero || $0.1 != .one } ?? false }
  }

  /// A byte-order mark, for readers that see it as part of the first line's word.
  private func byteOrderMark(_ survey: CubeSyntaxSurvey, reads: String) -> [ReaderFinding] {
    survey.hasByteOrderMark
      ? [ReaderFinding(reason: "a UTF-8 byte-order mark (the first line \(reads))")] : []
  }

  /// Lines starting with an unknown word, as phrases.
  func unknownWords(_ survey: CubeSyntaxSurvey, _ what: String) -> [ReaderFinding] {
    survey.unknownLines.map { ReaderFinding(reason: "\($0.word) (\(what))") }
  }

  /// OpenColorIO 2.6: FileFormatIridasCube.cpp and FileFormatResolveCube.cpp each cap 3D at
  /// 129 and take only three normal floats on a row (a subnormal is 'Invalid color triples');
  /// Iridas takes one table and DOMAIN, Resolve a shaper and INPUT_RANGE but neither TITLE
  /// nor a comment after the first row. When both refuse, OpenColorIO tries its other
  /// readers, one of which loads a bare 3D table: it skips every line before LUT_3D_SIZE
  /// (DOMAIN, INPUT_RANGE and video-range flags included) and then takes only rows and
  /// comments.
  private func openColorIOVerdict(_ survey: CubeSyntaxSurvey) -> CubeReaderVerdict {
    var all: [ReaderFinding] = []
    if let size = lut3D?.size, size > 129 {
      all.append(ReaderFinding(reason: "LUT_3D_SIZE \(size) (2–129)"))
    }
    if survey.hasTrailingComment {
      all.append(ReaderFinding(reason: "a # comment after a line's values"))
    }
    if [lut1D?.values, lut3D?.values].contains(where: {
      $0?.contains(where: \.isSubnormal) ?? false
    }) {
      all.append(
        ReaderFinding(reason: "a subnormal number, below 1.2e-38 ('Invalid color triples')"))
    }
    if survey.hasBareCarriageReturn {
      all.append(ReaderFinding(reason: "CR line ends (lines are split at LF only)"))
    }
    guard all.isEmpty else { return all.verdict(.openColorIO) }
    let bom = byteOrderMark(survey, reads: "reads as a malformed row")
    let flags = present(Self.videoFlags, survey).map {
      ReaderFinding(reason: "\($0) (read as a malformed row)")
    }
    var iridas = bom + flags + unknownWords(survey, "read as a malformed row")
    if hasShaper { iridas.append(ReaderFinding(reason: "a shaper + 3D file")) }
    iridas += present(Self.inputRanges, survey).map {
      ReaderFinding(reason: "\($0) (read as a malformed row)")
    }
    var resolve = bom + flags + unknownWords(survey, "read as a malformed row")
    if survey.has(.title) { resolve.append(ReaderFinding(reason: "TITLE ('Unsupported tag')")) }
    resolve += present(Self.domains, survey).map {
      ReaderFinding(reason: "\($0) (read as a malformed row)")
    }
    if survey.hasCommentAfterData {
      resolve.append(ReaderFinding(reason: "a comment after the first row"))
    }
    let bare = bareTableFindings(survey)
    if iridas.isEmpty || resolve.isEmpty || bare.isEmpty { return [].verdict(.openColorIO) }
    // Both cube readers refuse; the bare-table reader decides, and their reasons explain why
    // it was the one tried.
    let both = iridas.prefixed("iridas_cube: ") + resolve.prefixed("resolve_cube: ")
    return
      (both.map { ReaderFinding(reason: $0.reason, refuses: false) }
      + bare.prefixed("its bare 3D table reader: ")).verdict(.openColorIO)
  }

  /// OpenColorIO's last resort for a `.cube` both of its cube readers refuse: one 3D table,
  /// every line before LUT_3D_SIZE skipped, then rows and comments only.
  private func bareTableFindings(_ survey: CubeSyntaxSurvey) -> [ReaderFinding] {
    guard lut3D != nil, lut1D == nil else {
      return [ReaderFinding(reason: "not a single 3D table")]
    }
    guard let sizeLine = survey.position(of: .lut3DSize) else {
      return [ReaderFinding(reason: "no LUT_3D_SIZE line (a byte-order mark is glued to it)")]
    }
    var findings = survey.keywords[(sizeLine + 1)...].map {
      ReaderFinding(reason: "\($0.keyword.rawValue) after LUT_3D_SIZE (read as a malformed row)")
    }
    findings += survey.unknownLines.filter { $0.keywordsBefore > sizeLine }.map {
      ReaderFinding(reason: "\($0.word) after LUT_3D_SIZE (read as a malformed row)")
    }
    guard findings.isEmpty else { return findings }
    if hasDomain {
      findings.append(
        ReaderFinding(reason: "the domain (skipped before LUT_3D_SIZE)", refuses: false))
    }
    findings += present(Self.videoFlags, survey).map {
      ReaderFinding(reason: "\($0) (skipped before LUT_3D_SIZE)", refuses: false)
    }
    return findings
  }

  /// colour-science 0.4.7 `colour.io.luts`: keywords compared in upper case only, anything
  /// else read as a row of numbers (a byte-order mark included: the file is read as UTF-8
  /// text, which keeps it); the Iridas reader takes one table with DOMAIN, the Resolve one
  /// (tried when Iridas fails) a shaper with INPUT_RANGE but no DOMAIN.
  private func colourScienceFindings(_ survey: CubeSyntaxSurvey) -> [ReaderFinding] {
    var findings = survey.keywords.filter { !$0.isUpperCase }.map {
      ReaderFinding(reason: "\($0.keyword.rawValue) not in upper case")
    }
    findings += byteOrderMark(survey, reads: "is read as a row")
    findings += present(Self.videoFlags, survey).map {
      ReaderFinding(reason: "\($0) (read as a row)")
    }
    findings += unknownWords(survey, "read as a row")
    if survey.hasTrailingComment {
      findings.append(ReaderFinding(reason: "a # comment after a line's values"))
    }
    let iridasReads = !hasShaper && present(Self.inputRanges, survey).isEmpty
    let resolveReads = present(Self.domains, survey).isEmpty
    if !iridasReads && !resolveReads {
      findings.append(
        ReaderFinding(
          reason: "DOMAIN_MIN/MAX with a shaper or INPUT_RANGE (neither reader takes both)"))
    }
    return findings
  }

  /// Blackmagic's description of Resolve's .cube (quoted in OpenColorIO's
  /// FileFormatResolveCube.cpp): 1D, 3D or shaper + 3D, INPUT_RANGE, and comment lines only
  /// before the header lines.
  private func resolveFindings(_ survey: CubeSyntaxSurvey) -> [ReaderFinding] {
    survey.hasCommentAfterData
      ? [ReaderFinding(reason: "a comment after the header and table rows began")] : []
  }

  /// Core Image's `cubeData` (see ``CubeTable3D/coreImageCubeData()``): one 3D table of
  /// 2–64 nodes a side, sampled over 0–1, with no flags.
  private func coreImageFindings() -> [ReaderFinding] {
    guard let table = lut3D, lut1D == nil else {
      return [ReaderFinding(reason: "not a single 3D table (cubeData has no 1D table or shaper)")]
    }
    var reasons: [String] = []
    if !CubeTable3D.coreImageSizes.contains(table.size) {
      reasons.append("size \(table.size) (2–64)")
    }
    if table.domainMin != .zero || table.domainMax != .one {
      reasons.append("a domain other than 0–1 (cubeData has none)")
    }
    if inputVideoRange || outputVideoRange { reasons.append("video-range flags") }
    return reasons.map { ReaderFinding(reason: $0) }
  }
}
