import EDRPipeline
import RasterIO

/// The EXR `preview` attribute made again from the graded picture (issue 34): a kept
/// preview would show the ungraded image. Each preview pixel takes the source pixel nearest
/// its centre, graded exactly as the frame's pixels are (colour divided by alpha around the
/// lookup, `--alpha-zero`), and is encoded as OpenEXR's `exrmakepreview` encodes
/// (``EXRPreview/init(width:height:linear:)``); the preview keeps its size.
enum PreviewRegrade {
  /// Replaces the preview of the part holding `set`, if it has one.
  static func regrade(
    _ image: inout EXRImage, set: EXRChannelSet, application: CubeApplication, straighten: Bool,
    transparent: TransparentColour
  ) {
    guard let old = image.parts[set.partIndex].preview, old.width > 0, old.height > 0 else {
      return
    }
    // The whole frame as RGBA: only files that carry a preview pay for this copy. A set
    // without RGB of its own (luminance) keeps the file's preview.
    guard let frame = try? image.rgba(set) else { return }
    let (width, height) = (frame.width, frame.height)
    var values: [Float] = []
    values.reserveCapacity(old.width * old.height * 4)
    for py in 0..<old.height {
      let y = min(height - 1, (2 * py + 1) * height / (2 * old.height))
      for px in 0..<old.width {
        let x = min(width - 1, (2 * px + 1) * width / (2 * old.width))
        let i = (y * width + x) * 4
        values += frame.values[i..<(i + 4)]
      }
    }
    var samples = RGBAPixels(
      width: old.width, height: old.height, values: values, hasAlpha: frame.hasAlpha)
    func grade(_ v: inout [Float]) {
      v.withUnsafeMutableBufferPointer { application.apply(inPlace: $0, channels: 4, threads: 1) }
    }
    if straighten {
      samples.withStraightColor(transparent: transparent, grade)
    } else {
      grade(&samples.values)
    }
    let graded = samples.values
    let hasAlpha = frame.hasAlpha
    image.parts[set.partIndex].preview = EXRPreview(width: old.width, height: old.height) { i in
      SIMD4(graded[4 * i], graded[4 * i + 1], graded[4 * i + 2], hasAlpha ? graded[4 * i + 3] : 1)
    }
  }
}
