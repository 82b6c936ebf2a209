/// The arguments of the keywords other than `TITLE`.
extension CubeParser {
  /// Reads and checks a size, domain, input-range or flag keyword's arguments.
  mutating func readArguments(_ p: UnsafeBufferPointer<UInt8>, _ a: KeywordArguments)
    throws(CubeParseError)
  {
    let (found, comment) = tokens(p, from: a.argumentsStart, lineEnd: a.lineEnd)
    let count: Int
    switch a.keyword {
    case .lut1DSize, .lut3DSize, .lut2DSize: count = 1
    case .domainMin, .domainMax: count = 3
    case .lut1DInputRange, .lut3DInputRange: count = 2
    case .inputVideoRange, .outputVideoRange, .title: count = 0
    }
    if found.count != count {
      let column =
        found.count > count
        ? found[count].start - a.lineStart + 1
        : (found.last?.end ?? a.argumentsStart) - a.lineStart + 1
      throw error(
        .malformedKeyword(a.keyword.rawValue), line: line, column: column, p,
        lineStart: a.lineStart)
    }
    if let comment { noteTrailingComment(column: comment - a.lineStart + 1) }
    if [.lut1DInputRange, .lut3DInputRange, .inputVideoRange, .outputVideoRange].contains(
      a.keyword)
    {
      header.hasResolveKeyword = true
    }
    switch a.keyword {
    case .lut1DSize, .lut3DSize, .lut2DSize:
      let size = try readSize(p, found[0], a)
      let located = Located(value: size, line: line, column: a.column)
      if a.keyword == .lut1DSize { header.size1D = located } else { header.size3D = located }
    case .domainMin, .domainMax:
      let v = try numbers(p, found, a)
      let located = Located(value: SIMD3(v[0], v[1], v[2]), line: line, column: a.column)
      if a.keyword == .domainMin { header.domainMin = located } else { header.domainMax = located }
      if let lo = header.domainMin, let hi = header.domainMax, CubeParser.isEmptyDomain(lo, hi) {
        throw error(
          .invalidRange("DOMAIN_MIN/DOMAIN_MAX"), line: line, column: a.column, p,
          lineStart: a.lineStart)
      }
    case .lut1DInputRange, .lut3DInputRange:
      let v = try numbers(p, found, a)
      guard CubeParser.isUsableSpan(v[0], v[1]) else {
        throw error(
          .invalidRange(a.keyword.rawValue), line: line, column: a.column, p,
          lineStart: a.lineStart)
      }
      let located = Located(value: SIMD2(v[0], v[1]), line: line, column: a.column)
      if a.keyword == .lut1DInputRange {
        header.inputRange1D = located
      } else {
        header.inputRange3D = located
      }
    case .inputVideoRange:
      header.inputVideoRange = Located(value: true, line: line, column: a.column)
    case .outputVideoRange:
      header.outputVideoRange = Located(value: true, line: line, column: a.column)
    case .title:
      break
    }
  }

  /// A size argument: decimal digits only, within 2…65536 (1D) or 2…1024 (3D), decided
  /// before anything is allocated. 257…1024 gives a warning.
  private mutating func readSize(
    _ p: UnsafeBufferPointer<UInt8>, _ token: Token, _ a: KeywordArguments
  ) throws(CubeParseError) -> Int {
    let bytes = UnsafeBufferPointer(rebasing: p[token.start..<token.end])
    let maximum =
      a.keyword == .lut1DSize
      ? CubeSizeLimits.rows1D.upperBound : CubeSizeLimits.readableNodes3D.upperBound
    var value = 0
    for b in bytes {
      guard b &- 0x30 < 10, value <= maximum else {
        value = -1
        break
      }
      value = value * 10 + Int(b &- 0x30)
    }
    let column = token.start - a.lineStart + 1
    guard value >= 2, value <= maximum else {
      throw error(
        .sizeOutOfRange(keyword: a.keyword.rawValue, text: CubeParser.sanitized(bytes)),
        line: line, column: column, p, lineStart: a.lineStart)
    }
    if a.keyword == .lut3DSize, value > CubeSizeLimits.nodes3D.upperBound {
      warn(
        CubeWarning(kind: .largeSize(value), location: location(line: line, column: column)))
    }
    return value
  }

  /// The numbers of a DOMAIN or INPUT_RANGE line.
  private func numbers(_ p: UnsafeBufferPointer<UInt8>, _ found: [Token], _ a: KeywordArguments)
    throws(CubeParseError) -> [Float]
  {
    var values: [Float] = []
    for token in found {
      if let kind = numberProblem(p, token, tokenCount: 3) {
        throw error(
          kind, line: line, column: token.start - a.lineStart + 1, p, lineStart: a.lineStart)
      }
      if let (value, _) = CubeNumberScanner.scan(p, from: token.start, to: token.end) {
        values.append(value)
      }
    }
    return values
  }

  /// Whether `DOMAIN_MIN ≥ DOMAIN_MAX` in any channel.
  static func isEmptyDomain(_ lo: Located<SIMD3<Float>>, _ hi: Located<SIMD3<Float>>) -> Bool {
    (0..<3).contains { !isUsableSpan(lo.value[$0], hi.value[$0]) }
  }

  /// Whether `lo…hi` is a range lookups can scale to: `lo < hi`, and the scale from the span to
  /// the largest table (65535 intervals) finite, so a denormal span such as `0…1e-45` cannot
  /// turn every input into infinity (docs/reliability.md §4).
  static func isUsableSpan(_ lo: Float, _ hi: Float) -> Bool {
    lo < hi && (Float(65535) / (hi - lo)).isFinite
  }
}
