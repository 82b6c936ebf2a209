public import CLFFormat
import Foundation

/// Reads Autodesk `.3dl` files, Flame and Lustre alike, as OpenColorIO does: `#` lines and
/// keyword lines (`3DMESH`, `Mesh 4 12`, `LUT8`, `gamma 1.0`) are skipped; the first line of
/// more than three integers is the shaper row; every line of three integers is a 3D entry,
/// blue fastest. Integer scales are inferred from the largest value (docs/formats.md):
/// the 3D table's values are divided by `2^b − 1` for the bit depth `b` whose `2·2^b − 1`
/// first holds the maximum (8, 10, 12 or 16 bits); the shaper likewise, and it is left out
/// when it is within 2 code values of an identity ramp. The input domain is always 0…1.
public enum ThreeDLReader {
  /// The largest 3D edge (OpenColorIO's limit).
  public static let maxGrid = 129
  /// Below this maximum a table is taken for some other integer format, not a 3dl.
  static let lowestPlausibleMaximum = 128

  /// Parses a `.3dl` file into a process list: an optional `LUT1D` shaper and a `LUT3D`.
  public static func parse(_ bytes: [UInt8], file: String? = nil) throws(LUTFormatError)
    -> ProcessList
  {
    let text = try LUTText(bytes, file: file)
    var shaper: [Int] = []
    var entries: [Int] = []
    var lastLine = 0
    for line in text.lines {
      lastLine = line.number
      if line.tokens[0].hasPrefix("#") { continue }
      if line.tokens[0].hasPrefix("<") {
        throw text.error("a line starting with '<': XML, not a .3dl file", line: line.number)
      }
      let integers = line.tokens.compactMap { Int($0) }
      guard integers.count == line.tokens.count else { continue }  // a keyword line
      if integers.count > 3 {
        guard shaper.isEmpty else {
          throw text.error("a second shaper row (a .3dl has at most one)", line: line.number)
        }
        shaper = integers
      } else if integers.count == 3 {
        guard entries.count < maxGrid * maxGrid * maxGrid * 3 else {
          throw text.error("more 3D entries than a \(maxGrid)³ table", line: line.number)
        }
        entries += integers
      } else {
        throw text.error(
          "a row of \(integers.count) integers (a 3D entry has 3)", line: line.number)
      }
    }
    guard !entries.isEmpty || !shaper.isEmpty else {
      throw text.error("no shaper row and no 3D entries: not a .3dl file")
    }
    var nodes: [ProcessNode] = []
    if !shaper.isEmpty {
      let scale = try fullScale(of: shaper.max() ?? 0, "shaper", text)
      if !isIdentity(shaper, scale: scale) {
        let values = shaper.map { Double(Float($0) / Float(scale)) }
        nodes.append(ProcessNode(operation: .lut1D(CLFLUT1D(values: values, components: 1))))
      }
    }
    if !entries.isEmpty {
      let count = entries.count / 3
      let edge = Int(cbrt(Double(count)).rounded())
      guard edge >= 2, edge * edge * edge == count else {
        throw text.error(
          "\(count) 3D entries, which is not the cube of an edge length", line: lastLine)
      }
      let scale = try fullScale(of: entries.max() ?? 0, "3D table", text)
      let values = entries.map { Double(Float($0) / Float(scale)) }
      nodes.append(ProcessNode(operation: .lut3D(CLFLUT3D(grid: edge, values: values))))
    }
    return ProcessList(
      id: file ?? "3dl", descriptions: ["Read from an Autodesk .3dl file"], nodes: nodes)
  }

  /// `2^b − 1` for the bit depth a table's maximum suggests.
  static func fullScale(of maximum: Int, _ what: String, _ text: LUTText) throws(LUTFormatError)
    -> Int
  {
    guard maximum >= lowestPlausibleMaximum else {
      throw text.error(
        "the \(what)'s largest value is \(maximum), too low for a .3dl's integer scale (a related format?)"
      )
    }
    for bits in stride(from: 8, through: 16, by: 2) where maximum <= 2 * (1 << bits) - 1 {
      return (1 << (bits == 14 ? 16 : bits)) - 1
    }
    return 65535
  }

  /// Whether the shaper row is an identity ramp within 2 code values.
  static func isIdentity(_ shaper: [Int], scale: Int) -> Bool {
    let step = Float(scale) / Float(shaper.count - 1)
    return shaper.indices.allSatisfy { abs(Float($0) * step - Float(shaper[$0])) < 2 }
  }
}
