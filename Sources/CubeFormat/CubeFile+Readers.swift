/// A program or library that reads `.cube` files.
public enum CubeConsumer: String, Sendable, Hashable, CaseIterable, Codable {
  /// OpenColorIO 2.x (`iridas_cube` and `resolve_cube` readers; a file loads if either does).
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

/// Whether one reader takes a file as EDRCube reads it, and why not.
public struct CubeReaderVerdict: Sendable, Hashable, Codable {
  /// The reader.
  public var reader: CubeConsumer
  /// Whether it loads the file and gets the same table and domain.
  public var accepts: Bool
  /// Why it does not (empty when it does), one phrase per rule broken.
  public var reasons: [String]
}

extension CubeFile {
  /// Which readers take this file, by the rules each applies (their sources are cited in
  /// docs/interchange.md, "Which readers accept a cube"). `survey` is the file's spelling.
  public func readerVerdicts(survey: CubeSyntaxSurvey) -> [CubeReaderVerdict] {
    let rules: [(CubeConsumer, [String])] = [
      (.openColorIO, openColorIOReasons(survey)), (.colourScience, colourScienceReasons(survey)),
      (.resolve, resolveReasons(survey)), (.ffmpeg, ffmpegReasons(survey)),
      (.coreImage, coreImageReasons()),
    ]
    return rules.map { CubeReaderVerdict(reader: $0.0, accepts: $0.1.isEmpty, reasons: $0.1) }
  }

  private static let videoFlags: [CubeKeyword] = [.inputVideoRange, .outputVideoRange]
  private static let inputRanges: [CubeKeyword] = [.lut1DInputRange, .lut3DInputRange]
  private static let domains: [CubeKeyword] = [.domainMin, .domainMax]

  /// The keywords of `list` that the file spells.
  private func present(_ list: [CubeKeyword], _ survey: CubeSyntaxSurvey) -> [String] {
    list.filter(survey.has).map(\.rawValue)
  }

  /// OpenColorIO's FileFormatIridasCube.cpp and FileFormatResolveCube.cpp: both cap 3D at
  /// 129 and allow only three numbers on a row, each a normal float (its number parser fails on
  /// subnormals); Iridas takes one table and DOMAIN; Resolve
  /// takes a shaper and INPUT_RANGE but refuses TITLE, and comments after the first row.
  private func openColorIOReasons(_ survey: CubeSyntaxSurvey) -> [String] {
    var both: [String] = []
    if let size = lut3D?.size, size > 129 { both.append("LUT_3D_SIZE \(size) (2–129)") }
    if survey.hasTrailingComment { both.append("a # comment after a line's values") }
    both += present(Self.videoFlags, survey).map { "\($0) (read as a malformed row)" }
    let tables = [lut1D?.values, lut3D?.values].compactMap { $0 }
    if tables.contains(where: { $0.contains(where: \.isSubnormal) }) {
      both.append("a subnormal number, below 1.2e-38 ('Invalid color triples')")
    }
    var iridas: [String] = []
    if hasShaper { iridas.append("a shaper + 3D file") }
    iridas += present(Self.inputRanges, survey).map { "\($0) (read as a malformed row)" }
    var resolve: [String] = []
    if survey.has(.title) { resolve.append("TITLE ('Unsupported tag')") }
    resolve += present(Self.domains, survey).map { "\($0) (read as a malformed row)" }
    if survey.hasCommentAfterData { resolve.append("a comment after the first row") }
    guard !both.isEmpty || (!iridas.isEmpty && !resolve.isEmpty) else { return [] }
    return both + iridas.map { "iridas_cube: \($0)" } + resolve.map { "resolve_cube: \($0)" }
  }

  /// colour-science 0.4.7 `colour.io.luts`: keywords compared in upper case only, anything
  /// else read as a row of numbers; the Iridas reader takes one table with DOMAIN, the
  /// Resolve one (tried when Iridas fails) a shaper with INPUT_RANGE but no DOMAIN.
  private func colourScienceReasons(_ survey: CubeSyntaxSurvey) -> [String] {
    var reasons = survey.keywords.filter { !$0.isUpperCase }.map {
      "\($0.keyword.rawValue) not in upper case"
    }
    reasons += present(Self.videoFlags, survey).map { "\($0) (read as a row)" }
    if survey.hasTrailingComment { reasons.append("a # comment after a line's values") }
    let iridasReads = !hasShaper && present(Self.inputRanges, survey).isEmpty
    let resolveReads = present(Self.domains, survey).isEmpty
    if !iridasReads && !resolveReads {
      reasons.append("DOMAIN_MIN/MAX with a shaper or INPUT_RANGE (neither reader takes both)")
    }
    return reasons
  }

  /// Blackmagic's description of Resolve's .cube (quoted in OpenColorIO's
  /// FileFormatResolveCube.cpp): 1D, 3D or shaper + 3D, INPUT_RANGE, and comment lines only
  /// before the header lines.
  private func resolveReasons(_ survey: CubeSyntaxSurvey) -> [String] {
    survey.hasCommentAfterData ? ["a comment after the header and table rows began"] : []
  }

  /// FFmpeg's vf_lut3d.c `parse_cube`: waits for a line starting `LUT_3D_SIZE` (2–256), then
  /// reads rows, skipping only `DOMAIN_` and `TITLE` lines (compared case-sensitively at the
  /// line start) and comments; the domain becomes a scale 1/(max − min) clipped to ≤ 1, with
  /// no offset. Lines before LUT_3D_SIZE are ignored.
  private func ffmpegReasons(_ survey: CubeSyntaxSurvey) -> [String] {
    guard let table = lut3D, let sizeLine = survey.position(of: .lut3DSize) else {
      return ["no 3D table ('3D LUT is empty')"]
    }
    var reasons: [String] = []
    if hasShaper { reasons.append("a shaper (its rows would be read as the 3D table's)") }
    if table.size > 256 { reasons.append("LUT_3D_SIZE \(table.size) (2–256)") }
    let skipped: Set<CubeKeyword> = [.domainMin, .domainMax, .title]
    for (index, line) in survey.keywords.enumerated() {
      let name = line.keyword.rawValue
      let atLineStart = line.isUpperCase && !line.isIndented
      if index == sizeLine, !atLineStart {
        reasons.append("\(name) not upper case at the start of its line ('3D LUT is empty')")
      } else if index > sizeLine, !skipped.contains(line.keyword) {
        reasons.append("\(name) after LUT_3D_SIZE (read as a row)")
      } else if index > sizeLine, !atLineStart {
        reasons.append("\(name) not upper case at the start of its line (read as a row)")
      } else if index < sizeLine, Self.videoFlags.contains(line.keyword) {
        reasons.append("\(name) before LUT_3D_SIZE (ignored)")
      }
    }
    if table.domainMin != .zero || table.domainMax != .one {
      let given = survey.keywords.indices.filter {
        Self.domains.contains(survey.keywords[$0].keyword)
      }
      if given.allSatisfy({ $0 < sizeLine }) {
        reasons.append("the domain is not given after LUT_3D_SIZE, where lut3d reads it")
      } else if table.domainMin != .zero || any(table.domainMax .< .one) {
        reasons.append("a domain other than 0 … ≥ 1 (applied as a scale only)")
      }
    }
    return reasons
  }

  /// Core Image's `cubeData` (see ``CubeTable3D/coreImageCubeData()``): one 3D table of
  /// 2–64 nodes a side, sampled over 0–1, with no flags.
  private func coreImageReasons() -> [String] {
    guard let table = lut3D, lut1D == nil else {
      return ["not a single 3D table (cubeData has no 1D table or shaper)"]
    }
    var reasons: [String] = []
    if !CubeTable3D.coreImageSizes.contains(table.size) {
      reasons.append("size \(table.size) (2–64)")
    }
    if table.domainMin != .zero || table.domainMax != .one {
      reasons.append("a domain other than 0–1 (cubeData has none)")
    }
    if inputVideoRange || outputVideoRange { reasons.append("video-range flags") }
    return reasons
  }
}
