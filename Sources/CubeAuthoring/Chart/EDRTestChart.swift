import ColorMath
import EDRPipeline
import Foundation

/// An EDR test chart for judging a LUT beyond SDR (`edrcube pattern`): linear Rec.709 EDR
/// values (1.0 = reference white), alpha 1.
///
/// Bands from top to bottom, each a fixed share of the height:
/// 1. a grey ramp from 0 to the headroom, linear in x;
/// 2. a grey ramp on a log2 axis from 2⁻⁸ to the headroom;
/// 3. six colour ramps (red, green, blue, cyan, magenta, yellow) from 0 to the headroom;
/// 4. grey patches at 1, 2, 4, 8 and 16× white;
/// 5. saturated primaries and secondaries beyond SDR: the Rec.2020 and Display P3 primaries
///    and secondaries at luminance 1 (negative Rec.709 components), then at 4× white;
/// 6. PQ reference steps: signals 0, 0.1, …, 1.0 decoded to cd/m² and divided by the
///    reference white (greys; values above the headroom kept as they are unless capped);
/// 7. HLG reference steps: signals 0, 0.1, …, 1.0 through the 1000 cd/m² reference display.
///
/// With ``capsAtHeadroom`` (what `edrcube pattern` writes) no value exceeds the headroom: a
/// colour whose largest component is above it is scaled down until that component equals it
/// (its hue kept; greys become the headroom).
public struct EDRTestChart: Sendable, Hashable {
  /// Width in pixels.
  public var width: Int
  /// Height in pixels.
  public var height: Int
  /// The brightest ramp value, in multiples of reference white.
  public var headroom: Double
  /// Cd/m² of EDR 1.0 (for the PQ and HLG steps).
  public var referenceWhite: Double
  /// Whether colours above the headroom are scaled down to it.
  public var capsAtHeadroom: Bool

  /// Creates a chart description.
  public init(
    width: Int = 1920, height: Int = 1080, headroom: Double = 16, referenceWhite: Double = 203,
    capsAtHeadroom: Bool = false
  ) {
    self.width = max(width, 16)
    self.height = max(height, 14)
    self.headroom = headroom
    self.referenceWhite = referenceWhite
    self.capsAtHeadroom = capsAtHeadroom
  }

  /// The band boundaries (fractions of the height), top to bottom.
  static let bands: [Double] = [0, 0.12, 0.24, 0.48, 0.58, 0.76, 0.88, 1]

  /// The chart's pixels: `width · height · 4` floats, RGBA, rows top to bottom.
  public func render() -> [Float] {
    var pixels = [Float](repeating: 1, count: width * height * 4)
    for y in 0..<height {
      let v = (Double(y) + 0.5) / Double(height)
      let band = Self.bands.lastIndex(where: { $0 <= v }).map { min($0, Self.bands.count - 2) } ?? 0
      let within = (v - Self.bands[band]) / (Self.bands[band + 1] - Self.bands[band])
      for x in 0..<width {
        let u = (Double(x) + 0.5) / Double(width)
        let c = capped(color(band: band, u: u, within: within))
        let o = 4 * (y * width + x)
        pixels[o] = Float(c.x)
        pixels[o + 1] = Float(c.y)
        pixels[o + 2] = Float(c.z)
      }
    }
    return pixels
  }

  /// `c` scaled down so that its largest component is the headroom, when ``capsAtHeadroom``
  /// and it is above.
  func capped(_ c: SIMD3<Double>) -> SIMD3<Double> {
    let largest = c.max()
    guard capsAtHeadroom, largest > headroom else { return c }
    return c * (headroom / largest)
  }

  /// The colour at horizontal position `u` (0…1) and vertical position `within` (0…1) of a band.
  func color(band: Int, u: Double, within: Double) -> SIMD3<Double> {
    switch band {
    case 0: return SIMD3(repeating: u * headroom)
    case 1: return SIMD3(repeating: exp2(-8 + u * (8 + log2(headroom))))
    case 2:
      let ramps: [SIMD3<Double>] = [
        SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1), SIMD3(0, 1, 1), SIMD3(1, 0, 1),
        SIMD3(1, 1, 0),
      ]
      return ramps[min(Int(within * 6), 5)] * (u * headroom)
    case 3: return SIMD3(repeating: exp2(Double(min(Int(u * 5), 4))))
    case 4:
      let patches = Self.wideGamutPatches
      let i = min(Int(u * Double(patches.count)), patches.count - 1)
      return patches[i] * (within < 0.5 ? 1 : 4)
    case 5:
      let nits = PQ.eotf(Double(min(Int(u * 11), 10)) / 10)
      return SIMD3(repeating: nits / referenceWhite)
    default:
      let signal = SIMD3<Double>(repeating: Double(min(Int(u * 11), 10)) / 10)
      let nits2020 = HLG.eotf(signal)
      return Matrix3x3.rgbToRGB(from: .rec2020, to: .rec709) * nits2020 / referenceWhite
    }
  }

  /// Rec.2020 and Display P3 primaries and secondaries at luminance 1, in linear Rec.709.
  static let wideGamutPatches: [SIMD3<Double>] = {
    let corners: [SIMD3<Double>] = [
      SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1), SIMD3(0, 1, 1), SIMD3(1, 0, 1),
      SIMD3(1, 1, 0),
    ]
    return [RGBPrimaries.rec2020, .displayP3].flatMap { primaries in
      let toRec709 = Matrix3x3.rgbToRGB(from: primaries, to: .rec709)
      let weights = primaries.rgbToXYZ.rows.1
      return corners.map { c in toRec709 * (c / (weights * c).sum()) }
    }
  }()
}
