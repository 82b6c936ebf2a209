extension EXRImage {
  /// The OpenEXR pixel type a TIFF's samples become: half for 16-bit float and 8-bit integer
  /// samples (half holds every 8-bit code's value to better than 1/2000), float for the rest.
  public static func pixelType(for type: TIFFSampleType) -> EXRPixelType {
    type == .float16 || type == .uint8 ? .half : .float
  }

  /// A one-part OpenEXR image holding a TIFF, for writing a TIFF as EXR.
  ///
  /// `rgba` is the colour and alpha to store (the caller decides what they mean: a TIFF's
  /// ``TIFFImage/rgba``, linearised or premultiplied as the EXR's meaning needs); they become
  /// `R`, `G`, `B` and `A` (when `rgba.hasAlpha`). Extra samples after alpha become channels
  /// `sample4`, `sample5`… (the sample's position), normalised as ``TIFFImage/rgba`` normalises.
  /// All channels are `pixelType`, ZIP-compressed scanlines. ASCII tags become string
  /// attributes (by the table in `TextMetadataNames`, internal).
  ///
  /// Dropped and named: the ICC profile, resolution and an orientation other than top-left.
  /// - Precondition: `rgba` has the TIFF's size (a programmer error otherwise).
  public static func converting(
    _ tiff: TIFFImage, rgba: RGBAPixels, pixelType: EXRPixelType
  ) -> FormatConversion<EXRImage> {
    precondition(rgba.width == tiff.width && rgba.height == tiff.height, "size mismatch")
    let lanes = rgba.hasAlpha ? 4 : 3
    var channels = zip(["R", "G", "B", "A"].prefix(lanes), 0..<lanes).map { name, lane in
      EXRChannel(
        name: name,
        samples: EXRSamples(
          Swift.stride(from: lane, to: rgba.values.count, by: 4).map { rgba.values[$0] },
          as: pixelType))
    }
    if tiff.samplesPerPixel > 4 {
      for lane in 4..<tiff.samplesPerPixel {
        channels.append(
          EXRChannel(
            name: "sample\(lane)",
            samples: EXRSamples(
              tiff.samples.normalised(lane: lane, of: tiff.samplesPerPixel), as: pixelType)))
      }
    }
    var part = EXRPart(dataWindow: EXRBox(width: tiff.width, height: tiff.height))
    part.channels = channels.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    var dropped: [String] = []
    for (tag, text) in tiff.metadata.strings {
      if let name = TextMetadataNames.attributeByTag[tag] {
        part.stringAttributes[name] = text
      } else {
        dropped.append("tag \(tag)")
      }
    }
    if tiff.metadata.iccProfile != nil { dropped.append("ICC profile") }
    if tiff.metadata.xResolution != nil || tiff.metadata.yResolution != nil {
      dropped.append("resolution")
    }
    if let orientation = tiff.metadata.orientation, orientation != 1 {
      dropped.append("orientation \(orientation) (the pixels are written as stored)")
    }
    dropped += tiff.metadata.otherTags.map { "tag \($0.tag)" }
    if !tiff.metadata.exif.isEmpty { dropped.append("EXIF directory") }
    if !tiff.metadata.gps.isEmpty { dropped.append("GPS directory") }
    return FormatConversion(image: EXRImage(parts: [part]), dropped: dropped.sorted())
  }
}

extension TIFFSamples {
  /// One lane of interleaved samples as `Float`: integers divided by their largest code,
  /// half widened exactly, float as stored.
  func normalised(lane: Int, of stride: Int) -> [Float] {
    func pick<T>(_ v: [T], _ convert: (T) -> Float) -> [Float] {
      Swift.stride(from: lane, to: v.count, by: stride).map { convert(v[$0]) }
    }
    switch self {
    case .uint8(let v): return pick(v) { Float($0) / 255 }
    case .uint16(let v): return pick(v) { Float($0) / 65535 }
    case .uint32(let v): return pick(v) { Float(Double($0) / 4_294_967_295) }
    case .float16(let v):
      return HalfFloat.table.withUnsafeBufferPointer { t in pick(v) { t[Int($0)] } }
    case .float32(let v): return pick(v) { $0 }
    }
  }
}
