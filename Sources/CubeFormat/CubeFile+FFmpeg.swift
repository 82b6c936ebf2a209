extension CubeFile {
  /// FFmpeg 5.1's libavfilter/vf_lut3d.c `parse_cube`: reads lines split at LF (a CR before
  /// the LF is a blank) and ignores every line until one starting exactly `LUT_3D_SIZE`
  /// (2–256); then reads size³ rows, skipping blank and `#` lines, lines starting `TITLE`,
  /// and reading lines starting `DOMAIN_MIN `/`DOMAIN_MAX `; any other line there is invalid
  /// data. The domain becomes a scale 1/(max − min) clipped to ≤ 1, with no offset.
  func ffmpegFindings(_ survey: CubeSyntaxSurvey) -> [ReaderFinding] {
    guard let table = lut3D else {
      return [ReaderFinding(reason: "no 3D table ('3D LUT is empty')")]
    }
    guard survey.keywordAfterByteOrderMark != .lut3DSize,
      let sizeLine = survey.position(of: .lut3DSize)
    else {
      return [
        ReaderFinding(reason: "a UTF-8 byte-order mark before LUT_3D_SIZE ('3D LUT is empty')")
      ]
    }
    var findings: [ReaderFinding] = []
    if survey.hasBareCarriageReturn {
      findings.append(ReaderFinding(reason: "CR line ends (lines are split at LF only)"))
    }
    if table.size > 256 {
      findings.append(ReaderFinding(reason: "LUT_3D_SIZE \(table.size) (2–256)"))
    }
    let skipped: Set<CubeKeyword> = [.domainMin, .domainMax, .title]
    for (index, line) in survey.keywords.enumerated() {
      let name = line.keyword.rawValue
      let atLineStart = line.isUpperCase && !line.isIndented
      if index == sizeLine, !atLineStart {
        findings.append(
          ReaderFinding(
            reason: "\(name) not upper case at the start of its line ('3D LUT is empty')"))
      } else if index > sizeLine, !skipped.contains(line.keyword) {
        findings.append(ReaderFinding(reason: "\(name) after LUT_3D_SIZE (read as a row)"))
      } else if index > sizeLine, !atLineStart {
        findings.append(
          ReaderFinding(reason: "\(name) not upper case at the start of its line (read as a row)"))
      } else if index < sizeLine, Self.videoFlags.contains(line.keyword) {
        findings.append(
          ReaderFinding(reason: "\(name) before LUT_3D_SIZE (ignored)", refuses: false))
      }
    }
    findings += survey.unknownLines.filter { $0.keywordsBefore > sizeLine }.map {
      ReaderFinding(reason: "\($0.word) after LUT_3D_SIZE (read as a row)")
    }
    if hasShaper {
      findings.append(
        ReaderFinding(reason: "a shaper (its rows are read as the 3D table's)", refuses: false))
    }
    if table.domainMin != .zero || table.domainMax != .one {
      let given = survey.keywords.indices.filter {
        Self.domains.contains(survey.keywords[$0].keyword)
      }
      if given.allSatisfy({ $0 < sizeLine }) {
        findings.append(
          ReaderFinding(
            reason: "the domain is not given after LUT_3D_SIZE, where lut3d reads it",
            refuses: false))
      } else if table.domainMin != .zero || any(table.domainMax .< .one) {
        findings.append(
          ReaderFinding(
            reason: "a domain other than 0 … ≥ 1 (applied as a scale only)", refuses: false))
      }
    }
    return findings
  }
}
