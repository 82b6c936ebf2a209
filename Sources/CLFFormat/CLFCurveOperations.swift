/// A `Log` node.
public struct CLFLog: Sendable, Hashable {
  /// The `style` attribute.
  public enum Style: String, Sendable, Hashable, CaseIterable {
    case log10, log2, antiLog10, antiLog2, linToLog, logToLin, cameraLinToLog, cameraLogToLin
  }

  /// One channel's `LogParams` (defaults as in the specification).
  public struct Parameters: Sendable, Hashable {
    /// The logarithm's base (default 2).
    public var base: Double = 2
    /// The scale of the log side.
    public var logSideSlope: Double = 1
    /// The offset of the log side.
    public var logSideOffset: Double = 0
    /// The scale of the linear side.
    public var linSideSlope: Double = 1
    /// The offset of the linear side.
    public var linSideOffset: Double = 0
    /// Camera styles only: where the linear segment ends.
    public var linSideBreak: Double?
    /// Camera styles only: the linear segment's slope (derived when absent).
    public var linearSlope: Double?

    /// Creates parameters.
    public init(
      base: Double = 2, logSideSlope: Double = 1, logSideOffset: Double = 0,
      linSideSlope: Double = 1, linSideOffset: Double = 0, linSideBreak: Double? = nil,
      linearSlope: Double? = nil
    ) {
      self.base = base
      self.logSideSlope = logSideSlope
      self.logSideOffset = logSideOffset
      self.linSideSlope = linSideSlope
      self.linSideOffset = linSideOffset
      self.linSideBreak = linSideBreak
      self.linearSlope = linearSlope
    }
  }

  /// The style.
  public var style: Style
  /// R, G and B parameters.
  public var channels: [Parameters]

  /// Creates a log node; `channels` holds one entry per channel (3).
  public init(style: Style, channels: [Parameters] = Array(repeating: Parameters(), count: 3)) {
    self.style = style
    self.channels = channels
  }
}

/// An `Exponent` node (CTF `Gamma`).
public struct CLFExponent: Sendable, Hashable {
  /// The `style` attribute.
  public enum Style: String, Sendable, Hashable, CaseIterable {
    case basicFwd, basicRev, basicMirrorFwd, basicMirrorRev, basicPassThruFwd, basicPassThruRev
    case monCurveFwd, monCurveRev, monCurveMirrorFwd, monCurveMirrorRev
  }

  /// The style.
  public var style: Style
  /// R, G and B exponents.
  public var exponents: [Double]
  /// R, G and B offsets (monCurve styles).
  public var offsets: [Double]

  /// Creates an exponent node from per-channel values (3 each).
  public init(style: Style, exponents: [Double], offsets: [Double] = [0, 0, 0]) {
    self.style = style
    self.exponents = exponents
    self.offsets = offsets
  }
}

/// An `ASC_CDL` node (ASC CDL v1.2).
public struct CLFCDL: Sendable, Hashable {
  /// The `style` attribute.
  public enum Style: String, Sendable, Hashable, CaseIterable {
    case fwd = "Fwd"
    case rev = "Rev"
    case fwdNoClamp = "FwdNoClamp"
    case revNoClamp = "RevNoClamp"
  }

  /// The style (default `Fwd`).
  public var style: Style
  /// Per-channel slope (default 1).
  public var slope: SIMD3<Double>
  /// Per-channel offset (default 0).
  public var offset: SIMD3<Double>
  /// Per-channel power (default 1).
  public var power: SIMD3<Double>
  /// Saturation, Rec. 709 luma weights (default 1).
  public var saturation: Double

  /// Creates a CDL node.
  public init(
    style: Style = .fwd, slope: SIMD3<Double> = .one, offset: SIMD3<Double> = .zero,
    power: SIMD3<Double> = .one, saturation: Double = 1
  ) {
    self.style = style
    self.slope = slope
    self.offset = offset
    self.power = power
    self.saturation = saturation
  }
}
