import ColorMath
import EDRPipeline

/// What `CubeApplication` runs around the lookup (docs/semantics.md §1, §4, §5), as a shader
/// needs it: the curves, matrices, reference whites and the highlight policy's constants.
struct ShaderChain: Sendable {
  /// The cube's input curve.
  let input: ShaderCurve
  /// The cube's output curve; nil for a raw output (looked-up values handed back as they are).
  let output: ShaderCurve?
  /// Whether the pixels are sRGB-encoded (else linear).
  let workingSRGB: Bool
  let toCube: FloatMatrix3x3?
  let fromCube: FloatMatrix3x3?
  let referenceWhite: Float
  let outputReferenceWhite: Float
  /// The policy actually used (nil outside SDR cubes with a decoded output).
  let policy: EDRPolicy?
  /// Tone-scaled-maxrgb's luminance row and `w·F(1, 1, 1)`.
  let weights: SIMD3<Float>
  let whiteResponse: Float
  /// Rising-maxrgb's `(1 − k)·a` and `1/a`.
  let risingFactor: Float
  let inverseBend: Float

  /// The chain of `application`; nil for a raw cube.
  /// - Throws: ``ShaderGenError`` for a process list, a tone map or a curve without a shader form.
  init?(_ application: CubeApplication) throws(ShaderGenError) {
    if application.processList != nil { throw .unsupportedStage("a CLF/CTF process list") }
    let transfer = application.space.transfer
    if transfer == .raw { return nil }
    if let toneMap = application.toneMap, toneMap.isActive {
      throw .unsupportedChain("a tone map (--peak / --headroom)")
    }
    guard let input = ShaderCurve(transfer) else { throw .unsupportedCurve(transfer.rawValue) }
    let outputTransfer = application.outputSpace.transfer
    if outputTransfer == .raw {
      output = nil
    } else {
      guard let curve = ShaderCurve(outputTransfer) else {
        throw .unsupportedCurve(outputTransfer.rawValue)
      }
      output = curve
    }
    self.input = input
    workingSRGB = application.working.transfer == .srgb
    toCube = application.toCube
    fromCube = application.fromCube
    referenceWhite = application.referenceWhite
    outputReferenceWhite = application.outputReferenceWhite
    policy = application.policy
    weights = application.weights
    whiteResponse = application.whiteResponse
    risingFactor = application.continuation.risingFactor
    inverseBend = application.continuation.inverseBend
    let spaces =
      outputTransfer == transfer
      ? transfer.rawValue : "\(transfer.rawValue) -> \(outputTransfer.rawValue)"
    summary =
      "\(spaces) cube (\(application.working.transfer.rawValue) working space)"
      + (policy.map { ", policy \($0.rawValue)" } ?? "")
  }

  /// The header's words: `srgb cube (linear working space), policy rising-maxrgb`.
  let summary: String

  /// Whether the lookup's input is divided by `max(R, G, B)` above white.
  var dividesByMaxRGB: Bool {
    policy == .maxRGB || policy == .toneScaledMaxRGB || policy == .risingMaxRGB
  }

  /// The curves whose functions the source needs, each once.
  var curves: [ShaderCurve] {
    var list: [ShaderCurve] = []
    for curve in [workingSRGB ? .srgb : nil, input, output] {
      if let curve, !list.contains(curve) { list.append(curve) }
    }
    return list
  }
}
