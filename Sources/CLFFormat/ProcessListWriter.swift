public import FileOutput

/// Writes a ``ProcessList`` as CLF XML: the Academy v3 namespace (read by OpenColorIO 2,
/// Resolve and colour-science) unless the list is SMPTE ST 2136-1 or CTF. Numbers are written
/// in the shortest form that reads back as the same `Double`.
public enum ProcessListWriter {
  /// The document's UTF-8 bytes.
  public static func write(_ list: ProcessList) -> [UInt8] {
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ProcessList"
    // An empty id is left out (ST 2136-1 documents carry an Id element instead).
    if !list.id.isEmpty { out += attribute("id", list.id) }
    if let name = list.name { out += attribute("name", name) }
    switch list.dialect {
    case .academy:
      out += attribute("compCLFversion", "3.0") + attribute("xmlns", ProcessList.academyNamespace)
    case .smpte:
      out +=
        attribute("compCLFversion", "ST2136-1:2024")
        + attribute("xmlns", ProcessList.smpteNamespace)
    case .ctf: out += attribute("version", "2.0")
    }
    out += ">\n"
    if let id = list.idElement { out += element("Id", id, indent: 1) }
    for d in list.descriptions { out += element("Description", d, indent: 1) }
    if let d = list.inputDescriptor { out += element("InputDescriptor", d, indent: 1) }
    if let d = list.outputDescriptor { out += element("OutputDescriptor", d, indent: 1) }
    for node in list.nodes { out += write(node) }
    out += "</ProcessList>\n"
    return Array(out.utf8)
  }

  /// Writes `list` to `path` atomically (temporary file, then rename).
  /// - Throws: ``FileOutputError`` naming `path`.
  public static func write(
    _ list: ProcessList, toPath path: String, using writer: AtomicFileWriter = AtomicFileWriter()
  ) throws(FileOutputError) {
    let bytes = write(list)
    do {
      try writer.write(to: path) { output in try bytes.withUnsafeBytes { try output.write($0) } }
    } catch let error as FileOutputError {
      throw error
    } catch {
      throw FileOutputError(.io, path: path, "cannot write the file: \(error)")
    }
  }

  static func write(_ node: ProcessNode) -> String {
    let name = node.operation.elementName
    var out = "  <\(name)"
    if let id = node.id { out += attribute("id", id) }
    if let n = node.name { out += attribute("name", n) }
    out += attribute("inBitDepth", node.inBitDepth.rawValue)
    out += attribute("outBitDepth", node.outBitDepth.rawValue)
    out += operationAttributes(node.operation) + ">\n"
    for d in node.descriptions { out += element("Description", d, indent: 2) }
    out += body(node.operation)
    return out + "  </\(name)>\n"
  }

  static func operationAttributes(_ operation: CLFOperation) -> String {
    switch operation {
    case .lut1D(let t):
      return (t.halfDomain ? attribute("halfDomain", "true") : "")
        + (t.rawHalfs ? attribute("rawHalfs", "true") : "")
    case .lut3D(let t): return attribute("interpolation", t.interpolation.rawValue)
    case .range(let r): return attribute("style", r.clamps ? "Clamp" : "noClamp")
    case .log(let l): return attribute("style", l.style.rawValue)
    case .exponent(let e): return attribute("style", e.style.rawValue)
    case .cdl(let c): return attribute("style", c.style.rawValue)
    case .matrix: return ""
    }
  }

  static func body(_ operation: CLFOperation) -> String {
    switch operation {
    case .matrix(let m):
      let columns = m.hasOffset ? 4 : 3
      return array("3 \(columns)", m.values, perLine: columns)
    case .lut1D(let t):
      let values = t.rawHalfs ? t.values.map { Double(CLFHalf.bits(Float($0))) } : t.values
      return array("\(t.length) \(t.components)", values, perLine: t.components)
    case .lut3D(let t):
      return array("\(t.grid) \(t.grid) \(t.grid) 3", t.values, perLine: 3)
    case .range(let r):
      let pairs = [
        ("minInValue", r.minIn), ("maxInValue", r.maxIn), ("minOutValue", r.minOut),
        ("maxOutValue", r.maxOut),
      ]
      return pairs.compactMap { name, v in v.map { element(name, number($0), indent: 2) } }
        .joined()
    case .log(let l): return logParameters(l)
    case .exponent(let e): return exponentParameters(e)
    case .cdl(let c):
      func triple(_ v: SIMD3<Double>) -> String { "\(number(v.x)) \(number(v.y)) \(number(v.z))" }
      return "    <SOPNode>\n" + element("Slope", triple(c.slope), indent: 3)
        + element("Offset", triple(c.offset), indent: 3)
        + element("Power", triple(c.power), indent: 3) + "    </SOPNode>\n    <SatNode>\n"
        + element("Saturation", number(c.saturation), indent: 3) + "    </SatNode>\n"
    }
  }

  static func logParameters(_ l: CLFLog) -> String {
    guard ![.log10, .log2, .antiLog10, .antiLog2].contains(l.style) else { return "" }
    let same = l.channels.allSatisfy { $0 == l.channels[0] }
    return (same ? [(nil, l.channels[0])] : zip(["R", "G", "B"], l.channels).map { ($0, $1) })
      .map { channel, p in
        var text = "    <LogParams"
        if let channel { text += attribute("channel", channel) }
        text += attribute("base", number(p.base))
        text += attribute("logSideSlope", number(p.logSideSlope))
        text += attribute("logSideOffset", number(p.logSideOffset))
        text += attribute("linSideSlope", number(p.linSideSlope))
        text += attribute("linSideOffset", number(p.linSideOffset))
        if let b = p.linSideBreak { text += attribute("linSideBreak", number(b)) }
        if let s = p.linearSlope { text += attribute("linearSlope", number(s)) }
        return text + "/>\n"
      }.joined()
  }

  static func exponentParameters(_ e: CLFExponent) -> String {
    let monCurve = e.style.rawValue.hasPrefix("monCurve")
    let same = Set(e.exponents).count == 1 && Set(e.offsets).count == 1
    let channels: [String?] = same ? [nil] : ["R", "G", "B"]
    return channels.enumerated().map { k, channel in
      var text = "    <ExponentParams"
      if let channel { text += attribute("channel", channel) }
      text += attribute("exponent", number(e.exponents[k]))
      if monCurve { text += attribute("offset", number(e.offsets[k])) }
      return text + "/>\n"
    }.joined()
  }

  static func array(_ dim: String, _ values: [Double], perLine: Int) -> String {
    var out = "    <Array dim=\"\(dim)\">\n"
    out.reserveCapacity(values.count * 12)
    for start in stride(from: 0, to: values.count, by: perLine) {
      out += values[start..<min(values.count, start + perLine)].map(number).joined(separator: " ")
      out += "\n"
    }
    return out + "    </Array>\n"
  }

  /// The shortest text that reads back as `value` (integers without a fraction).
  static func number(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }

  static func attribute(_ name: String, _ value: String) -> String {
    " \(name)=\"\(escaped(value, quotes: true))\""
  }

  static func element(_ name: String, _ text: String, indent: Int) -> String {
    String(repeating: "  ", count: indent) + "<\(name)>\(escaped(text, quotes: false))</\(name)>\n"
  }

  /// Markup characters (and, in attributes, tabs and line breaks) as references; control
  /// characters, which XML 1.0 does not allow even as references, as U+FFFD.
  static func escaped(_ text: String, quotes: Bool) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"" where quotes: out += "&quot;"
      // In attributes, a reader turns raw tabs and line breaks into spaces: keep them.
      case "\t" where quotes: out += "&#9;"
      case "\n" where quotes: out += "&#10;"
      case "\r" where quotes: out += "&#13;"
      case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
      case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": out += "\u{FFFD}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
