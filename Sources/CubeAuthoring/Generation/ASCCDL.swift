import EDRPipeline
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An ASC Color Decision List (ASC CDL v1.2): slope, offset, power per channel and one
/// saturation.
///
/// `out = clamp0(in·slope + offset)^power`, then saturation around Rec.709 luma
/// (`0.2126·R + 0.7152·G + 0.0722·B`): `out = luma + saturation·(out − luma)`. The
/// specification works on values in 0…1; for EDR, values above 1 are **not** clamped (only
/// negatives are, before the power, so that it is defined). Applied to the cube's encoded
/// values, as colourists grade.
public struct ASCCDL: Sendable, Hashable {
  /// Per-channel slope (gain), default 1.
  public var slope: SIMD3<Double>
  /// Per-channel offset, default 0.
  public var offset: SIMD3<Double>
  /// Per-channel power, default 1; must be positive.
  public var power: SIMD3<Double>
  /// Saturation, default 1.
  public var saturation: Double

  /// The Rec.709 luma weights the specification prescribes for the saturation step.
  public static let lumaWeights = SIMD3<Double>(0.2126, 0.7152, 0.0722)

  /// Creates a CDL; the defaults are the identity.
  public init(
    slope: SIMD3<Double> = .one, offset: SIMD3<Double> = .zero, power: SIMD3<Double> = .one,
    saturation: Double = 1
  ) {
    self.slope = slope
    self.offset = offset
    self.power = power
    self.saturation = saturation
  }

  /// Applies the CDL to one colour.
  public func apply(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
    let graded = pointwiseMax(rgb * slope + offset, .zero)
    var out = SIMD3<Double>()
    for k in 0..<3 { out[k] = power[k] == 1 ? graded[k] : Foundation.pow(graded[k], power[k]) }
    if saturation == 1 { return out }  // exact identity for the default CDL
    let luma = (out * Self.lumaWeights).sum()
    return luma + saturation * (out - luma)
  }
}
