import CLFFormat
import CubeFormat
import EDRPipeline

/// A LUT's metadata as `edrcube_lut_info` reports it (every key present): most of the CLI's
/// `inspect --json` fields, in snake_case.
struct LUTInfo: Encodable {
  var kind: String
  var path: String
  var title: String?
  var size: Int?
  var domainMin: [Float]?
  var domainMax: [Float]?
  var shaperSize: Int?
  var space: String?
  var comments: [String]
  var warnings: [String]
  var nodes: [String]
  var dialect: String?
  var outputMin: [Float]?
  var outputMax: [Float]?
  var isIdentity: Bool?
  var monotonic: [String]?
  var inputVideoRange: Bool?
  var outputVideoRange: Bool?

  init(_ handle: LUTHandle) {
    path = handle.path
    switch handle.content {
    case .cube(let file):
      kind = "cube"
      title = file.title
      size = file.lut3D?.size ?? file.lut1D?.size
      let min = file.lut3D?.domainMin ?? file.lut1D?.domainMin
      let max = file.lut3D?.domainMax ?? file.lut1D?.domainMax
      domainMin = min.map { [$0.x, $0.y, $0.z] }
      domainMax = max.map { [$0.x, $0.y, $0.z] }
      shaperSize = file.hasShaper ? file.lut1D?.size : nil
      let resolved = try? CubeSpacePair.resolve(
        input: nil, primaries: nil, output: nil, outputPrimaries: nil, referenceWhite: nil,
        comments: file.comments, title: file.title, fileName: handle.path,
        keepsPrimaries: file.lut3D == nil)
      space = resolved?.spaces.name
      comments = file.comments
      warnings = file.warnings.map(\.description)
      nodes = []
      dialect = file.dialect.rawValue
      // At the table's printed precision, as the CLI's `inspect` judges it.
      let analysis = file.analyze(printedDecimals: handle.printedDecimals)
      outputMin = [analysis.outputMin.x, analysis.outputMin.y, analysis.outputMin.z]
      outputMax = [analysis.outputMax.x, analysis.outputMax.y, analysis.outputMax.z]
      isIdentity = analysis.isIdentity
      monotonic = analysis.monotonicity.map(\.rawValue)
      inputVideoRange = file.inputVideoRange
      outputVideoRange = file.outputVideoRange
    case .processList(let list):
      kind = "process_list"
      title = list.name
      comments = list.descriptions
      warnings = list.warnings.map(\.description)
      nodes = list.nodes.map(\.operation.elementName)
    }
  }

  func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(kind, forKey: .kind)
    try c.encode(path, forKey: .path)
    try c.encode(title, forKey: .title)
    try c.encode(size, forKey: .size)
    try c.encode(domainMin, forKey: .domainMin)
    try c.encode(domainMax, forKey: .domainMax)
    try c.encode(shaperSize, forKey: .shaperSize)
    try c.encode(space, forKey: .space)
    try c.encode(comments, forKey: .comments)
    try c.encode(warnings, forKey: .warnings)
    try c.encode(nodes, forKey: .nodes)
    try c.encode(dialect, forKey: .dialect)
    try c.encode(outputMin, forKey: .outputMin)
    try c.encode(outputMax, forKey: .outputMax)
    try c.encode(isIdentity, forKey: .isIdentity)
    try c.encode(monotonic, forKey: .monotonic)
    try c.encode(inputVideoRange, forKey: .inputVideoRange)
    try c.encode(outputVideoRange, forKey: .outputVideoRange)
  }

  private enum CodingKeys: String, CodingKey {
    case kind, path, title, size, space, comments, warnings, nodes, dialect, monotonic
    case outputMin = "output_min"
    case outputMax = "output_max"
    case isIdentity = "is_identity"
    case inputVideoRange = "input_video_range"
    case outputVideoRange = "output_video_range"
    case domainMin = "domain_min"
    case domainMax = "domain_max"
    case shaperSize = "shaper_size"
  }
}
