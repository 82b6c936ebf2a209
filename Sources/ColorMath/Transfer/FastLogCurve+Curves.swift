/// The nine log curves as ``FastLogCurve``s, their constants from the exact curves' own
/// (CameraLog.swift, ACESLog.swift, AppleLog+DaVinci.swift), each formula regrouped as
/// `A·ln(B·x + C) + D` above its cut.
extension FastLogCurve {
  /// ACEScct: `(log₂ x + 9.72)/17.52`, the line below 2⁻⁷.
  static let acescct = FastLogCurve(
    .acescct, toe: .linear, cuts: (ACEScct.linearBreak, ACEScct.signalBreak),
    log: (1 / 17.52, 9.72 / 17.52), base: 2, argument: (1, 0),
    toeLine: (ACEScct.slope, ACEScct.offset))

  /// ACEScc: the same logarithm of `x`, of `2⁻¹⁶ + x/2` below 2⁻¹⁵ and of 2⁻¹⁶ below 0.
  static let acescc = FastLogCurve(
    .acescc, toe: .logarithmic, cuts: (0x1p-15, (9.72 - 15) / 17.52),
    log: (1 / 17.52, 9.72 / 17.52), base: 2, argument: (1, 0), toeLine: (0.5, 0x1p-16),
    toeFloor: 0)

  /// LogC3 (EI 800): `c·log₁₀(a·x + b) + d`, `e·x + f` below the cut.
  static let logc3 = FastLogCurve(
    .logc3, toe: .linear, cuts: (LogC3.cut, LogC3.e * LogC3.cut + LogC3.f),
    log: (LogC3.c, LogC3.d), base: 10, argument: (LogC3.a, LogC3.b),
    toeLine: (LogC3.e, LogC3.f))

  /// LogC4: `(b/14)·log₂(a·x + 64) + c − 6b/14`, the tangent `(x − t)/s` below `t`.
  static let logc4 = FastLogCurve(
    .logc4, toe: .linear, cuts: (LogC4.t, 0), log: (LogC4.b / 14, LogC4.c - 6 * LogC4.b / 14),
    base: 2, argument: (LogC4.a, 64), toeLine: (1 / LogC4.s, -LogC4.t / LogC4.s))

  /// S-Log3: `(261.5/1023)·log₁₀((x + 0.01)/0.19) + 420/1023`, a line below 0.01125.
  static let slog3 = FastLogCurve(
    .slog3, toe: .linear, cuts: (0.011_25, 171.210_294_692_9 / 1023),
    log: (261.5 / 1023, 420.0 / 1023), base: 10, argument: (1 / 0.19, 0.01 / 0.19),
    toeLine: ((171.210_294_692_9 - 95) / 0.011_25 / 1023, 95.0 / 1023))

  /// V-Log: `c·log₁₀(x + b) + d`, `5.6·x + 0.125` below 0.01.
  static let vlog = FastLogCurve(
    .vlog, toe: .linear, cuts: (0.01, 0.181), log: (VLog.c, VLog.d), base: 10,
    argument: (1, VLog.b), toeLine: (5.6, 0.125))

  /// Log3G10: `a·log₁₀(b·x + b·c + 1)`, `g·(x + c)` below `−c`.
  static let log3g10 = FastLogCurve(
    .log3g10, toe: .linear, cuts: (-Log3G10.c, 0), log: (Log3G10.a, 0), base: 10,
    argument: (Log3G10.b, Log3G10.b * Log3G10.c + 1),
    toeLine: (Log3G10.g, Log3G10.c * Log3G10.g))

  /// Apple Log: `γ·log₂(x + β) + δ`, the parabola `σ·(x − R₀)²` below `R_t`, 0 below `R₀`.
  static let applelog = FastLogCurve(
    .applelog, toe: .parabola,
    cuts: (AppleLog.rt, AppleLog.sigma * (AppleLog.rt - AppleLog.r0) * (AppleLog.rt - AppleLog.r0)),
    log: (AppleLog.gamma, AppleLog.delta), base: 2, argument: (1, AppleLog.beta),
    toeLine: (AppleLog.sigma, AppleLog.r0), toeFloor: AppleLog.r0)

  /// DaVinci Intermediate: `c·log₂(x + a) + c·b`, `m·x` below the cut.
  static let davinciIntermediate = FastLogCurve(
    .davinciIntermediate, toe: .linear,
    cuts: (DaVinciIntermediate.linearCut, DaVinciIntermediate.logCut),
    log: (DaVinciIntermediate.c, DaVinciIntermediate.c * DaVinciIntermediate.b), base: 2,
    argument: (1, DaVinciIntermediate.a), toeLine: (DaVinciIntermediate.m, 0))
}
