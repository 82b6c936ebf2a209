import ColorMath
import CubeAuthoring
public import CubeFormat
import EDRPipeline
import Foundation
import LUTEngine

/// A one-page picture of a cube (`edrcube inspect --plot`): a title with the cube's name and
/// space; the neutral-axis transfer curve on log2 axes from 2⁻⁶ to the headroom, one curve per
/// highlight policy for SDR cubes (else the single curve of the cube's extrapolation); the
/// R, G, B outputs of a grey ramp under the default policy; and a row of slices of the 3D
/// table at constant blue (see ``CubePlot/renderSlice(_:table:space:)``).
///
/// Inputs are linear Rec.709 EDR greys; the neutral curve shows the output's Rec.709
/// luminance. The x and y axes run from 2⁻⁶ to the power of two at or above the headroom.
public struct CubePlot: Sendable, Hashable {
  /// The brightest input plotted, in multiples of reference white (also the preview headroom
  /// of slices of linear, pq and hlg cubes).
  public var headroom: Double
  /// How many constant-blue slices are shown (at most the table size).
  public var sliceCount: Int
  /// Side of a slice image in pixels.
  public static let sliceSize = 120
  /// Gap between slices in pixels.
  public static let sliceGap = 24

  /// Creates a plot description; the headroom is kept within 2…2²⁰.
  public init(headroom: Double = 8, sliceCount: Int = 5) {
    // 2…2²⁰ (a NaN or infinite headroom takes the default): the axes stay finite.
    self.headroom = headroom.isFinite ? min(max(headroom, 2), 1_048_576) : 8
    self.sliceCount = max(sliceCount, 1)
  }

  /// The neutral-axis panel's axes.
  public var neutralAxes: LogLogAxes {
    let range = -6...Int(log2(headroom).rounded(.up))
    return LogLogAxes(
      left: 56, top: 64, xOctaves: range, yOctaves: range, pixelsPerOctaveX: 48,
      pixelsPerOctaveY: 32)
  }

  /// The per-channel panel's axes, right of the neutral panel.
  public var channelAxes: LogLogAxes {
    var axes = neutralAxes
    axes.left += axes.plotWidth + 80
    return axes
  }

  /// The top edge of the slice row.
  public var slicesTop: Int { neutralAxes.top + neutralAxes.plotHeight + 60 }

  /// The top-left corner of slice `index`.
  public func sliceOrigin(_ index: Int) -> (x: Int, y: Int) {
    (neutralAxes.left + index * (Self.sliceSize + Self.sliceGap), slicesTop)
  }

  /// The blue node index of each slice: evenly spread over `0…size − 1`.
  public func sliceNodes(tableSize n: Int) -> [Int] {
    let count = min(sliceCount, n)
    guard count > 1 else { return [0] }
    return (0..<count).map { ($0 * (n - 1) + (count - 1) / 2) / (count - 1) }
  }

  /// The colour of the neutral curve of a policy (nil: the curve of a non-SDR cube).
  public static func color(for policy: EDRPolicy?) -> SIMD3<Float> {
    switch policy {
    case .clamp: SIMD3(0.95, 0.4, 0.35)
    case .linear: SIMD3(0.35, 0.7, 1)
    case .maxRGB: SIMD3(1, 0.8, 0.25)
    case .toneScaledMaxRGB: SIMD3(0.45, 0.9, 0.45)
    case .risingMaxRGB: SIMD3(0.85, 0.55, 1)
    case nil: SIMD3(0.95, 0.95, 0.95)
    }
  }

  /// The colours of the R, G and B curves.
  public static let channelColors: [SIMD3<Float>] = [
    SIMD3(1, 0.35, 0.35), SIMD3(0.35, 0.95, 0.35), SIMD3(0.45, 0.55, 1),
  ]

  /// Renders the page for `file` in `space`; `name` heads the title.
  public func render(file: CubeFile, space: CubeSpace, name: String) -> PlotCanvas {
    let neutral = neutralAxes
    let channels = channelAxes
    let width = channels.left + channels.plotWidth + 24
    let height = slicesTop + Self.sliceSize + 24
    var canvas = PlotCanvas(width: width, height: height, background: PlotPalette.background)
    canvas.text("\(name)  (\(Self.spaceText(space)))", x: 16, y: 12, color: .one, scale: 2)
    let lut = CubeLUT(file)
    let policies: [EDRPolicy?] = space.transfer.isSDR ? EDRPolicy.allCases : [nil]
    let curves = policies.map { policy in
      (policy, CubeApplication(lut: lut, space: space, policy: policy ?? .default))
    }
    let xTitle = "input grey (x white)"
    neutral.drawFrame(on: &canvas, xTitle: xTitle, yTitle: "output luminance")
    for (policy, application) in curves {
      neutral.drawCurve(on: &canvas, color: Self.color(for: policy)) { x in
        let out = application.apply(SIMD3(repeating: Float(x)))
        return Double((out * SIMD3(0.2126, 0.7152, 0.0722)).sum())
      }
    }
    let policyNames = curves.map { $0.0?.rawValue ?? "extrapolation \($0.1.extrapolation)" }
    Self.legend(
      on: &canvas, axes: neutral,
      entries: zip(policyNames, policies.map(Self.color(for:))).map { ($0, $1) })
    let standard = curves[curves.count - 1].1
    let channelTitle = "output R, G, B" + (standard.policy.map { " (\($0.rawValue))" } ?? "")
    channels.drawFrame(on: &canvas, xTitle: xTitle, yTitle: channelTitle)
    for channel in 0..<3 {
      channels.drawCurve(on: &canvas, color: Self.channelColors[channel]) { x in
        Double(standard.apply(SIMD3(repeating: Float(x)))[channel])
      }
    }
    Self.legend(
      on: &canvas, axes: channels,
      entries: zip(["R", "G", "B"], Self.channelColors).map { ($0, $1) })
    drawSlices(on: &canvas, table: file.lut3D, space: space)
    return canvas
  }

  /// Legend entries at the plot area's top-left: a short line in the colour, then the label.
  static func legend(
    on canvas: inout PlotCanvas, axes: LogLogAxes, entries: [(String, SIMD3<Float>)]
  ) {
    for (i, entry) in entries.enumerated() {
      let y = axes.top + 8 + 12 * i
      canvas.fill(x: axes.left + 8, y: y + 3, width: 14, height: 2, color: entry.1)
      canvas.text(entry.0, x: axes.left + 28, y: y, color: PlotPalette.text)
    }
  }

  /// `srgb rec709`, `pq rec2020 203 nits`, `raw`.
  static func spaceText(_ space: CubeSpace) -> String {
    switch space.transfer {
    case .raw: "raw"
    case .pq, .hlg:
      "\(space.transfer.rawValue) \(space.primaries.rawValue) \(Int(space.referenceWhite)) nits"
    default: "\(space.transfer.rawValue) \(space.primaries.rawValue)"
    }
  }
}
