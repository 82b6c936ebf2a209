/// Log, Exponent (CTF: Gamma) and ASC_CDL.
extension CLFContext {
  /// The channel a `…Params` element applies to: R, G, B, or all three when absent.
  func channels(of params: XMLElement) throws(CLFParseError) -> [Int] {
    switch params.attribute("channel") {
    case nil: return [0, 1, 2]
    case "R": return [0]
    case "G": return [1]
    case "B": return [2]
    case let other?: throw fail("channel '\(other.prefix(20))' is not R, G or B", params)
    }
  }

  func log(_ element: XMLElement) throws(CLFParseError) -> CLFLog {
    try checkChildren(element, allowed: ["LogParams"])
    let styleText = element.attribute("style") ?? ""
    guard let style = CLFLog.Style(rawValue: styleText) else {
      throw fail("Log style '\(styleText.prefix(30))' is unknown", element)
    }
    var node = CLFLog(style: style)
    let camera = style == .cameraLinToLog || style == .cameraLogToLin
    let params = element.children(named: "LogParams")
    if !params.isEmpty, [.log10, .log2, .antiLog10, .antiLog2].contains(style) {
      throw fail("Log style \(style.rawValue) takes no LogParams", params[0])
    }
    for p in params {
      var v = CLFLog.Parameters()
      v.base = try attributeNumber(p, "base") ?? 2
      v.logSideSlope = try attributeNumber(p, "logSideSlope") ?? 1
      v.logSideOffset = try attributeNumber(p, "logSideOffset") ?? 0
      v.linSideSlope = try attributeNumber(p, "linSideSlope") ?? 1
      v.linSideOffset = try attributeNumber(p, "linSideOffset") ?? 0
      v.linSideBreak = try attributeNumber(p, "linSideBreak")
      v.linearSlope = try attributeNumber(p, "linearSlope")
      if camera, v.linSideBreak == nil {
        throw fail("Log style \(style.rawValue) needs linSideBreak", p)
      }
      if !camera, v.linSideBreak != nil || v.linearSlope != nil {
        throw fail("linSideBreak and linearSlope belong to the camera Log styles", p)
      }
      guard v.base > 0, v.base != 1, v.logSideSlope != 0, v.linSideSlope != 0 else {
        throw fail("LogParams need base > 0 (not 1) and non-zero slopes", p)
      }
      for c in try channels(of: p) { node.channels[c] = v }
    }
    if camera, params.isEmpty { throw fail("Log style \(style.rawValue) needs LogParams", element) }
    return node
  }

  func exponent(_ element: XMLElement) throws(CLFParseError) -> CLFExponent {
    let paramsName = element.name == "Gamma" ? "GammaParams" : "ExponentParams"
    let exponentName = element.name == "Gamma" ? "gamma" : "exponent"
    try checkChildren(element, allowed: [paramsName])
    let styleText = element.attribute("style") ?? ""
    guard let style = CLFExponent.Style(rawValue: styleText) else {
      throw fail("\(element.name) style '\(styleText.prefix(30))' is unknown", element)
    }
    let monCurve = styleText.hasPrefix("monCurve")
    var node = CLFExponent(style: style, exponents: [1, 1, 1])
    let params = element.children(named: paramsName)
    guard !params.isEmpty else { throw fail("\(element.name) needs \(paramsName)", element) }
    for p in params {
      guard let e = try attributeNumber(p, exponentName) else {
        throw fail("\(paramsName) needs \(exponentName)", p)
      }
      let offset = try attributeNumber(p, "offset")
      if monCurve {
        guard let offset, offset >= 0, offset <= 0.9, e >= 1, e <= 10 else {
          throw fail("monCurve styles need exponent 1…10 and offset 0…0.9", p)
        }
      } else {
        guard offset == nil else { throw fail("basic styles take no offset", p) }
        guard e >= 0.01, e <= 100 else { throw fail("the exponent must be in 0.01…100", p) }
      }
      for c in try channels(of: p) {
        node.exponents[c] = e
        node.offsets[c] = offset ?? 0
      }
    }
    return node
  }

  func cdl(_ element: XMLElement) throws(CLFParseError) -> CLFCDL {
    try checkChildren(element, allowed: ["SOPNode", "SatNode"])
    let styleText = element.attribute("style") ?? "Fwd"
    guard let style = CLFCDL.Style(rawValue: styleText) else {
      throw fail("ASC_CDL style '\(styleText.prefix(30))' is unknown", element)
    }
    var node = CLFCDL(style: style)
    if let sop = try single(element, "SOPNode") {
      try checkChildren(sop, allowed: ["Slope", "Offset", "Power"])
      func triple(_ name: String) throws(CLFParseError) -> SIMD3<Double> {
        guard let e = try single(sop, name) else { throw fail("SOPNode needs \(name)", sop) }
        let v = try numbers(e, count: 3)
        return SIMD3(v[0], v[1], v[2])
      }
      node.slope = try triple("Slope")
      node.offset = try triple("Offset")
      node.power = try triple("Power")
      guard node.slope.min() >= 0, node.power.min() > 0 else {
        throw fail("ASC_CDL slopes must be ≥ 0 and powers > 0", sop)
      }
    }
    if let sat = try single(element, "SatNode") {
      try checkChildren(sat, allowed: ["Saturation"])
      guard let value = try single(sat, "Saturation") else {
        throw fail("SatNode needs Saturation", sat)
      }
      node.saturation = try scalar(value)
      guard node.saturation >= 0 else { throw fail("ASC_CDL saturation must be ≥ 0", value) }
    }
    return node
  }
}
