import CubeFormat
import EDRPipeline
public import LUTEngine

/// One step of a generated cube: a pure function on a colour, stated for the space the
/// colour is in when the step runs (the cube's space, or the space a ``convert(to:)`` step
/// left it in).
///
/// Where each step works:
/// - ``exposure(stops:)`` and ``whiteBalance(_:)``: linear light (decoded from the space).
/// - ``contrast(_:pivot:)``: encoded values, around the encoded pivot grey.
/// - ``saturation(_:)``: linear light, around luminance with the weights of the space's
///   primaries (Rec.709: 0.2126, 0.7152, 0.0722).
/// - ``cdl(_:)``: encoded values, ASC CDL v1.2 (see ``ASCCDL``; no clamp above 1).
/// - ``clip``: encoded values clamped to 0…1 (what an SDR look does at the edges).
/// - ``softClip(knee:)``: encoded values rolled off smoothly into 0…1 (a highlight shoulder
///   above `knee` and a shadow toe below `1 − knee` scaled down to 0.04), C¹ everywhere.
/// - ``convert(to:)``: decode, change primaries, encode in the new space (transfer and gamut
///   conversions); later steps work in the new space.
/// - ``cube(_:spaces:interpolation:)``: another cube, applied in its own space: the colour is
///   converted to the cube's input space and looked up (an SDR cube follows the default
///   highlight policy of EDRPipeline's `CubeApplication` when the spaces differ). A one-space cube's
///   result is converted back to the space the colour came from; a cube with its own output
///   space (`IN -> OUT`, e.g. a camera log to display cube) leaves the colour in `OUT`, and
///   later steps work there.
/// In `raw` space, values count as linear light.
public enum LookOperation: Sendable, Hashable {
  /// Multiplies linear light by `2^stops`.
  case exposure(stops: Double)
  /// Multiplies linear light by per-channel gains.
  case whiteBalance(SIMD3<Double>)
  /// `p + (v − p)·amount` on encoded values, `p` the encoded linear `pivot` grey.
  case contrast(Double, pivot: Double)
  /// `Y + s·(x − Y)` on linear light, `Y` the luminance of the space's primaries.
  case saturation(Double)
  /// An ASC CDL on encoded values.
  case cdl(ASCCDL)
  /// Clamps encoded values to 0…1.
  case clip
  /// Rolls encoded values off into 0…1: `k + (1 − k)·tanh((v − k)/(1 − k))` above the knee
  /// `k`, `t·exp((v − t)/t)` below the toe `t = 0.2·(1 − k)`, unchanged between.
  case softClip(knee: Double)
  /// Converts the colour to another space (transfer and primaries).
  case convert(to: CubeSpace)
  /// Applies a cube whose input and output spaces are `spaces`.
  case cube(CubeLUT, spaces: CubeSpacePair, interpolation: Interpolation)

  /// A one-line description for the generated file's comments.
  public var summary: String {
    switch self {
    case .exposure(let stops): "exposure \(stops) stops (linear light)"
    case .whiteBalance(let g): "white balance gains \(g.x), \(g.y), \(g.z) (linear light)"
    case .contrast(let a, let p): "contrast \(a) around linear pivot \(p) (encoded values)"
    case .saturation(let s): "saturation \(s) (linear light, luminance weights of the primaries)"
    case .cdl(let c):
      "ASC CDL slope \(c.slope.x), \(c.slope.y), \(c.slope.z) offset \(c.offset.x), "
        + "\(c.offset.y), \(c.offset.z) power \(c.power.x), \(c.power.y), \(c.power.z) "
        + "saturation \(c.saturation) (encoded values, no clamp above 1)"
    case .clip: "clip encoded values to 0..1"
    case .softClip(let k): "soft clip encoded values into 0..1, shoulder above \(k)"
    case .convert(let s): "convert to \(s.name)"
    case .cube(let lut, let s, let i):
      "apply a \(lut.lut3D?.size ?? lut.lut1D?.size ?? 0)-node cube in "
        + "\(s.name), \(i.rawValue)"
    }
  }
}
