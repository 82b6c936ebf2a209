import CLFFormat
import CubeFormat
import KernelLint
import LUTEngine
import LUTFormats

/// What `inspect` reports for a CLF/CTF process list, as text or JSON (every key present).
struct ProcessListReport: Encodable {
  /// One process node.
  struct Node: Encodable {
    var operation: String
    var id: String?
    var name: String?
    var inBitDepth: String
    var outBitDepth: String
    var detail: String
  }

  /// A reader warning with its position (the shape `inspect` gives a cube's warnings).
  typealias Warning = InspectReport.Warning

  var file: String
  var format: String
  var dialect: String
  var id: String
  var name: String?
  var descriptions: [String]
  var inputDescriptor: String?
  var outputDescriptor: String?
  var nodes: [Node]
  /// The output's per-channel range over a 17³ grid of the 0…1 input cube.
  var outputMin: [Double]
  var outputMax: [Double]
  var warnings: [Warning]

  init(path: String, list: ProcessList, format: LUTFormat) {
    file = path
    self.format =
      format != .clf ? format.rawValue : path.lowercased().hasSuffix(".ctf") ? "ctf" : "clf"
    dialect = list.dialect.rawValue
    id = list.id
    name = list.name
    descriptions = list.descriptions
    inputDescriptor = list.inputDescriptor
    outputDescriptor = list.outputDescriptor
    nodes = list.nodes.map {
      Node(
        operation: $0.operation.elementName, id: $0.id, name: $0.name,
        inBitDepth: $0.inBitDepth.rawValue, outBitDepth: $0.outBitDepth.rawValue,
        detail: Self.detail($0.operation))
    }
    warnings = list.warnings.map {
      Warning(line: $0.location.line, column: $0.location.column, message: $0.message)
    }
    let processor = ProcessListProcessor(list)
    var low = SIMD3<Double>(repeating: .infinity)
    var high = SIMD3<Double>(repeating: -.infinity)
    for b in 0...16 {
      for g in 0...16 {
        for r in 0...16 {
          let v = processor.apply(SIMD3(Double(r), Double(g), Double(b)) / 16)
          low = pointwiseMin(low, v)
          high = pointwiseMax(high, v)
        }
      }
    }
    outputMin = [low.x, low.y, low.z]
    outputMax = [high.x, high.y, high.z]
  }

  /// A node's parameters in a few words.
  static func detail(_ operation: CLFOperation) -> String {
    func n(_ v: Double) -> String { "\(v)" }
    switch operation {
    case .matrix(let m): return m.hasOffset ? "3x4 (with offsets)" : "3x3"
    case .lut1D(let t):
      return "\(t.length) entries, \(t.components) channel\(t.components == 1 ? "" : "s")"
        + (t.halfDomain ? ", halfDomain" : "") + (t.rawHalfs ? ", rawHalfs" : "")
    case .lut3D(let t): return "\(t.grid)³, \(t.interpolation.rawValue)"
    case .range(let r):
      return "[\(r.minIn.map(n) ?? "-"), \(r.maxIn.map(n) ?? "-")] -> "
        + "[\(r.minOut.map(n) ?? "-"), \(r.maxOut.map(n) ?? "-")], \(r.clamps ? "Clamp" : "noClamp")"
    case .log(let l): return l.style.rawValue
    case .exponent(let e):
      return "\(e.style.rawValue), exponent \(e.exponents.map(n).joined(separator: " "))"
    case .cdl(let c):
      return "\(c.style.rawValue), slope \(c.slope.x) \(c.slope.y) \(c.slope.z), "
        + "offset \(c.offset.x) \(c.offset.y) \(c.offset.z), power \(c.power.x) \(c.power.y) "
        + "\(c.power.z), saturation \(c.saturation)"
    }
  }

  /// The report as aligned text lines, then the warnings compiler-style; text from the file
  /// has its control characters escaped.
  var text: String {
    let channels = ["r", "g", "b"]
    let range = (0..<3).map { "\(channels[$0]) [\(outputMin[$0]), \(outputMax[$0])]" }
    var lines = [
      TerminalText.escaped(file),
      "  format        \(format.uppercased()) (\(dialect))",
      "  id            \"\(TerminalText.escaped(id))\"",
      "  name          \(name.map { "\"\(TerminalText.escaped($0))\"" } ?? "none")",
      "  nodes         \(nodes.count)",
    ]
    for (k, node) in nodes.enumerated() {
      lines.append(
        "    \(k + 1). \(node.operation) \(node.inBitDepth) -> \(node.outBitDepth): "
          + TerminalText.escaped(node.detail))
    }
    lines += [
      "  output range  \(range.joined(separator: "  ")) (0…1 input, 17³ samples)",
      "  warnings      \(warnings.count)",
    ]
    lines += warnings.map {
      TerminalText.escaped("\(file):\($0.line):\($0.column): warning: \($0.message)")
    }
    return lines.joined(separator: "\n")
  }
}
