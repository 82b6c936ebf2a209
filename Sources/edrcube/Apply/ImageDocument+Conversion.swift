import ColorMath
import RasterIO

extension ImageDocument {
  /// The format this document is written in.
  var format: ImageFileFormat {
    switch self {
    case .exr: .openEXR
    case .tiff: .tiff
    case .dpx: .dpx
    }
  }

  /// The document in `target`'s format, keeping what the pixels mean (docs/semantics.md §1):
  /// EXR → TIFF keeps float samples and the premultiplied colour (marked associated alpha, or
  /// unassociated when `alpha` says the EXR's colour is straight); TIFF → EXR decodes integer
  /// sRGB to linear light and premultiplies straight colour, as OpenEXR's RGBA is linear and
  /// premultiplied. The pixels stay in the input's primaries (the caller keeps its working
  /// space). Returns what the target cannot hold, for a note.
  func converted(to target: ImageFileFormat, alpha: AlphaMode, path: String) throws
    -> FormatConversion<ImageDocument>
  {
    switch (self, target) {
    case (.exr(let image, let sets, _), .tiff):
      // A TIFF holds one RGB(A): the first set's.
      var conversion = try TIFFImage.converting(image, set: sets[0])
      if alpha == .straight, !conversion.image.extraSamples.isEmpty {
        conversion.image.extraSamples[0] = 2
      }
      return FormatConversion(image: .tiff(conversion.image), dropped: conversion.dropped)
    case (.tiff(let image), .openEXR):
      var rgba = image.rgba
      if !image.sampleType.isFloat {
        for i in rgba.values.indices where i % 4 != 3 {
          rgba.values[i] = SRGB.decode(rgba.values[i])
        }
      }
      if alpha == .straight, rgba.hasAlpha {
        rgba.values.withUnsafeMutableBufferPointer { RGBAPixels.premultiply($0) }
      }
      let conversion = EXRImage.converting(
        image, rgba: rgba, pixelType: EXRImage.pixelType(for: image.sampleType))
      let set = try conversion.image.channelSet(path: path)
      return FormatConversion(
        image: .exr(conversion.image, [set], luminance: []), dropped: conversion.dropped)
    default:
      guard format == target else {
        throw CLIFailure(
          "\(path): error: apply writes DPX from DPX input only (not \(format.rawValue.uppercased()) to \(target.rawValue.uppercased()))"
        )
      }
      return FormatConversion(image: self, dropped: [])
    }
  }

  /// `--depth`: a DPX document's codes rescaled to `bits` per component before the grade (so
  /// the output is written at that depth); other formats refuse it, naming the output.
  mutating func setDepth(_ bits: Int, path: String) throws {
    guard case .dpx(var image) = self else {
      throw CLIFailure(
        "\(path): error: --depth sets a DPX output's bits per component; this output is \(format.rawValue.uppercased())"
      )
    }
    image.setBitDepth(bits)
    self = .dpx(image)
  }
}
