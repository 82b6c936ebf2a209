import ColorMath
import CubeAuthoring
import EDRPipeline

/// Turns linear EDR pixels into what an SDR screen can show, for PNG previews: maxRGB
/// Reinhard from the headroom down to 1.0 (hue kept), clipped to 0…1, sRGB-encoded.
public struct SDRPreview: Sendable, Hashable {
  /// The EDR value shown as the screen's white.
  public var headroom: Double

  /// Creates a preview mapping from `headroom` (≥ 1) down to SDR white.
  public init(headroom: Double) {
    self.headroom = max(headroom, 1)
  }

  /// The sRGB-encoded 0…1 display value of one linear Rec.709 EDR colour.
  public func display(_ rgb: SIMD3<Float>) -> SIMD3<Float> {
    let mapped = MaxRGBReinhard(inputPeak: headroom, outputPeak: 1).apply(rgb)
    return SIMD3(
      SRGB.encode(min(max(mapped.x, 0), 1)), SRGB.encode(min(max(mapped.y, 0), 1)),
      SRGB.encode(min(max(mapped.z, 0), 1)))
  }

  /// Converts interleaved RGBA in place (alpha untouched).
  public func convert(rgba values: inout [Float]) {
    for i in stride(from: 0, to: values.count - 3, by: 4) {
      let d = display(SIMD3(values[i], values[i + 1], values[i + 2]))
      values[i] = d.x.isNaN ? 0 : d.x
      values[i + 1] = d.y.isNaN ? 0 : d.y
      values[i + 2] = d.z.isNaN ? 0 : d.z
    }
  }
}
