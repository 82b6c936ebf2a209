import ColorMath
import EDRPipeline
import Foundation
import LUTEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A chain of ``LookOperation``s, prepared once and evaluated per colour in `Double`.
///
/// Input values are signals of ``inputSpace``; outputs are signals of ``outputSpace`` (the
/// input space unless a ``LookOperation/convert(to:)`` step changed it). Cube lookups run in
/// `Float` (LUTEngine), everything else in `Double`.
public struct LookChain: Sendable {
  /// The space of the input values.
  public let inputSpace: CubeSpace
  /// The space of the output values.
  public let outputSpace: CubeSpace
  /// The operations, first to last.
  public let operations: [LookOperation]
  private let steps: [Step]

  /// A prepared operation: its space and any precomputed lookup.
  private enum Step: Sendable {
    case look(LookOperation, SpaceCodec)
    case convert(from: SpaceCodec, to: SpaceCodec)
    case lookup(LUTProcessor)
    /// A cube applied in its own space: `from` decodes the colour to the application's
    /// working space (linear light in `from`'s primaries), `to` encodes the result.
    case application(CubeApplication, from: SpaceCodec, to: SpaceCodec)
  }

  /// Prepares a chain.
  ///
  /// - Parameters:
  ///   - space: the space of the input values.
  ///   - operations: the operations, in order.
  public init(space: CubeSpace, operations: [LookOperation]) {
    var current = space
    var steps: [Step] = []
    for op in operations {
      switch op {
      case .convert(let target):
        steps.append(.convert(from: SpaceCodec(current), to: SpaceCodec(target)))
        current = target
      case .cube(let lut, let spaces, let interpolation):
        let leavesInOutput = spaces.output != spaces.input
        if spaces.input == current || spaces.input.transfer == .raw || current.transfer == .raw {
          let extrapolation: Extrapolation = spaces.input.transfer.isHDR ? .clamp : .linear
          steps.append(
            .lookup(
              LUTProcessor(lut: lut, interpolation: interpolation, extrapolation: extrapolation)))
          if spaces.input == current { current = spaces.output }
        } else {
          let working = WorkingSpace(.linear, named: current.primaries)
          let application = CubeApplication(
            lut: lut, space: spaces.input, outputSpace: spaces.output, working: working,
            interpolation: interpolation)
          let target = leavesInOutput ? spaces.output : current
          steps.append(.application(application, from: SpaceCodec(current), to: SpaceCodec(target)))
          current = target
        }
      default:
        steps.append(.look(op, SpaceCodec(current)))
      }
    }
    self.inputSpace = space
    self.outputSpace = current
    self.operations = operations
    self.steps = steps
  }

  /// Evaluates the chain on one colour.
  public func apply(_ signal: SIMD3<Double>) -> SIMD3<Double> {
    var v = signal
    for step in steps {
      switch step {
      case .look(let op, let codec): v = Self.apply(op, v, codec)
      case .convert(let from, let to): v = from.convert(v, to: to)
      case .lookup(let processor): v = SIMD3<Double>(processor.apply(SIMD3<Float>(v)))
      case .application(let application, let from, let to):
        let linear = SIMD3<Double>(application.apply(SIMD3<Float>(from.decode(v))))
        v = SpaceCodec(CubeSpace(.linear, primaries: from.space.primaries)).convert(linear, to: to)
      }
    }
    return v
  }

  /// One look operation on a signal of `codec`'s space.
  private static func apply(
    _ op: LookOperation, _ v: SIMD3<Double>, _ codec: SpaceCodec
  ) -> SIMD3<Double> {
    switch op {
    case .exposure(let stops):
      return codec.encode(codec.decode(v) * Foundation.exp2(stops))
    case .whiteBalance(let gains):
      return codec.encode(codec.decode(v) * gains)
    case .contrast(let amount, let pivot):
      let p = codec.encode(SIMD3(repeating: pivot))
      return p + (v - p) * amount
    case .saturation(let s):
      let linear = codec.decode(v)
      let y = (linear * codec.space.primaries.primaries.luminanceWeights).sum()
      return codec.encode(y + s * (linear - y))
    case .cdl(let cdl):
      return cdl.apply(v)
    case .clip:
      return v.clamped(lowerBound: .zero, upperBound: .one)
    case .softClip(let knee):
      return SIMD3(softClip(v.x, knee), softClip(v.y, knee), softClip(v.z, knee))
    case .convert, .cube:
      return v  // prepared as their own steps
    }
  }
}

/// The shoulder and toe of ``LookOperation/softClip(knee:)`` on one encoded value.
private func softClip(_ v: Double, _ knee: Double) -> Double {
  let k = min(max(knee, 0), 0.999)
  let toe = 0.2 * (1 - k)
  if v > k { return k + (1 - k) * Foundation.tanh((v - k) / (1 - k)) }
  if v < toe { return toe * Foundation.exp((v - toe) / toe) }
  return v
}
