import ColorMath
import EDRPipeline

extension CubeSpace {
  /// The `CGColorSpace` name constant to hand `CIColorCubeWithColorSpace` for a cube in this
  /// space, e.g. `itur_2100_PQ`; nil for `raw`, which has no colour space, and for primaries
  /// without a Core Image space of that transfer (the camera gamuts, AP0, DCI-P3 but linear
  /// AP1, `acescgLinear`) and for the log curves, which Core Image does not name.
  ///
  /// The extended variants are chosen for SDR and linear spaces, so that EDR values outside
  /// 0…1 reach the cube (with `inputExtrapolate`). `bt1886` maps to the BT.709/BT.2020 and
  /// Display P3 spaces of the same primaries, whose transfer approximates the 2.4 power.
  public var coreImageColorSpaceName: String? {
    switch (transfer, primaries) {
    case (.raw, _): nil
    case (.pq, _): "itur_2100_PQ"
    case (.hlg, _): "itur_2100_HLG"
    case (.srgb, .rec709): "extendedSRGB"
    case (.srgb, .p3): "extendedDisplayP3"
    case (.srgb, .rec2020): "extendedITUR_2020"
    case (.linear, .rec709): "extendedLinearSRGB"
    case (.linear, .p3): "extendedLinearDisplayP3"
    case (.linear, .rec2020): "extendedLinearITUR_2020"
    case (.bt1886, .rec709): "itur_709"
    case (.bt1886, .p3): "displayP3"
    case (.bt1886, .rec2020): "itur_2020"
    case (.linear, .ap1): "acescgLinear"
    default: nil
    }
  }
}
