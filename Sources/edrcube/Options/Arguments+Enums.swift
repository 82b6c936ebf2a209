import ArgumentParser
import ColorMath
import CubeAuthoring
import EDRPipeline
import ImageApplication
import LUTEngine
import RasterIO

// The option enums of the library modules carry their CLI spellings as raw values
// (docs/semantics.md §8), so they parse directly.
extension Interpolation: ExpressibleByArgument {}
extension Extrapolation: ExpressibleByArgument {}
extension EDRPolicy: ExpressibleByArgument {}
extension TransferFunction: ExpressibleByArgument {}
extension NamedPrimaries: ExpressibleByArgument {}

extension ExpressibleByArgument where Self: CaseIterable & RawRepresentable, RawValue == String {
  /// Every spelling, comma-separated, for help texts.
  static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
extension WorkingSpace.Transfer: ExpressibleByArgument {}
extension EDRToneMap.Curve: ExpressibleByArgument {}

extension ImageAlphaMode: ExpressibleByArgument {}
extension TransparentColour: ExpressibleByArgument {}

/// `--pixel-type`: the EXR output RGB pixel type.
enum PixelTypeOption: String, CaseIterable, ExpressibleByArgument {
  case half, float

  /// The library's type.
  var exrPixelType: EXRPixelType { self == .half ? .half : .float }
}

/// `--compression`: every name an EXR or TIFF output takes; the output's format decides
/// which apply (a name of the other format is an error naming the file).
enum CompressionOption: String, CaseIterable, ExpressibleByArgument {
  case none, rle, zips, zip, piz, pxr24, b44, b44a, dwaa, dwab, lzw, deflate, packbits, lzma
  case zstd, jpeg
}
