import CubeAuthoring
import EDRPipeline

/// A before/after picture of what a cube did to an EDR image, for an SDR screen: the input,
/// the output (both tone-mapped with ``SDRPreview``), and a false-colour map of the output
/// showing where it exceeds 1.0, 2.0 and 4.0 × reference white, side by side.
public struct ComparisonPreview: Sendable, Hashable {
  /// False colours of the map, by the output's maxRGB.
  public enum Band: Int, Sendable, CaseIterable {
    /// maxRGB ≤ 1: shown as a dim grey of its luminance.
    case sdr
    /// 1 < maxRGB ≤ 2: blue.
    case aboveOne
    /// 2 < maxRGB ≤ 4: yellow.
    case aboveTwo
    /// maxRGB > 4: red.
    case aboveFour

    /// The display colour of a band (sRGB-encoded, 0…1); `sdr` is scaled by luminance.
    public var color: SIMD3<Float> {
      switch self {
      case .sdr: return SIMD3(repeating: 0.6)
      case .aboveOne: return SIMD3(0.1, 0.35, 1)
      case .aboveTwo: return SIMD3(1, 0.85, 0.1)
      case .aboveFour: return SIMD3(1, 0.1, 0.1)
      }
    }

    /// The band of an output colour.
    public init(maxRGB m: Float) {
      self = m > 4 ? .aboveFour : m > 2 ? .aboveTwo : m > 1 ? .aboveOne : .sdr
    }
  }

  /// The tone map for the two pictures.
  public var preview: SDRPreview
  /// The widest panel in pixels; larger images are box-filtered down by an integer factor.
  public var maxPanelWidth: Int
  /// Blank columns between panels.
  public static let gap = 8

  /// Creates a preview description.
  public init(headroom: Double, maxPanelWidth: Int = 960) {
    preview = SDRPreview(headroom: headroom)
    self.maxPanelWidth = max(maxPanelWidth, 16)
  }

  /// The integer downscale factor for an image `width` wide.
  public func factor(width: Int) -> Int { max(1, (width + maxPanelWidth - 1) / maxPanelWidth) }

  /// Renders the three panels: `(width, height, rgba)` with display values 0…1, alpha 1.
  ///
  /// - Parameters:
  ///   - before: the input, interleaved linear RGBA.
  ///   - after: the output, same size.
  ///   - width: columns of both.
  ///   - height: rows of both.
  /// - Precondition: both buffers hold `width · height · 4` values.
  public func render(before: [Float], after: [Float], width: Int, height: Int) -> (
    width: Int, height: Int, rgba: [Float]
  ) {
    precondition(before.count == width * height * 4 && after.count == before.count)
    let k = factor(width: width)
    let pw = max(1, width / k)
    let ph = max(1, height / k)
    let outWidth = 3 * pw + 2 * Self.gap
    var out = [Float](repeating: 0, count: outWidth * ph * 4)
    for y in 0..<ph {
      for x in 0..<pw {
        let b = Self.average(before, width: width, x: x * k, y: y * k, k: k)
        let a = Self.average(after, width: width, x: x * k, y: y * k, k: k)
        let band = Band(maxRGB: a.max())
        let luminance = min(max((a * SIMD3(0.2126, 0.7152, 0.0722)).sum(), 0), 1)
        let falseColor = band == .sdr ? band.color * (0.15 + 0.85 * luminance) : band.color
        let panels = [preview.display(b), preview.display(a), falseColor]
        for (p, c) in panels.enumerated() {
          let o = 4 * (y * outWidth + p * (pw + Self.gap) + x)
          out[o] = c.x.isNaN ? 0 : c.x
          out[o + 1] = c.y.isNaN ? 0 : c.y
          out[o + 2] = c.z.isNaN ? 0 : c.z
          out[o + 3] = 1
        }
      }
    }
    return (outWidth, ph, out)
  }

  /// The mean RGB of the `k × k` block at `(x, y)`.
  static func average(_ rgba: [Float], width: Int, x: Int, y: Int, k: Int) -> SIMD3<Float> {
    var sum = SIMD3<Float>()
    for dy in 0..<k {
      for dx in 0..<k {
        let o = 4 * ((y + dy) * width + x + dx)
        sum += SIMD3(rgba[o], rgba[o + 1], rgba[o + 2])
      }
    }
    return sum / Float(k * k)
  }
}
