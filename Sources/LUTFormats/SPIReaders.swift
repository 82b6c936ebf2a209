public import CLFFormat

/// Reads Sony Pictures Imageworks' `.spi1d`, `.spi3d` and `.spimtx` files as OpenColorIO does.
public enum SPIReaders {
  /// The longest `.spi1d` table read.
  public static let max1DLength = 1 << 24

  /// `.spi1d`: `Version 1`, `From MIN MAX`, `Length N`, `Components 1|2|3`, then `{` N rows
  /// `}`. Inputs map from MIN…MAX to the table (clamped at its ends); two components give
  /// blue 0, as in OpenColorIO.
  public static func parse1D(_ bytes: [UInt8], file: String? = nil) throws(LUTFormatError)
    -> ProcessList
  {
    let text = try LUTText(bytes, file: file)
    var from = (0.0, 1.0)
    var length: Int?
    var components: Int?
    var index = 0
    while index < text.lines.count, text.lines[index].tokens[0] != "{" {
      let line = text.lines[index]
      index += 1
      switch line.tokens[0] {
      case "From":
        guard line.tokens.count == 3 else {
          throw text.error("'From' takes two numbers", line: line.number)
        }
        from = (
          try text.number(line.tokens[1], line: line.number),
          try text.number(line.tokens[2], line: line.number)
        )
      case "Length", "Components":
        guard line.tokens.count == 2 else {
          throw text.error("'\(line.tokens[0])' takes one integer", line: line.number)
        }
        let value = try text.integer(line.tokens[1], line: line.number)
        if line.tokens[0] == "Length" { length = value } else { components = value }
      default: continue  // Version and other header lines
      }
    }
    guard let length else { throw text.error("no 'Length' line before the data") }
    guard (2...max1DLength).contains(length) else {
      throw text.error("'Length' is \(length); it must be 2…\(max1DLength)")
    }
    guard let components, (1...3).contains(components) else {
      throw text.error(
        "'Components' must be 1, 2 or 3 (found \(components.map(String.init) ?? "none"))")
    }
    guard from.0 < from.1 else {
      throw text.error("'From' needs MIN < MAX, got \(from.0) \(from.1)")
    }
    guard index < text.lines.count else { throw text.error("no '{' before the data") }
    index += 1
    var values: [Double] = []
    values.reserveCapacity(length * max(components, 1))
    var rows = 0
    var closed = false
    while index < text.lines.count {
      let line = text.lines[index]
      index += 1
      if line.tokens[0] == "}" {
        closed = true
        break
      }
      guard line.tokens.count == components else {
        throw text.error(
          "a row of \(line.tokens.count) values; 'Components' is \(components)", line: line.number)
      }
      guard rows < length else { throw text.error("more than \(length) rows", line: line.number) }
      let row = try text.numbers(line)
      values += components == 2 ? row + [0] : row
      rows += 1
    }
    guard closed else { throw text.error("no '}' after the data") }
    guard rows == length else { throw text.error("\(rows) rows; 'Length' is \(length)") }
    var nodes: [ProcessNode] = []
    if from != (0, 1) {
      nodes.append(
        ProcessNode(
          operation: .range(
            CLFRange(minIn: from.0, maxIn: from.1, minOut: 0, maxOut: 1, clamps: false))))
    }
    let table = CLFLUT1D(values: values, components: components == 1 ? 1 : 3)
    nodes.append(ProcessNode(operation: .lut1D(table)))
    return ProcessList(
      id: file ?? "spi1d", descriptions: ["Read from an Imageworks .spi1d file"], nodes: nodes)
  }

  /// `.spi3d`: `SPILUT 1.0`, `3 3`, `N N N`, then rows `r g b R G B` naming each node by its
  /// indices (any order, each once).
  public static func parse3D(_ bytes: [UInt8], file: String? = nil) throws(LUTFormatError)
    -> ProcessList
  {
    let text = try LUTText(bytes, file: file)
    guard text.lines.count >= 3, text.lines[0].tokens[0] == "SPILUT" else {
      throw text.error("no 'SPILUT' first line: not a .spi3d file", line: 1)
    }
    let sizeLine = text.lines[2]
    let sizes = try sizeLine.tokens.map { (token) throws(LUTFormatError) in
      try text.integer(token, line: sizeLine.number)
    }
    guard sizes.count == 3, sizes[0] == sizes[1], sizes[0] == sizes[2] else {
      throw text.error("the size line must be N N N with one N", line: sizeLine.number)
    }
    let grid = sizes[0]
    guard (2...ThreeDLReader.maxGrid).contains(grid) else {
      throw text.error("size \(grid); it must be 2…\(ThreeDLReader.maxGrid)", line: sizeLine.number)
    }
    var values = [Double](repeating: 0, count: grid * grid * grid * 3)
    var defined = [Bool](repeating: false, count: grid * grid * grid)
    for line in text.lines.dropFirst(3) {
      guard line.tokens.count == 6 else {
        throw text.error(
          "a row of \(line.tokens.count) values; expected r g b R G B", line: line.number)
      }
      var node = 0
      for token in line.tokens.prefix(3) {
        let i = try text.integer(token, line: line.number)
        guard (0..<grid).contains(i) else {
          throw text.error("index \(i) outside the \(grid)³ cube", line: line.number)
        }
        node = node * grid + i  // red slowest, blue fastest
      }
      guard !defined[node] else {
        throw text.error("this node was already given", line: line.number)
      }
      defined[node] = true
      for c in 0..<3 {
        values[3 * node + c] = try text.number(line.tokens[3 + c], line: line.number)
      }
    }
    let missing = defined.count - defined.count { $0 }
    guard missing == 0 else { throw text.error("\(missing) of the \(grid)³ nodes are not given") }
    return ProcessList(
      id: file ?? "spi3d", descriptions: ["Read from an Imageworks .spi3d file"],
      nodes: [ProcessNode(operation: .lut3D(CLFLUT3D(grid: grid, values: values)))])
  }

  /// `.spimtx`: 12 numbers, the rows of a 3×4 matrix whose last column is an offset in 16-bit
  /// code values (divided by 65535).
  public static func parseMatrix(_ bytes: [UInt8], file: String? = nil) throws(LUTFormatError)
    -> ProcessList
  {
    let text = try LUTText(bytes, file: file)
    var values: [Double] = []
    for line in text.lines { values += try text.numbers(line) }
    guard values.count == 12 else {
      throw text.error("\(values.count) numbers; a .spimtx holds 12 (3 rows of 3 + offset)")
    }
    for row in 0..<3 { values[4 * row + 3] /= 65535 }
    return ProcessList(
      id: file ?? "spimtx", descriptions: ["Read from an Imageworks .spimtx file"],
      nodes: [ProcessNode(operation: .matrix(CLFMatrix(values: values)))])
  }
}
