/// Every RGB(A) set of an OpenEXR file that a grade applies to, and what it leaves alone.
public struct EXRColourSelection: Hashable, Sendable {
  /// The sets, in file order (part, then layer); never empty.
  public var sets: [EXRChannelSet]
  /// Luminance-only layers (Y without R, G, B or chroma) to grade as grey RGB
  /// (``EXRImage/expandLuminance(_:)``), in file order.
  public var luminance: [EXRLuminanceLayer]
  /// The description of each set and then each luminance layer (`part 0 'left' unnamed
  /// layer`), in the same order.
  public var graded: [String]
  /// Each layer left untouched and why (`part 1 layer 'depth' (Z): no R, G, B`).
  public var passedThrough: [String]
}

extension EXRImage {
  /// Finds every RGB set a LUT applies to: by default each layer of each part that holds R, G
  /// and B (every view of a multi-view file, every part of a multi-part file, layer-only files
  /// such as `beauty.R`); `part`, `layer` and `view` narrow the choice.
  ///
  /// A layer's view is its part's `view` attribute (multi-part files), else the first name of
  /// the layer when that is one of the part's ``EXRPart/views`` (`left.R`), else the default
  /// view (the first of ``EXRPart/views``), as OpenEXR's multi-view convention has it.
  /// - Parameters:
  ///   - part: only this part index (`--part`).
  ///   - layer: only this layer (`--layer`, `""` for the unnamed one), in every part that has it.
  ///   - view: only the layers of this view (`--view`).
  ///   - path: the file's path, named in errors.
  /// - Throws: `RasterIOError` `.invalidRequest` naming `path` and listing the file's layers
  ///   when nothing is left to grade, or `.unsupported` if an asked-for layer is subsampled.
  public func colourSets(
    part: Int? = nil, layer: String? = nil, view: String? = nil, path: String
  ) throws -> EXRColourSelection {
    var selection = EXRColourSelection(sets: [], luminance: [], graded: [], passedThrough: [])
    var luminanceLabels: [String] = []
    var layersSeen: [String] = []
    for index in parts.indices where part == nil || part == index {
      let p = parts[index]
      for name in Self.layers(of: p) {
        let label = Self.label(part: index, layer: name, in: self)
        let channels = p.channels.filter { $0.layer == name }.map(\.baseName)
        layersSeen.append("\(label) (\(channels.joined(separator: ", ")))")
        if let layer, layer != name { continue }
        let layerView = Self.view(of: name, in: p)
        if let view, layerView != view {
          selection.passedThrough.append(
            "\(label): view \(layerView ?? "none"), not --view \(view)")
          continue
        }
        switch Self.set(part: index, layer: name, in: p) {
        case .success(let set):
          selection.sets.append(set)
          selection.graded.append(label)
        case .failure(.luminance):
          selection.luminance.append(EXRLuminanceLayer(partIndex: index, layer: name))
          luminanceLabels.append(label + " (Y, as grey)")
        case .failure(let why):
          if layer != nil, why == .subsampled {
            throw RasterIOError(.unsupported, path: path, "the RGB channels are subsampled")
          }
          selection.passedThrough.append("\(label) (\(channels.joined(separator: ", "))): \(why)")
          if why != .noColour { layersSeen[layersSeen.count - 1] += ": \(why)" }
        }
      }
    }
    selection.graded += luminanceLabels
    guard selection.sets.isEmpty, selection.luminance.isEmpty else { return selection }
    let whereText = part.map { "part \($0)" } ?? "any part"
    let layerText = layer.map { $0.isEmpty ? "the unnamed layer" : "layer \($0)" } ?? "any layer"
    let viewText = view.map { " of view \($0)" } ?? ""
    throw RasterIOError(
      .invalidRequest, path: path,
      "no R, G, B channels in \(layerText)\(viewText) of \(whereText); the file has "
        + layersSeen.joined(separator: "; "))
  }

  /// Why a layer is not graded.
  private enum Refusal: Error, CustomStringConvertible, Equatable {
    case noColour, subsampled, luminance, luminanceChroma
    /// Some of R, G, B (those named), not all three.
    case partialColour(String)

    var description: String {
      switch self {
      case .noColour: "no R, G, B"
      case .subsampled: "R, G, B are subsampled"
      case .luminance: "luminance only"
      case .partialColour(let present):
        "only \(present) of R, G, B: not an RGB image (OpenEXR's RGBA interface would read the "
          + "missing ones as 0), so not graded; add them first if it is colour "
          + "(e.g. oiiotool in.exr --ch R=0,G,B=0 -o rgb.exr)"
      case .luminanceChroma:
        "luminance/chroma (Y, RY, BY) is converted to RGB for a grade in one-part files with "
          + "RY and BY subsampled 2×2 only; convert it to RGB first"
      }
    }
  }

  /// The set of `layer` in `part`, or why there is none.
  private static func set(part index: Int, layer: String, in p: EXRPart) -> Result<
    EXRChannelSet, Refusal
  > {
    let prefix = layer.isEmpty ? "" : layer + "."
    let full = { (i: Int) in p.channels[i].xSampling == 1 && p.channels[i].ySampling == 1 }
    let present = ["R", "G", "B"].filter { p.channelIndex(named: prefix + $0) != nil }
    guard let r = p.channelIndex(named: prefix + "R"), let g = p.channelIndex(named: prefix + "G"),
      let b = p.channelIndex(named: prefix + "B")
    else {
      if !present.isEmpty, p.channelIndex(named: prefix + "Y") == nil {
        return .failure(.partialColour(present.joined(separator: ", ")))
      }
      guard let y = p.channelIndex(named: prefix + "Y"), full(y) else { return .failure(.noColour) }
      let chroma = ["RY", "BY"].contains { p.channelIndex(named: prefix + $0) != nil }
      let colour = ["R", "G", "B"].contains { p.channelIndex(named: prefix + $0) != nil }
      return .failure(chroma ? .luminanceChroma : colour ? .noColour : .luminance)
    }
    guard [r, g, b].allSatisfy(full) else { return .failure(.subsampled) }
    let a = p.channelIndex(named: prefix + "A").flatMap { full($0) ? $0 : nil }
    return .success(
      EXRChannelSet(partIndex: index, layer: layer, red: r, green: g, blue: b, alpha: a))
  }

  /// The part's layers in channel order (alphabetical in a file), each once.
  private static func layers(of p: EXRPart) -> [String] {
    var seen: Set<String> = []
    return p.channels.map(\.layer).filter { seen.insert($0).inserted }
  }

  /// The view a layer belongs to, or nil in a file without views.
  static func view(of layer: String, in p: EXRPart) -> String? {
    if let view = p.stringAttributes["view"] { return view }
    guard let defaultView = p.views.first else { return nil }
    let first = String(layer.prefix { $0 != "." })
    return p.views.contains(first) ? first : defaultView
  }

  /// `part 1 layer 'left'`, or `layer 'left'` in a one-part file; the part's name when it has one.
  private static func label(part index: Int, layer: String, in image: EXRImage) -> String {
    let name = image.parts[index].name.map { " '\($0)'" } ?? ""
    let partText = image.parts.count > 1 ? "part \(index)\(name) " : ""
    return partText + (layer.isEmpty ? "unnamed layer" : "layer '\(layer)'")
  }
}
