/// Apple Log (Apple Log profile white paper, 2023): log2 above `R_t`, a parabola down to
/// `R_0`, and 0 below (values below `R_0` decode to `R_0`; the inverse is exact above it).
enum AppleLog {
  static let (r0, rt, sigma, beta, gamma, delta) = (
    -0.056_410_88, 0.01, 47.287_112_36, 0.009_640_52, 0.085_504_79, 0.693_369_45
  )

  static func encode<T: TransferScalar>(_ x: T) -> T {
    if x >= T(rt) { return T(gamma) * T.log2(x + T(beta)) + T(delta) }
    return x < T(r0) ? 0 : T(sigma) * (x - T(r0)) * (x - T(r0))
  }

  static func decode<T: TransferScalar>(_ y: T) -> T {
    if y >= T(sigma * (rt - r0) * (rt - r0)) { return T.exp2((y - T(delta)) / T(gamma)) - T(beta) }
    return y < 0 ? T(r0) : (y / T(sigma)).squareRoot() + T(r0)
  }
}

/// DaVinci Intermediate (Blackmagic Design, DaVinci Resolve 17 Wide Gamut Intermediate):
/// log2 with a linear toe.
enum DaVinciIntermediate {
  static let (a, b, c, m) = (0.0075, 7.0, 0.073_292_48, 10.444_268_55)
  static let (linearCut, logCut) = (0.002_624_09, 0.027_406_68)

  static func encode<T: TransferScalar>(_ x: T) -> T {
    x <= T(linearCut) ? x * T(m) : T(c) * (T.log2(x + T(a)) + T(b))
  }

  static func decode<T: TransferScalar>(_ y: T) -> T {
    y <= T(logCut) ? y / T(m) : T.exp2(y / T(c) - T(b)) - T(a)
  }
}
