/// Where one RGB(A) set lives in an ``EXRImage``: a part and a layer.
public struct EXRChannelSet: Hashable, Sendable {
  /// The part index.
  public var partIndex: Int
  /// The layer (`""` for the unnamed layer, `diffuse` for `diffuse.R`…).
  public var layer: String
  /// Channel indices of R, G, B in the part.
  public var red: Int, green: Int, blue: Int
  /// Channel index of A in the same layer, if present.
  public var alpha: Int?
}

extension EXRImage {
  /// Finds the RGB set a LUT applies to.
  ///
  /// With no arguments: the unnamed layer of the first part that has `R`, `G` and `B`.
  /// - Parameters:
  ///   - part: A part index to look in (`--part`), or nil for the first that has the layer.
  ///   - layer: The layer (`--layer`, `""` for unnamed), or nil for the unnamed layer.
  /// - Throws: `RasterIOError` `.invalidRequest` naming `path` if there is no such set, or
  ///   `.unsupported` if its channels are subsampled.
  public func channelSet(part: Int? = nil, layer: String? = nil, path: String) throws
    -> EXRChannelSet
  {
    let layer = layer ?? ""
    let candidates = part.map { [$0] } ?? Array(parts.indices)
    for index in candidates where parts.indices.contains(index) {
      let p = parts[index]
      let prefix = layer.isEmpty ? "" : layer + "."
      guard let r = p.channelIndex(named: prefix + "R"),
        let g = p.channelIndex(named: prefix + "G"),
        let b = p.channelIndex(named: prefix + "B")
      else { continue }
      let a = p.channelIndex(named: prefix + "A")
      guard
        ([r, g, b] + (a.map { [$0] } ?? [])).allSatisfy({
          p.channels[$0].xSampling == 1 && p.channels[$0].ySampling == 1
        })
      else {
        throw RasterIOError(.unsupported, path: path, "the RGB channels are subsampled")
      }
      return EXRChannelSet(partIndex: index, layer: layer, red: r, green: g, blue: b, alpha: a)
    }
    let whereText = part.map { "part \($0)" } ?? "any part"
    let layerText = layer.isEmpty ? "the unnamed layer" : "layer \(layer)"
    throw RasterIOError(
      .invalidRequest, path: path, "no R, G, B channels in \(layerText) of \(whereText)")
  }

  /// The set's pixels as interleaved RGBA `Float` (half widened exactly, uint converted).
  public func rgba(_ set: EXRChannelSet) -> RGBAPixels {
    let part = parts[set.partIndex]
    let indices = [set.red, set.green, set.blue] + (set.alpha.map { [$0] } ?? [])
    return RGBAPixels(
      width: part.width, height: part.height,
      planes: indices.map { part.channels[$0].samples.floatValues })
  }

  /// Puts RGB back into the set's channels, converting to each channel's stored type or to
  /// `pixelType`. Alpha and every other channel are left untouched (bit-exact).
  /// - Precondition: `pixels` has the part's size (a programmer error otherwise).
  public mutating func replaceRGB(
    of set: EXRChannelSet, with pixels: RGBAPixels, pixelType: EXRPixelType? = nil
  ) {
    let part = parts[set.partIndex]
    precondition(pixels.width == part.width && pixels.height == part.height, "size mismatch")
    for (component, index) in [set.red, set.green, set.blue].enumerated() {
      let type = pixelType ?? part.channels[index].pixelType
      parts[set.partIndex].channels[index].samples = EXRSamples(pixels.plane(component), as: type)
    }
  }
}
