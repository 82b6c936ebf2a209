extension CubeWriter {
  /// The two keyword syntaxes a profile can use.
  enum Syntax {
    /// One table, `DOMAIN_MIN/MAX`.
    case adobe
    /// Optional shaper, `LUT_*_INPUT_RANGE`, video-range flags.
    case resolve
  }

  /// The profile `edrcube` writes `file` with when none is named: the first of adobe, ocio,
  /// resolve that can express it, so that a file loads in every reader that can read it at all
  /// (a shaper file gets the ocio profile, whose shaper files carry no `TITLE`, which
  /// OpenColorIO refuses there; Resolve and colour-science read them too).
  public static func defaultProfile(for file: CubeFile) -> CubeWriterProfile {
    for profile in [CubeWriterProfile.adobe, .ocio]
    where (try? syntax(for: file, profile: profile)) != nil {
      return profile
    }
    return .resolve
  }

  /// Every header line (title, comments, keywords), each ending with `\n`.
  static func headerText(_ file: CubeFile, profile: CubeWriterProfile) throws(CubeWriteError)
    -> String
  {
    let syntax = try self.syntax(for: file, profile: profile)
    var lines: [String] = []
    if let title = file.title, !(profile == .ocio && file.hasShaper) {
      lines.append(try titleLine(title))
    }
    for comment in file.comments { lines += try commentLines(comment) }
    switch syntax {
    case .adobe:
      if let t = file.lut1D {
        lines.append("LUT_1D_SIZE \(t.size)")
        lines += domainLines(t.domainMin, t.domainMax)
      } else if let t = file.lut3D {
        lines.append("LUT_3D_SIZE \(t.size)")
        lines += domainLines(t.domainMin, t.domainMax)
      }
    case .resolve:
      if let t = file.lut1D {
        lines.append("LUT_1D_SIZE \(t.size)")
        lines += inputRangeLine("LUT_1D_INPUT_RANGE", t.domainMin, t.domainMax)
      }
      if let t = file.lut3D {
        lines.append("LUT_3D_SIZE \(t.size)")
        lines += inputRangeLine("LUT_3D_INPUT_RANGE", t.domainMin, t.domainMax)
      }
      if file.inputVideoRange { lines.append(CubeKeyword.inputVideoRange.rawValue) }
      if file.outputVideoRange { lines.append(CubeKeyword.outputVideoRange.rawValue) }
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// The syntax `profile` writes `file` in, or why it cannot.
  private static func syntax(for file: CubeFile, profile: CubeWriterProfile)
    throws(CubeWriteError) -> Syntax
  {
    func refuse(_ reason: String) -> CubeWriteError {
      CubeWriteError(kind: .notRepresentable(profile: profile, reason: reason))
    }
    let size3D = file.lut3D?.size ?? 0
    let hasFlags = file.inputVideoRange || file.outputVideoRange
    switch profile {
    case .adobe:
      if file.hasShaper { throw refuse("a 1D shaper before a 3D table needs the resolve profile") }
      if hasFlags { throw refuse("LUT_IN/OUT_VIDEO_RANGE need the resolve profile") }
      if size3D > CubeSizeLimits.nodes3D.upperBound {
        throw refuse(
          "LUT_3D_SIZE \(size3D) is above the Adobe maximum \(CubeSizeLimits.nodes3D.upperBound)")
      }
      return .adobe
    case .ocio:
      if hasFlags { throw refuse("OpenColorIO does not read LUT_IN/OUT_VIDEO_RANGE") }
      if size3D > 129 { throw refuse("LUT_3D_SIZE \(size3D) is above OpenColorIO's 129") }
      guard file.hasShaper else { return .adobe }
    case .resolve:
      break
    }
    for (name, table) in [("1D", file.lut1D?.domain), ("3D", file.lut3D?.domain)] {
      guard let (lo, hi) = table else { continue }
      if lo != SIMD3(repeating: lo.x) || hi != SIMD3(repeating: hi.x) {
        throw refuse("the \(name) table's per-channel domain needs DOMAIN_MIN/MAX (adobe profile)")
      }
    }
    return .resolve
  }

  /// `TITLE "text"`: one line of at most 250 bytes without control characters.
  private static func titleLine(_ title: String) throws(CubeWriteError) -> String {
    if title.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }) {
      throw CubeWriteError(kind: .invalidTitle("it holds a line break or a control character"))
    }
    let line = "TITLE \"\(title)\""
    guard line.utf8.count <= maximumLineLength else {
      throw CubeWriteError(kind: .invalidTitle("longer than one \(maximumLineLength)-byte line"))
    }
    return line
  }

  /// `# text` lines: one per line of the comment, wrapped at the line limit.
  private static func commentLines(_ comment: String) throws(CubeWriteError) -> [String] {
    var lines: [String] = []
    let parts = comment.split(omittingEmptySubsequences: false) {
      $0 == "\n" || $0 == "\r\n" || $0 == "\r"
    }
    for part in parts {
      if part.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F })
      {
        throw CubeWriteError(kind: .invalidComment("it holds a NUL or another control character"))
      }
      var line = "#"
      for scalar in part.unicodeScalars {
        if line.utf8.count == 1 { line += " " }
        if line.utf8.count + String(scalar).utf8.count > maximumLineLength {
          lines.append(line)
          line = "# "
        }
        line.unicodeScalars.append(scalar)
      }
      lines.append(line)
    }
    return lines
  }

  /// `DOMAIN_MIN`/`DOMAIN_MAX` lines, only when the domain is not 0…1.
  private static func domainLines(_ lo: SIMD3<Float>, _ hi: SIMD3<Float>) -> [String] {
    guard lo != .zero || hi != .one else { return [] }
    return ["DOMAIN_MIN \(triple(lo))", "DOMAIN_MAX \(triple(hi))"]
  }

  /// An INPUT_RANGE line, only when the range is not 0…1.
  private static func inputRangeLine(_ keyword: String, _ lo: SIMD3<Float>, _ hi: SIMD3<Float>)
    -> [String]
  {
    guard lo != .zero || hi != .one else { return [] }
    return ["\(keyword) \(numberText(lo.x)) \(numberText(hi.x))"]
  }

  private static func triple(_ v: SIMD3<Float>) -> String {
    "\(numberText(v.x)) \(numberText(v.y)) \(numberText(v.z))"
  }
}

extension CubeTable1D {
  /// `(domainMin, domainMax)`.
  var domain: (SIMD3<Float>, SIMD3<Float>) { (domainMin, domainMax) }
}

extension CubeTable3D {
  /// `(domainMin, domainMax)`.
  var domain: (SIMD3<Float>, SIMD3<Float>) { (domainMin, domainMax) }
}
