import ColorMath
import Foundation
import RasterIO

extension ImageDocument {
  /// The format this document is written in.
  package var format: ImageFileFormat {
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
  package func converted(to target: ImageFileFormat, alpha: AlphaMode, path: String) throws
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
        throw RasterIOError(
          .invalidRequest, path: path,
          "apply writes DPX from DPX input only (not \(format.rawValue.uppercased()) to \(target.rawValue.uppercased()))"
        )
      }
      return FormatConversion(image: self, dropped: [])
    }
  }

  /// `--depth`: a DPX document's codes rescaled to `bits` per component before the grade (so
  /// the output is written at that depth); other formats refuse it, naming the output.
  package mutating func setDepth(_ bits: Int, path: String) throws {
    guard case .dpx(var image) = self else {
      throw RasterIOError(
        .invalidRequest, path: path,
        "--depth sets a DPX output's bits per component; this output is \(format.rawValue.uppercased())"
      )
    }
    image.setBitDepth(bits)
    self = .dpx(image)
  }

  /// The format an output is written in, from its name (`.exr`, `.tif`, `.tiff`, `.dpx`, any
  /// case); an unknown extension is refused (before anything is written). Standard output
  /// (`-`) has no name: nil, and the input's format is written.
  package static func outputFormat(of output: String) throws -> ImageFileFormat? {
    guard output != "-" else { return nil }
    let ext = (output as NSString).pathExtension.lowercased()
    switch ext {
    case "exr": return .openEXR
    case "tif", "tiff": return .tiff
    case "dpx": return .dpx
    default:
      let what = ext.isEmpty ? "(no extension)" : "'.\(ext)'"
      throw RasterIOError(
        .invalidRequest, path: output,
        "unsupported output format \(what): name the output .exr, .tif, .tiff or .dpx")
    }
  }
}
