/// The camera and ACES log curves in `Float` for per-pixel work: each curve's formula rewritten
/// as one natural logarithm (``FastLog``; its inverse as one exponential from
/// ``PolynomialMath``), in
/// plain multiplies and adds in a fixed order, so that vector code evaluates exactly the same
/// operations (EDRCube's C chain does). Constants are derived in `Double` from the exact
/// curves (``TransferFunction``), then rounded to `Float` once.
///
/// Every curve has a logarithmic segment `A·ln(B·x + C) + D` for `x ≥ encodeCut`, inverted as
/// `(e^((y − D)/A) − C)/B` for `y ≥ decodeCut`, and a toe (``Toe``) below. Within 2e-6 of the
/// `Double` formulas on the log side, toes and cut points included (docs/semantics.md §1;
/// checked in the tests). NaN and ±∞ take the exact curve's `Float` result; a signal whose
/// exponent `(y − D)/A` exceeds 88 decodes to +∞ (linear light above about 1e38).
public struct FastLogCurve: Sendable, Equatable {
  /// The segment below the cut.
  public enum Toe: Int32, Sendable {
    /// `toeSlope·x + toeOffset`.
    case linear = 0
    /// ACEScc: `A·ln(toeSlope·max(x, toeFloor) + toeOffset) + D`, decoded as
    /// `(e^((y − D)/A) − toeOffset)/toeSlope`.
    case logarithmic = 1
    /// Apple Log: `toeSlope·(t − toeOffset)²` with `t = max(x, toeFloor)`, decoded as
    /// `√(max(y, 0)/toeSlope) + toeOffset`.
    case parabola = 2
  }

  /// The curve.
  public let transfer: TransferFunction
  /// The toe's form.
  public let toe: Toe
  /// Linear light at and above which the logarithmic segment applies.
  public let encodeCut: Float
  /// The signal at and above which the exponential segment applies.
  public let decodeCut: Float
  /// `A`, `D` and `1/A`.
  public let logSlope: Float, logOffset: Float, expSlope: Float
  /// `B`, `C`.
  public let scale: Float, offset: Float
  /// The toe's slope and offset (see ``Toe``).
  public let toeSlope: Float, toeOffset: Float
  /// The input below which a logarithmic or parabolic toe is constant.
  public let toeFloor: Float

  /// The fast form of a log curve; nil for the others (raw, linear, srgb, bt1886, pq, hlg) and
  /// for the log curves that have none (cineon, flog, flog2, bmd-film-gen5, slog2, clog2,
  /// clog3, dlog, lg2).
  public static func curve(_ transfer: TransferFunction) -> FastLogCurve? {
    switch transfer {
    case .acescct: acescct
    case .acescc: acescc
    case .logc3: logc3
    case .logc4: logc4
    case .slog3: slog3
    case .vlog: vlog
    case .log3g10: log3g10
    case .applelog: applelog
    case .davinciIntermediate: davinciIntermediate
    case .raw, .linear, .srgb, .bt1886, .pq, .hlg: nil
    // The curves added later run their exact formulas in `Float` (no vector form yet).
    case .cineon, .flog, .flog2, .bmdFilmGen5, .slog2, .clog2, .clog3, .dlog, .lg2: nil
    }
  }

  /// Linear → signal.
  public func encode(_ x: Float) -> Float {
    guard x.isFinite else { return transfer.encode(x) }
    let inLog = x >= encodeCut
    switch toe {
    case .linear:
      if !inLog { return toeSlope * x + toeOffset }
      return logSlope * FastLog.natural(scale * x + offset) + logOffset
    case .logarithmic:
      let t = x < toeFloor ? toeFloor : x
      let u = inLog ? scale * x + offset : toeSlope * t + toeOffset
      return logSlope * FastLog.natural(u) + logOffset
    case .parabola:
      if inLog { return logSlope * FastLog.natural(scale * x + offset) + logOffset }
      let d = (x < toeFloor ? toeFloor : x) - toeOffset
      return toeSlope * d * d
    }
  }

  /// Signal → linear.
  public func decode(_ y: Float) -> Float {
    guard y.isFinite else { return transfer.decode(y) }
    let inLog = y >= decodeCut
    switch toe {
    case .linear:
      return inLog ? (exponential(y) - offset) / scale : (y - toeOffset) / toeSlope
    case .logarithmic:
      let e = exponential(y)
      return inLog ? (e - offset) / scale : (e - toeOffset) / toeSlope
    case .parabola:
      if inLog { return (exponential(y) - offset) / scale }
      return ((y < 0 ? 0 : y) / toeSlope).squareRoot() + toeOffset
    }
  }

  /// `e^((y − D)/A)`, +∞ above `e^88`.
  func exponential(_ y: Float) -> Float {
    let z = (y - logOffset) * expSlope
    return z > 88 ? .infinity : PolynomialMath.exp(z)
  }

  /// `A = slope/ln(base)`, the rest as given, all rounded from `Double`; `encodeCut` and
  /// `decodeCut` in `Double`, `toeFloor` −∞ unless given.
  init(
    _ transfer: TransferFunction, toe: Toe, cuts: (Double, Double), log: (Double, Double),
    base: Double, argument: (Double, Double), toeLine: (Double, Double),
    toeFloor: Double = -.infinity
  ) {
    let a = log.0 / Double.ln(base)
    self.transfer = transfer
    self.toe = toe
    encodeCut = Float(cuts.0)
    decodeCut = Float(cuts.1)
    logSlope = Float(a)
    logOffset = Float(log.1)
    expSlope = Float(1 / a)
    scale = Float(argument.0)
    offset = Float(argument.1)
    toeSlope = Float(toeLine.0)
    toeOffset = Float(toeLine.1)
    self.toeFloor = Float(toeFloor)
  }
}
