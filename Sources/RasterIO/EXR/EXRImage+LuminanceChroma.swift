extension EXRImage {
  /// Replaces each luminance/chroma layer of a one-part file (Y at full resolution, RY and BY
  /// subsampled 2×2, no R, G, B) by half R, G and B decoded as OpenEXR's RGBA interface
  /// (`RgbaInputFile`) decodes them: chroma filtered back to full resolution and converted
  /// with the part's chromaticities (Rec.709 without them). Y, RY and BY are removed; A and
  /// every other channel stay as they were. The RGB is linear in the part's chromaticities,
  /// so a grade treats it as any RGB part.
  ///
  /// The pixels come from the file the part was read from (``EXRPart/attributeSource``),
  /// which must not have changed since. Files of several parts are left as they are.
  /// - Parameter only: convert only this layer (`""` for the unnamed one); nil: every one.
  /// - Returns: the layers converted (`""` for the unnamed one), in channel order.
  /// - Throws: `RasterIOError` `.invalidRequest` for a part made in memory; `.corrupt` if
  ///   OpenEXR cannot decode the file.
  public mutating func convertLuminanceChromaToRGB(only: String? = nil) throws -> [String] {
    guard parts.count == 1 else { return [] }
    var seen: Set<String> = []
    let layers = parts[0].channels.map(\.layer).filter { seen.insert($0).inserted }
      .filter { (only ?? $0) == $0 && Self.isLuminanceChroma(layer: $0, in: parts[0]) }
    for layer in layers {
      guard let source = parts[0].attributeSource else {
        throw RasterIOError(
          .invalidRequest, path: Self.inMemory,
          "luminance/chroma is converted from the file the image was read from; this one was not")
      }
      let (width, height) = (parts[0].width, parts[0].height)
      let rgba = try EXRCXXCalls.readLuminanceChroma(
        path: source.path, layer: layer, width: width, height: height)
      let prefix = layer.isEmpty ? "" : layer + "."
      parts[0].channels.removeAll { ["Y", "RY", "BY"].map { prefix + $0 }.contains($0.name) }
      for (offset, name) in ["R", "G", "B"].enumerated() {
        let samples = stride(from: offset, to: rgba.count, by: 4).map { rgba[$0] }
        parts[0].channels.append(EXRChannel(name: prefix + name, samples: .half(samples)))
      }
      parts[0].channels.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }
    return layers
  }

  /// Whether `layer` of `part` is luminance/chroma as the RGBA interface reads it.
  static func isLuminanceChroma(layer: String, in part: EXRPart) -> Bool {
    let prefix = layer.isEmpty ? "" : layer + "."
    func has(_ name: String, sampling: Int) -> Bool {
      guard let index = part.channelIndex(named: prefix + name) else { return false }
      return part.channels[index].xSampling == sampling
        && part.channels[index].ySampling == sampling
    }
    return has("Y", sampling: 1) && has("RY", sampling: 2) && has("BY", sampling: 2)
      && ["R", "G", "B"].allSatisfy { part.channelIndex(named: prefix + $0) == nil }
  }
}
