extension TIFFImage {
  /// A TIFF holding one RGB(A) set of an OpenEXR image, for writing an EXR as TIFF.
  ///
  /// Samples stay floats: half RGB becomes 16-bit float samples, float (and uint) RGB 32-bit
  /// float; a TIFF's samples share one type, so a float channel kept beside half RGB widens
  /// every sample to 32 bits (said in ``FormatConversion/dropped``). Alpha is kept as associated
  /// alpha (EXR colour is premultiplied, so no value changes). The set's layer's other
  /// full-resolution float channels (`Z`…) follow alpha as unspecified extra samples, in the
  /// part's order; without alpha they are dropped (a TIFF reader takes the fourth sample for
  /// alpha). String attributes map to TIFF's ASCII tags (`comments` ↔ ImageDescription,
  /// `owner` ↔ Copyright, the others by tag name, as `TextMetadataNames` maps them).
  ///
  /// Dropped and named: other parts, other layers, subsampled and uint channels, the levels
  /// below full resolution of a mip- or rip-map, every other
  /// header attribute (chromaticities included: a float TIFF is read as Rec. 709), the data
  /// window's offset and the display window.
  /// - Throws: `RasterIOError` `.invalidRequest` if the set does not fit the image; `.io` if
  ///   the source header cannot be re-read for its attribute names.
  public static func converting(_ exr: EXRImage, set: EXRChannelSet) throws
    -> FormatConversion<TIFFImage>
  {
    let part = try exr.checkedPart(of: set, alpha: true)
    var dropped = exr.parts.indices.filter { $0 != set.partIndex }.map { index in
      "part \(index)" + (exr.parts[index].name.map { " '\($0)'" } ?? "")
    }
    var kept = [set.red, set.green, set.blue] + (set.alpha.map { [$0] } ?? [])
    var otherLayers: [String: Int] = [:]
    for (index, channel) in part.channels.enumerated() where !kept.contains(index) {
      if channel.layer != set.layer {
        otherLayers[channel.layer.isEmpty ? "(unnamed)" : channel.layer, default: 0] += 1
      } else if set.alpha == nil {
        dropped.append("channel \(channel.name) (no alpha to follow)")
      } else if channel.xSampling != 1 || channel.ySampling != 1 {
        dropped.append("channel \(channel.name) (subsampled)")
      } else if channel.pixelType == .uint {
        dropped.append("channel \(channel.name) (32-bit integers)")
      } else {
        kept.append(index)
      }
    }
    dropped += otherLayers.sorted { $0.key < $1.key }.map {
      "layer \($0.key) (\($0.value) channels)"
    }
    if !part.levels.isEmpty {
      dropped.append("\(part.levels.count) mip/rip-map level(s) below full resolution")
    }
    let channels = kept.map { part.channels[$0] }
    let allHalf = channels.allSatisfy { $0.pixelType == .half }
    if !allHalf, part.channels[set.red].pixelType == .half {
      dropped.append("half RGB (widened to 32-bit float, the type of the other channels kept)")
    }
    var image = TIFFImage(
      width: part.width, height: part.height, samplesPerPixel: channels.count,
      samples: allHalf
        ? .float16(
          interleave(
            channels.map {
              if case .half(let v) = $0.samples.converted(to: .half) { v } else { [] }
            }))
        : .float32(interleave(channels.map(\.samples.floatValues))))
    image.extraSamples =
      set.alpha == nil ? [] : [1] + Array(repeating: 0, count: channels.count - 4)
    let names = Set(try exr.headerAttributeNames(of: part)).union(part.stringAttributes.keys)
      .union(part.chromaticities == nil ? [] : ["chromaticities"])
    for name in names.sorted() {
      if let tag = TextMetadataNames.tag(forAttribute: name), let text = part.stringAttributes[name]
      {
        image.metadata.strings[tag] = text
      } else {
        dropped.append("attribute \(name)")
      }
    }
    if part.dataWindow.minX != 0 || part.dataWindow.minY != 0 {
      dropped.append("data window offset (\(part.dataWindow.minX), \(part.dataWindow.minY))")
    }
    if part.displayWindow != part.dataWindow { dropped.append("display window") }
    return FormatConversion(image: image, dropped: dropped)
  }

  /// Channels' samples (each `count` long), interleaved pixel by pixel.
  private static func interleave<T>(_ arrays: [[T]]) -> [T] {
    let stride = arrays.count
    let count = arrays.first?.count ?? 0
    return [T](unsafeUninitializedCapacity: count * stride) { buffer, initialized in
      guard let base = buffer.baseAddress else { return }
      for (lane, array) in arrays.enumerated() {
        for (i, value) in array.enumerated() { (base + i * stride + lane).initialize(to: value) }
      }
      initialized = count * stride
    }
  }
}
