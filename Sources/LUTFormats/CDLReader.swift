public import CLFFormat
import CubeFormat

/// Reads ASC CDL files: a `ColorCorrection` (`.cc`), a `ColorCorrectionCollection` (`.ccc`)
/// or a `ColorDecisionList` (`.cdl`), whatever the extension. One correction is chosen by its
/// `id`, or by its index (default the first), as OpenColorIO's `cccid` does. `SOPNode` and
/// `SatNode` (or `SATNode`) are read; CLF's `ASC_SOP` and `ASC_SAT` are ignored with a warning,
/// as OpenColorIO ignores them. The correction becomes an
/// `ASC_CDL` node of style `FwdNoClamp`, OpenColorIO's default for these files (no clamp,
/// negative values pass the power unchanged).
public enum CDLReader {
  /// Parses a CDL document and picks the correction `cccid` names (an `id`, or an index;
  /// nil or empty: the first).
  public static func parse(_ bytes: [UInt8], file: String? = nil, cccid: String? = nil)
    throws(LUTFormatError) -> ProcessList
  {
    let root: XMLElement
    do {
      root = try XMLReader.parse(bytes, file: file)
    } catch {
      throw LUTFormatError(error.message, at: .init(file: file, line: error.location.line))
    }
    func fail(_ message: String, _ element: XMLElement) -> LUTFormatError {
      LUTFormatError(message, at: .init(file: file, line: element.line))
    }
    let corrections: [XMLElement]
    switch root.name {
    case "ColorCorrection": corrections = [root]
    case "ColorCorrectionCollection": corrections = root.children(named: "ColorCorrection")
    case "ColorDecisionList":
      corrections = root.children(named: "ColorDecision").flatMap {
        $0.children(named: "ColorCorrection")
      }
    default:
      throw fail("the root element is <\(root.name)>, not an ASC CDL document", root)
    }
    guard !corrections.isEmpty else { throw fail("no ColorCorrection in the file", root) }
    let chosen: XMLElement
    if let cccid, !cccid.isEmpty {
      if let match = corrections.first(where: { $0.attribute("id") == cccid }) {
        chosen = match
      } else if let index = Int(cccid), corrections.indices.contains(index) {
        chosen = corrections[index]
      } else {
        throw fail(
          "no ColorCorrection with id or index '\(cccid)' (\(corrections.count) in the file)", root)
      }
    } else {
      chosen = corrections[0]
    }
    var cdl = CLFCDL(style: .fwdNoClamp)
    func triple(_ parent: XMLElement, _ name: String) throws(LUTFormatError) -> SIMD3<Double>? {
      guard let element = parent.children(named: name).first else { return nil }
      let parts = element.text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
      guard parts.count == 3, parts.allSatisfy(\.isFinite) else {
        throw fail("<\(name)> must hold three numbers", element)
      }
      return SIMD3(parts[0], parts[1], parts[2])
    }
    var warnings: [CLFWarning] = []
    for child in chosen.children {
      switch child.name {
      case "SOPNode":
        if let v = try triple(child, "Slope") { cdl.slope = v }
        if let v = try triple(child, "Offset") { cdl.offset = v }
        if let v = try triple(child, "Power") { cdl.power = v }
      case "SatNode", "SATNode":
        guard let element = child.children(named: "Saturation").first else { continue }
        let text = element.text.split(whereSeparator: \.isWhitespace)
        guard text.count == 1, let value = Double(text[0]), value.isFinite else {
          throw fail("<Saturation> must hold one number", element)
        }
        cdl.saturation = value
      case "Description", "InputDescription", "ViewingDescription": continue
      default:
        // ASC_SOP and ASC_SAT are CLF's names, not the CDL schema's: OpenColorIO ignores them.
        warnings.append(
          CLFWarning(
            "<\(child.name)> is not an ASC CDL element; ignored (as OpenColorIO does)",
            at: SourceLocation(file: file, line: child.line, column: child.column)))
      }
    }
    return ProcessList(
      id: chosen.attribute("id") ?? file ?? "cdl", descriptions: ["Read from an ASC CDL file"],
      nodes: [ProcessNode(operation: .cdl(cdl))], warnings: warnings)
  }
}
