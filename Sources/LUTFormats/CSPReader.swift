public import CLFFormat

/// Reads cineSpace `.csp` files (`CSPLUTV100`, `1D` or `3D`, an optional `BEGIN METADATA` …
/// `END METADATA` block, three prelut channels, then the table) as OpenColorIO does: a prelut
/// that is not an identity is resampled through the cineSpace cubic into 65536 entries over
/// each channel's input range (a `Range` to 0…1, then a `LUT1D`); the 3D table is red fastest
/// in the file.
public enum CSPReader {
  /// The entries of the resampled prelut (OpenColorIO's).
  public static let prelutSamples = 65536

  /// Parses a `.csp` file into a process list.
  public static func parse(_ bytes: [UInt8], file: String? = nil) throws(LUTFormatError)
    -> ProcessList
  {
    let text = try LUTText(bytes, file: file)
    var lines = text.lines[...]
    func next(_ what: String) throws(LUTFormatError) -> LUTText.Line {
      guard let line = lines.popFirst() else { throw text.error("the file ends before \(what)") }
      return line
    }
    let magic = try next("the CSPLUTV100 line")
    guard magic.tokens[0].hasPrefix("CSPLUTV100") else {
      throw text.error("the first line is not CSPLUTV100: not a .csp file", line: magic.number)
    }
    let kind = try next("the 1D/3D line")
    guard kind.tokens[0] == "1D" || kind.tokens[0] == "3D" else {
      throw text.error("expected 1D or 3D, found '\(kind.tokens[0])'", line: kind.number)
    }
    if lines.first?.tokens.starts(with: ["BEGIN", "METADATA"]) == true {
      while let line = lines.popFirst(), !line.tokens.starts(with: ["END", "METADATA"]) {}
    }
    var prelut: [(inputs: [Float], outputs: [Float])] = []
    for channel in 0..<3 {
      let countLine = try next("prelut channel \(channel)")
      guard countLine.tokens.count == 1, let count = Int(countLine.tokens[0]), count >= 0 else {
        throw text.error(
          "prelut channel \(channel): expected its point count", line: countLine.number)
      }
      guard count >= 2 else {
        prelut.append(([0, 1], [0, 1]))
        continue
      }
      let inputs = try next("prelut inputs")
      let outputs = try next("prelut outputs")
      for line in [inputs, outputs] where line.tokens.count != count {
        throw text.error(
          "\(line.tokens.count) prelut values; the count is \(count)", line: line.number)
      }
      let x = try text.numbers(inputs).map(Float.init)
      guard zip(x, x.dropFirst()).allSatisfy({ $0 < $1 }) else {
        throw text.error("prelut inputs must increase", line: inputs.number)
      }
      prelut.append((x, try text.numbers(outputs).map(Float.init)))
    }
    var nodes: [ProcessNode] = []
    let usesPrelut = prelut.contains { p in
      zip(p.inputs, p.outputs).contains { abs($0 - $1) > 1e-6 * max(abs($0), abs($1)) }
    }
    if usesPrelut { nodes += resampled(prelut) }
    let sizeLine = try next("the table size")
    if kind.tokens[0] == "1D" {
      guard sizeLine.tokens.count == 1, let count = Int(sizeLine.tokens[0]),
        (2...SPIReaders.max1DLength).contains(count)
      else { throw text.error("expected the 1D table's length (2 or more)", line: sizeLine.number) }
      let values = try rows(count, &lines, text)
      nodes.append(ProcessNode(operation: .lut1D(CLFLUT1D(values: values, components: 3))))
    } else {
      let sizes = sizeLine.tokens.compactMap { Int($0) }
      guard sizes.count == 3, sizeLine.tokens.count == 3 else {
        throw text.error("expected the 3D size as N N N", line: sizeLine.number)
      }
      guard sizes[0] == sizes[1], sizes[0] == sizes[2],
        (2...ThreeDLReader.maxGrid).contains(sizes[0])
      else {
        throw text.error(
          "3D size \(sizes.map(String.init).joined(separator: " ")): one N in 2…\(ThreeDLReader.maxGrid)",
          line: sizeLine.number)
      }
      let grid = sizes[0]
      let redFastest = try rows(grid * grid * grid, &lines, text)
      var values = [Double](repeating: 0, count: redFastest.count)
      for b in 0..<grid {
        for g in 0..<grid {
          for r in 0..<grid {
            let from = 3 * (r + grid * (g + grid * b))
            let to = 3 * (b + grid * (g + grid * r))
            for c in 0..<3 { values[to + c] = redFastest[from + c] }
          }
        }
      }
      nodes.append(ProcessNode(operation: .lut3D(CLFLUT3D(grid: grid, values: values))))
    }
    if let extra = lines.first { throw text.error("data after the table", line: extra.number) }
    return ProcessList(
      id: file ?? "csp", descriptions: ["Read from a cineSpace .csp file"], nodes: nodes)
  }

  /// `count` rows of three numbers.
  static func rows(_ count: Int, _ lines: inout ArraySlice<LUTText.Line>, _ text: LUTText)
    throws(LUTFormatError) -> [Double]
  {
    var values: [Double] = []
    values.reserveCapacity(3 * count)
    for found in 0..<count {
      guard let line = lines.popFirst() else {
        throw text.error(
          "\(found) table rows; expected \(count)", line: text.lines.last?.number ?? 0)
      }
      guard line.tokens.count == 3 else {
        throw text.error("a row of \(line.tokens.count) values; expected 3", line: line.number)
      }
      values += try text.numbers(line)
    }
    return values
  }

  /// The prelut as OpenColorIO applies it: each channel's input range to 0…1, then the
  /// cubic resampled at 65536 points over that range.
  static func resampled(_ prelut: [(inputs: [Float], outputs: [Float])]) -> [ProcessNode] {
    let lows = prelut.map { Double($0.inputs[0]) }
    let highs = prelut.map { Double($0.inputs[$0.inputs.count - 1]) }
    var matrix = [Double](repeating: 0, count: 12)
    for c in 0..<3 {
      matrix[5 * c] = 1 / (highs[c] - lows[c])
      matrix[4 * c + 3] = -lows[c] / (highs[c] - lows[c])
    }
    var table = [Double](repeating: 0, count: 3 * prelutSamples)
    for c in 0..<3 {
      let curve = CSPPrelut(inputs: prelut[c].inputs, outputs: prelut[c].outputs)
      let (low, high) = (Float(lows[c]), Float(highs[c]))
      for i in 0..<prelutSamples {
        let t = Float(i) / Float(prelutSamples - 1)
        table[3 * i + c] = Double(curve((high - low) * t + low))
      }
    }
    return [
      ProcessNode(operation: .matrix(CLFMatrix(values: matrix))),
      ProcessNode(operation: .lut1D(CLFLUT1D(values: table, components: 3))),
    ]
  }
}
