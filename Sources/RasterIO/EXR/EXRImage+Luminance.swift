/// A luminance-only layer of an OpenEXR part (`Y`, no R, G, B and no chroma), which a grade
/// sees as grey RGB, as OpenEXR's RGBA interface (`RgbaInputFile`) reads it.
public struct EXRLuminanceLayer: Hashable, Sendable {
  /// The part index.
  public var partIndex: Int
  /// The layer (`""` for the unnamed one).
  public var layer: String

  /// Creates a reference to a layer.
  public init(partIndex: Int, layer: String) {
    self.partIndex = partIndex
    self.layer = layer
  }

  private var prefix: String { layer.isEmpty ? "" : layer + "." }
  var luminance: String { prefix + "Y" }
  var colour: [String] { ["R", "G", "B"].map { prefix + $0 } }
}

extension EXRImage {
  /// Adds channels R, G and B equal to the layer's Y (in Y's type) to its part (and to each of
  /// its mip/rip levels), and returns the set over them (with the layer's A), for a grade;
  /// ``collapseLuminance(_:weights:pixelType:)`` undoes it.
  /// - Throws: `RasterIOError` `.invalidRequest` if the layer has no full-resolution Y or
  ///   already has colour channels.
  public mutating func expandLuminance(_ l: EXRLuminanceLayer) throws -> EXRChannelSet {
    guard parts.indices.contains(l.partIndex),
      let y = parts[l.partIndex].channelIndex(named: l.luminance),
      parts[l.partIndex].channels[y].xSampling == 1, parts[l.partIndex].channels[y].ySampling == 1,
      l.colour.allSatisfy({ parts[l.partIndex].channelIndex(named: $0) == nil })
    else {
      throw RasterIOError(.invalidRequest, path: Self.inMemory, "no luminance layer there")
    }
    let first = parts[l.partIndex].channels.count
    let source = parts[l.partIndex].channels[y]
    for name in l.colour {
      parts[l.partIndex].channels.append(EXRChannel(name: name, samples: source.samples))
      for level in parts[l.partIndex].levels.indices {
        let grey = parts[l.partIndex].levels[level].channels[y].samples
        parts[l.partIndex].levels[level].channels.append(EXRChannel(name: name, samples: grey))
      }
    }
    let alpha = parts[l.partIndex].channelIndex(named: l.layer.isEmpty ? "A" : l.layer + ".A")
    return EXRChannelSet(
      partIndex: l.partIndex, layer: l.layer, red: first, green: first + 1, blue: first + 2,
      alpha: alpha.flatMap {
        parts[l.partIndex].channels[$0].samples.count == source.samples.count ? $0 : nil
      })
  }

  /// Stores `weights · (R, G, B)` in the layer's Y (in Y's type, or `pixelType`), as
  /// OpenEXR's `RgbaOutputFile` writes luminance, and removes the R, G and B that
  /// ``expandLuminance(_:)`` added. Does nothing if they are not there.
  public mutating func collapseLuminance(
    _ l: EXRLuminanceLayer, weights: SIMD3<Double>, pixelType: EXRPixelType? = nil
  ) {
    guard parts.indices.contains(l.partIndex),
      let y = parts[l.partIndex].channelIndex(named: l.luminance)
    else { return }
    let type = pixelType ?? parts[l.partIndex].channels[y].pixelType
    Self.collapse(&parts[l.partIndex].channels, l, luminance: y, weights: weights, type: type)
    for level in parts[l.partIndex].levels.indices {
      Self.collapse(
        &parts[l.partIndex].levels[level].channels, l, luminance: y, weights: weights, type: type)
    }
  }

  /// ``collapseLuminance(_:weights:pixelType:)`` on one level's channels.
  private static func collapse(
    _ channels: inout [EXRChannel], _ l: EXRLuminanceLayer, luminance y: Int,
    weights: SIMD3<Double>, type: EXRPixelType
  ) {
    let found = l.colour.compactMap { name in channels.firstIndex { $0.name == name } }
    guard found.count == 3 else { return }
    let rgb = found.map { channels[$0].samples.floatValues }
    let values = rgb[0].indices.map { i in
      Float(
        weights.x * Double(rgb[0][i]) + weights.y * Double(rgb[1][i]) + weights.z
          * Double(rgb[2][i]))
    }
    channels[y].samples = EXRSamples(values, as: type)
    for index in found.sorted(by: >) { channels.remove(at: index) }
  }
}
