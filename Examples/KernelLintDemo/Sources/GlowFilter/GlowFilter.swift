/// The glow filter's parameters; its kernel is `Kernels/Glow.cikernel`.
public struct GlowFilter: Sendable {
  /// How much brighter the glow makes each pixel.
  public var gain: Float

  /// A glow of `gain`.
  public init(gain: Float) { self.gain = gain }
}
