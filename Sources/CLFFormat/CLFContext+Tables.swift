/// Matrix, LUT1D, LUT3D and Range.
extension CLFContext {
  func matrix(_ element: XMLElement) throws(CLFParseError) -> CLFMatrix {
    try checkChildren(element, allowed: ["Array"])
    let (array, dims) = try self.array(element, limit: 4)
    // "3 3" and "3 4"; CLF v2's "3 3 3" / "3 4 3" name the components again.
    guard dims.count == 2 || (dims.count == 3 && dims[2] == 3), dims[0] == 3,
      dims[1] == 3 || dims[1] == 4
    else { throw fail("a Matrix Array must be 3 3 or 3 4", array) }
    return CLFMatrix(values: try numbers(array, count: 3 * dims[1]))
  }

  func lut1D(_ element: XMLElement, inDepth: CLFBitDepth) throws(CLFParseError) -> CLFLUT1D {
    try checkChildren(element, allowed: ["Array", "IndexMap"])
    if let map = try single(element, "IndexMap") {
      throw fail("IndexMap is not supported (not valid since CLF 3)", map)
    }
    let halfDomain = try flag(element, "halfDomain")
    let rawHalfs = try flag(element, "rawHalfs")
    let (array, dims) = try self.array(element, limit: CLFLimits.lut1DLength.upperBound)
    guard dims.count == 2, dims[1] == 1 || dims[1] == 3,
      CLFLimits.lut1DLength.contains(dims[0])
    else {
      throw fail(
        "a LUT1D Array must be N 1 or N 3 with N in \(CLFLimits.lut1DLength.lowerBound)…\(CLFLimits.lut1DLength.upperBound)",
        array)
    }
    if halfDomain, dims[0] != 65536 {
      throw fail("a halfDomain LUT1D has 65536 entries, not \(dims[0])", array)
    }
    var values = try numbers(array, count: dims[0] * dims[1])
    if rawHalfs {
      for k in values.indices {
        guard let bits = UInt16(exactly: values[k]) else {
          throw fail("rawHalfs value \(values[k]) is not a 16-bit pattern", array)
        }
        values[k] = CLFHalf.double(bits)
      }
    }
    return CLFLUT1D(
      values: values, components: dims[1], halfDomain: halfDomain, rawHalfs: rawHalfs)
  }

  func lut3D(_ element: XMLElement) throws(CLFParseError) -> CLFLUT3D {
    try checkChildren(element, allowed: ["Array"])
    let interpolation = element.attribute("interpolation") ?? "trilinear"
    guard let mode = CLFLUT3D.Interpolation(rawValue: interpolation) else {
      throw fail("LUT3D interpolation '\(interpolation)' is not trilinear or tetrahedral", element)
    }
    let grid = CLFLimits.lut3DGrid
    let (array, dims) = try self.array(element, limit: grid.upperBound)
    guard dims.count == 4, dims[3] == 3, dims[0] == dims[1], dims[1] == dims[2],
      grid.contains(dims[0])
    else {
      throw fail(
        "a LUT3D Array must be n n n 3 with n in \(grid.lowerBound)…\(grid.upperBound)", array)
    }
    let n = dims[0]
    return CLFLUT3D(
      grid: n, values: try numbers(array, count: n * n * n * 3), interpolation: mode)
  }

  func range(_ element: XMLElement, inDepth: CLFBitDepth, outDepth: CLFBitDepth)
    throws(CLFParseError) -> CLFRange
  {
    let names = ["minInValue", "maxInValue", "minOutValue", "maxOutValue"]
    try checkChildren(element, allowed: Set(names))
    var values: [Double?] = []
    for name in names {
      values.append(try single(element, name).map { e throws(CLFParseError) in try scalar(e) })
    }
    let style = element.attribute("style") ?? "Clamp"
    guard style == "Clamp" || style == "noClamp" else {
      throw fail("Range style '\(style)' is not Clamp or noClamp", element)
    }
    let range = CLFRange(
      minIn: values[0], maxIn: values[1], minOut: values[2], maxOut: values[3],
      clamps: style == "Clamp")
    try check(range, element, inScale: inDepth.scale, outScale: outDepth.scale)
    return range
  }

  /// The Range rules: pairs complete, at least one pair, `noClamp` needs both, min < max,
  /// and a one-sided range maps its bound to itself (it is a clamp).
  private func check(_ r: CLFRange, _ element: XMLElement, inScale: Double, outScale: Double)
    throws(CLFParseError)
  {
    let hasMin = r.minIn != nil || r.minOut != nil
    let hasMax = r.maxIn != nil || r.maxOut != nil
    if (r.minIn == nil) != (r.minOut == nil) || (r.maxIn == nil) != (r.maxOut == nil) {
      throw fail("a Range gives minInValue with minOutValue, maxInValue with maxOutValue", element)
    }
    guard hasMin || hasMax else { throw fail("an empty Range", element) }
    if !r.clamps, !(hasMin && hasMax) {
      throw fail("a noClamp Range needs both the minimum and the maximum values", element)
    }
    if let minIn = r.minIn, let maxIn = r.maxIn, let minOut = r.minOut, let maxOut = r.maxOut {
      guard minIn < maxIn, minOut < maxOut else {
        throw fail("a Range's minimum values must be below its maximum values", element)
      }
      // The span divides: one too small for a normal Float (1e-320, say) gives NaN everywhere.
      let inSpan = (maxIn - minIn) / inScale
      let scale = (maxOut - minOut) / outScale / inSpan
      guard Float(inSpan).isNormal, Float((maxOut - minOut) / outScale).isNormal,
        Float(scale).isFinite, Float(scale).isNormal
      else {
        throw fail(
          "a Range's input or output span is too small to scale (below \(Float.leastNormalMagnitude))",
          element)
      }
      return
    }
    let (bIn, bOut) = hasMin ? (r.minIn!, r.minOut!) : (r.maxIn!, r.maxOut!)
    guard abs(bIn / inScale - bOut / outScale) <= 1e-6 * max(1, abs(bOut / outScale)) else {
      throw fail(
        "a Range with only \(hasMin ? "minimum" : "maximum") values must map the bound to itself",
        element)
    }
  }

  /// A flag attribute: absent is false; present, the specification allows only "true".
  func flag(_ element: XMLElement, _ name: String) throws(CLFParseError) -> Bool {
    guard let text = element.attribute(name) else { return false }
    guard text == "true" else {
      throw fail("\(name)='\(text.prefix(20))': when present, it must be \"true\"", element)
    }
    return true
  }
}
