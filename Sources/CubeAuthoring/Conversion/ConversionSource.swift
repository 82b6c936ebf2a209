import ColorMath
import CubeFormat
import EDRPipeline
import LUTEngine

/// The cube a conversion starts from and what its new cube's input values mean
/// (docs/semantics.md §6).
///
/// An SDR look (input `srgb` or `bt1886`) becomes a cube whose input is the target's PQ/HLG
/// signal. A camera → display cube (a scene-referred input, a log curve or `linear`, with an
/// `srgb` or `bt1886` output: `logc3 awg3 -> bt1886 rec709`) keeps its input: the new cube's
/// nodes lie evenly over the source's own input domain, in its own curve and primaries, and
/// only the output becomes the target's signal.
struct ConversionSource {
  /// The source cube's spaces.
  let spaces: CubeSpacePair
  /// The source's input domain (its shaper's when it has one), per channel.
  let domainMin: SIMD3<Double>
  /// The top of that domain.
  let domainMax: SIMD3<Double>

  init(file: CubeFile, spaces: CubeSpacePair) {
    self.spaces = spaces
    let table =
      file.lut1D.map { ($0.domainMin, $0.domainMax) }
      ?? file.lut3D.map { ($0.domainMin, $0.domainMax) } ?? (.zero, .one)
    domainMin = SIMD3(table.0)
    domainMax = SIMD3(table.1)
  }

  /// Whether the source is a camera → display cube rather than an SDR look.
  var isCamera: Bool { !spaces.input.transfer.isSDR }

  /// Whether `spaces` can be converted: an SDR input, or a camera → display cube (an input
  /// that is neither SDR, HDR nor raw, with an SDR display output).
  static func isConvertible(_ spaces: CubeSpacePair) -> Bool {
    let input = spaces.input.transfer
    if input.isSDR { return true }
    return !input.isHDR && input != .raw && spaces.output.transfer.isSDR
  }

  /// The new cube's input space: the source's input for a camera cube (its reference white
  /// set to the target's, so the pair's comment reads `logc3 awg3 -> pq rec2020 203`), else
  /// the target space.
  func inputSpace(target: CubeSpace) -> CubeSpace {
    guard isCamera else { return target }
    var space = spaces.input
    space.referenceWhite = target.referenceWhite
    return space
  }

  /// Input values of the new cube (or the source's input codes, for a camera cube) → linear
  /// Rec.2020 EDR: the target's decode, or the camera curve's decode and the matrix from the
  /// camera's primaries.
  func decoder(target: CubeSpace) -> Decoder {
    Decoder(
      codec: SpaceCodec(inputSpace(target: target)),
      matrix: isCamera
        ? Matrix3x3.rgbToRGB(from: spaces.input.primaries.primaries, to: .rec2020) : nil)
  }

  /// ``decoder(target:)``'s result: a decode, then an optional matrix to Rec.2020.
  struct Decoder: Sendable {
    let codec: SpaceCodec
    let matrix: Matrix3x3?

    func callAsFunction(_ value: SIMD3<Double>) -> SIMD3<Double> {
      let linear = codec.decode(value)
      return matrix.map { $0 * linear } ?? linear
    }
  }

  /// The tone map after the source cube: the options' for an SDR look; for a camera cube
  /// always the roll-off to the mastering peak (its nodes cover the camera's whole input
  /// range, whatever display light the look gives there, so nothing may clip per channel).
  func toneMap(_ options: CubeConversionOptions) -> EDRToneMap? {
    isCamera ? options.rollOff : options.toneMap
  }

  /// The source cube applied to linear Rec.2020 EDR under the options (its policy for an SDR
  /// look, the tone map above).
  func application(of file: CubeFile, options: CubeConversionOptions, toneMap: Bool = true)
    -> CubeApplication
  {
    CubeApplication(
      lut: CubeLUT(file), space: spaces.input, outputSpace: spaces.output,
      working: WorkingSpace(.linear, named: .rec2020), interpolation: options.interpolation,
      policy: options.policy, toneMap: toneMap ? self.toneMap(options) : nil)
  }

  /// The input value at position `u` (0…1) along each axis of the source's input domain.
  func code(at u: SIMD3<Double>) -> SIMD3<Double> { domainMin + u * (domainMax - domainMin) }
}
