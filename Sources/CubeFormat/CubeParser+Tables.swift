/// The end of the header (checks that need every keyword) and the end of the input.
extension CubeParser {
  /// The smallest bytes a row can take (`0 0 0\n`), to bound reservations by the input size.
  static let smallestRowBytes = 6

  /// Validates the header when the first row arrives, then reserves the tables.
  mutating func beginData(_ p: UnsafeBufferPointer<UInt8>, lineStart: Int, first: Int)
    throws(CubeParseError)
  {
    guard header.size1D != nil || header.size3D != nil else {
      throw error(
        .missingSize, line: line, column: first - lineStart + 1, p, lineStart: lineStart)
    }
    try checkRanges()
    expected1D = header.size1D?.value ?? 0
    let n = header.size3D?.value ?? 0
    expected3D = n * n * n
    let bound = inputSizeHint.map { $0 / CubeParser.smallestRowBytes + 1 } ?? 1 << 16
    values1D.reserveCapacity(3 * min(expected1D, bound))
    values3D.reserveCapacity(3 * min(expected3D, bound))
    inData = true
  }

  /// DOMAIN and INPUT_RANGE rules that need the whole header.
  private mutating func checkRanges() throws(CubeParseError) {
    let domainLines = [header.domainMin, header.domainMax].compactMap { $0 }
    if header.hasShaper, let first = domainLines.min(by: { $0.line < $1.line }) {
      throw CubeParseError(
        kind: .domainInShaperFile, location: location(line: first.line, column: first.column))
    }
    if let later = domainLines.max(by: { $0.line < $1.line }),
      CubeParser.isEmptyDomain(
        header.domainMin ?? Located(value: .zero, line: 0, column: 0),
        header.domainMax ?? Located(value: .one, line: 0, column: 0))
    {
      throw CubeParseError(
        kind: .invalidRange("DOMAIN_MIN/DOMAIN_MAX"),
        location: location(line: later.line, column: later.column))
    }
    if header.size1D == nil, let range = header.inputRange1D {
      warnMissingTable(CubeKeyword.lut1DInputRange, range)
      header.inputRange1D = nil
    }
    if header.size3D == nil, let range = header.inputRange3D {
      warnMissingTable(CubeKeyword.lut3DInputRange, range)
      header.inputRange3D = nil
    }
    guard let later = domainLines.max(by: { $0.line < $1.line }),
      let range = header.inputRange1D ?? header.inputRange3D
    else { return }
    let blamed = later.line > range.line ? later.line : range.line
    let column = later.line > range.line ? later.column : range.column
    if domain.min == SIMD3(repeating: range.value.x), domain.max == SIMD3(repeating: range.value.y)
    {
      warn(
        CubeWarning(kind: .redundantRange, location: location(line: blamed, column: column)))
    } else {
      throw CubeParseError(
        kind: .conflictingRanges, location: location(line: blamed, column: column))
    }
  }

  private mutating func warnMissingTable(_ keyword: CubeKeyword, _ at: Located<SIMD2<Float>>) {
    warn(
      CubeWarning(
        kind: .rangeForMissingTable(keyword.rawValue),
        location: location(line: at.line, column: at.column)))
  }

  /// The DOMAIN_MIN/MAX pair with defaults for a missing half.
  private var domain: (min: SIMD3<Float>, max: SIMD3<Float>) {
    (header.domainMin?.value ?? .zero, header.domainMax?.value ?? .one)
  }

  /// The input domain of a table: its INPUT_RANGE, else DOMAIN_MIN/MAX, else 0…1.
  private func domain(range: Located<SIMD2<Float>>?) -> (min: SIMD3<Float>, max: SIMD3<Float>) {
    if let range {
      return (SIMD3(repeating: range.value.x), SIMD3(repeating: range.value.y))
    }
    return domain
  }

  /// Checks the row count at the end of the input and returns the file.
  func finish() throws(CubeParseError) -> CubeFile {
    let lastLine = max(line, 1)
    guard inData else {
      guard header.size1D != nil || header.size3D != nil else {
        throw CubeParseError(kind: .missingSize, location: location(line: lastLine, column: 1))
      }
      let n = header.size3D?.value ?? 0
      throw CubeParseError(
        kind: .tooFewRows(expected: (header.size1D?.value ?? 0) + n * n * n, found: 0),
        location: location(line: lastLine, column: 1))
    }
    if rowsRead < expected1D {
      throw CubeParseError(
        kind: .tooFewRows(expected: expected1D, found: rowsRead),
        location: location(line: lastRowLine, column: 1))
    }
    if rowsRead < expected1D + expected3D {
      throw CubeParseError(
        kind: .tooFewRows(expected: expected3D, found: rowsRead - expected1D),
        location: location(line: lastRowLine, column: 1))
    }
    return makeFile()
  }

  private func makeFile() -> CubeFile {
    var lut1D: CubeTable1D?
    var lut3D: CubeTable3D?
    if let size = header.size1D?.value {
      let d = domain(range: header.inputRange1D)
      lut1D = CubeTable1D(size: size, domainMin: d.min, domainMax: d.max, values: values1D)
    }
    if let size = header.size3D?.value {
      let d = domain(range: header.inputRange3D)
      lut3D = CubeTable3D(size: size, domainMin: d.min, domainMax: d.max, values: values3D)
    }
    return CubeFile(
      title: header.title?.value, dialect: header.dialect, lut1D: lut1D, lut3D: lut3D,
      inputVideoRange: header.inputVideoRange != nil,
      outputVideoRange: header.outputVideoRange != nil, comments: comments, warnings: warnings,
      omittedComments: omittedComments, omittedWarnings: omittedWarnings)
  }
}
