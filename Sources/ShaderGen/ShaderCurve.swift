import ColorMath

/// A cube-space curve as shader functions: the formulas of ColorMath's per-pixel `Float`
/// curves (`FastSDRTransfer`, `FastPQ`'s `PQ`, `FastHLG`, `FastLogCurve`) with the shading
/// language's own `pow`, `log` and `exp` in place of their tables and polynomials.
enum ShaderCurve: Equatable, Sendable {
  case linear, srgb, bt1886, pq, hlg
  /// A camera or ACES log curve in `FastLogCurve`'s form `A·ln(B·x + C) + D` with its toe.
  case log(FastLogCurve)

  /// The curve of `transfer`; nil for `raw` and for the log curves without a `FastLogCurve`.
  init?(_ transfer: TransferFunction) {
    switch transfer {
    case .raw: return nil
    case .linear: self = .linear
    case .srgb: self = .srgb
    case .bt1886: self = .bt1886
    case .pq: self = .pq
    case .hlg: self = .hlg
    default:
      guard let curve = FastLogCurve.curve(transfer) else { return nil }
      self = .log(curve)
    }
  }

  /// The function-name stem: `srgb`, `logc3`, `davinci_intermediate`.
  var stem: String {
    switch self {
    case .linear: "linear"
    case .srgb: "srgb"
    case .bt1886: "bt1886"
    case .pq: "pq"
    case .hlg: "hlg"
    case .log(let c): String(c.transfer.rawValue.map { $0 == "-" ? "_" : $0 })
    }
  }

  /// Per-channel linear → signal on a vec3 `v` (pq and hlg work in `prepare`, on cd/m²).
  func encode(_ v: String, _ d: ShaderDialect) -> String {
    self == .linear ? v : d.perChannel("edrcube_\(stem)_encode", v)
  }

  /// Per-channel signal → linear on a vec3 `v` (for pq and hlg: cd/m², see `decode`).
  func decode(_ v: String, _ d: ShaderDialect) -> String {
    switch self {
    case .linear: v
    case .hlg: "edrcube_hlg_decode(\(v))"
    default: d.perChannel("edrcube_\(stem)_decode", v)
    }
  }

  /// The functions `encode` and `decode` call.
  func functions(_ d: ShaderDialect) -> String {
    let f = d.float
    func fn(_ name: String, _ parameter: String, _ body: [String]) -> String {
      "\(d.function("edrcube_\(stem)_\(name)", [(f, parameter)], returns: f)) {\n"
        + body.map { "  " + $0 }.joined(separator: "\n") + "\n}\n"
    }
    // x < 0 ? −f(−x) : f(x), the sign mirror of the SDR curves.
    func mirrored(_ name: String, _ parameter: String, _ body: [String]) -> String {
      fn("\(name)_half", parameter, body)
        + fn(
          name, "x",
          [
            "if (x < 0.0) { return -edrcube_\(stem)_\(name)_half(-x); }",
            "return edrcube_\(stem)_\(name)_half(x);",
          ])
    }
    let l: (Float) -> String = d.literal
    switch self {
    case .linear: return ""
    case .srgb:
      return mirrored(
        "encode", "l",
        [
          "if (l <= 0.0031308) { return 12.92 * l; }",
          "return 1.055 * \(d.call("pow", "l", l(Float(1 / 2.4)))) - 0.055;",
        ])
        + mirrored(
          "decode", "v",
          [
            "if (v <= 0.04045) { return v / 12.92; }",
            "return \(d.call("pow", "(v + 0.055) / 1.055", "2.4"));",
          ])
    case .bt1886:
      return mirrored("encode", "l", ["return \(d.call("pow", "l", l(Float(1 / 2.4))));"])
        + mirrored("decode", "v", ["return \(d.call("pow", "v", "2.4"));"])
    case .pq: return pqFunctions(d, fn)
    case .hlg: return hlgFunctions(d)
    case .log(let c): return logFunctions(c, d, fn)
    }
  }

  /// ST 2084 rewritten without its cancellations, which cost Float 1e-4 relative (the CPU
  /// evaluates them in Double): with `K = 1 − c1 = c2 − c3 = 0.1640625` (exact in Float), the
  /// inverse EOTF's base is `1 − w`, `w = K·(1 − y)/(1 + c3·y)`, raised to `m2` as
  /// `2^(m2·ln(1 − w)/ln 2)` with `ln(1 − w)` from the `atanh` series of `u = −w/(2 − w)`;
  /// the EOTF's `p − c1` and `c2 − c3·p` are `K − q` and `K + c3·q` with `q = 1 − p =
  /// −expm1(ln(s)/m2)` from its series, and `r^(1/m1)` is `r⁶·r^(1/m1 − 6)`.
  private func pqFunctions(
    _ d: ShaderDialect, _ fn: (String, String, [String]) -> String
  ) -> String {
    let f = d.float
    let l: (Float) -> String = d.literal
    let k = l(Float(1 - PQ.c1))
    let c3 = l(Float(PQ.c3))
    let peak = l(Float(PQ.peakLuminance))
    let series = (1...4).reversed().map { l(Float(2.0 / Double(2 * $0 + 1))) }
    let atanh = series.dropFirst().reduce("\(series[0])") { "\($1) + u2 * (\($0))" }
    let factorials = (2...8).map { l(Float(1 / (1...$0).reduce(1.0) { $0 * Double($1) })) }
    let expm1 = factorials.reversed().reduce("") { inner, c in
      inner.isEmpty ? c : "\(c) + x * (\(inner))"
    }
    return fn(
      "encode", "nits",
      [
        d.constant(
          f, "y", d.call("pow", "\(d.call("max", "nits", "0.0")) / \(peak)", l(Float(PQ.m1)))),
        d.constant(f, "w", "\(k) * (1.0 - y) / (1.0 + \(c3) * y)"),
        d.constant(f, "u", "w / (w - 2.0)"),
        d.constant(f, "u2", "u * u"),
        d.constant(f, "lnz", "u * (2.0 + u2 * (\(atanh)))"),
        "return \(d.call("exp2", "lnz * \(l(Float(PQ.m2 * 1.442_695_040_888_963_4)))"));",
      ])
      + fn(
        "decode", "s",
        [
          "if (!(s > 0.0)) { return 0.0; }",
          d.constant(f, "x", "\(d.call("log", "s")) * \(l(Float(1 / PQ.m2)))"),
          d.mutable(f, "q", "1.0 - \(d.call("exp", "x"))"),
          "if (x > -0.25) { q = -x * (1.0 + x * (\(expm1))); }",
          d.constant(f, "n", "\(k) - q"),
          "if (!(n > 0.0)) { return 0.0; }",
          d.constant(f, "r", "n / (\(k) + \(c3) * q)"),
          d.constant(f, "r2", "r * r"),
          "return \(peak) * (r2 * r2 * r2) * \(d.call("pow", "r", l(Float(1 / PQ.m1 - 6))));",
        ])
  }

  /// BT.2100 HLG on `FastHLG.referenceDisplay`: OETF and inverse per channel, the OOTF on
  /// luminance; `encode` takes display cd/m², `decode` gives them.
  private func hlgFunctions(_ d: ShaderDialect) -> String {
    let f = d.float
    let v = d.vec3
    let l: (Float) -> String = d.literal
    let h = FastHLG.referenceDisplay
    let (a, b, c, beta, peak) = (l(h.a), l(h.b), l(h.c), l(h.beta), l(h.peak))
    let gamma = h.display.gamma
    let w = h.weights
    func luminance(_ x: String) -> String {
      "\(l(w.x)) * \(x).x + \(l(w.y)) * \(x).y + \(l(w.z)) * \(x).z"
    }
    func fn(_ name: String, _ p: (String, String), _ r: String, _ body: [String]) -> String {
      "\(d.function("edrcube_hlg_\(name)", [p], returns: r)) {\n"
        + body.map { "  " + $0 }.joined(separator: "\n") + "\n}\n"
    }
    return fn(
      "oetf", (f, "e"), f,
      [
        "if (!(e > 0.0)) { return 0.0; }",
        "if (e <= \(l(Float(1.0 / 12)))) { return \(d.call("sqrt", "3.0 * e")); }",
        "return \(a) * \(d.call("log", "12.0 * e - \(b)")) + \(c);",
      ])
      + fn(
        "inverse_oetf", (f, "s"), f,
        [
          "if (!(s > 0.0)) { return 0.0; }",
          "if (s <= 0.5) { return s * s / 3.0; }",
          "return (\(d.call("exp", "(s - \(c)) / \(a)")) + \(b)) / 12.0;",
        ])
      + fn(
        "encode", (v, "display"), v,
        [
          d.constant(f, "yd", luminance("display")),
          d.mutable(v, "scene", "\(d.splat("0.0"))"),
          "if (yd > 0.0) { scene = display * (\(d.call("pow", "yd / \(peak)", l(Float((1 - gamma) / gamma)))) / \(peak)); }",
          "return (\(d.perChannel("edrcube_hlg_oetf", "scene")) - \(beta)) / (1.0 - \(beta));",
        ])
      + fn(
        "decode", (v, "signal"), v,
        [
          d.constant(
            v, "scene",
            d.perChannel(
              "edrcube_hlg_inverse_oetf",
              d.vcall("max", d.splat("0.0"), "(1.0 - \(beta)) * signal + \(beta)"))),
          d.constant(f, "ys", luminance("scene")),
          "if (!(ys > 0.0)) { return \(d.splat("0.0")); }",
          "return scene * (\(peak) * \(d.call("pow", "ys", l(Float(gamma - 1)))));",
        ])
  }

  /// `FastLogCurve.encode` / `decode` with the language's `log` and `exp`.
  private func logFunctions(
    _ c: FastLogCurve, _ d: ShaderDialect, _ fn: (String, String, [String]) -> String
  ) -> String {
    let l: (Float) -> String = d.literal
    let (a, dd, ia, s, o) = (
      l(c.logSlope), l(c.logOffset), l(c.expSlope), l(c.scale), l(c.offset)
    )
    let (ts, to, floor) = (l(c.toeSlope), l(c.toeOffset), c.toeFloor)
    let logSegment = "\(a) * \(d.call("log", "\(s) * x + \(o)")) + \(dd)"
    let exponential = d.call("exp", "(y - \(dd)) * \(ia)")
    let floored = floor.isFinite ? d.call("max", "x", l(floor)) : "x"
    switch c.toe {
    case .linear:
      return fn(
        "encode", "x",
        [
          "if (x >= \(l(c.encodeCut))) { return \(logSegment); }",
          "return \(ts) * x + \(to);",
        ])
        + fn(
          "decode", "y",
          [
            "if (y >= \(l(c.decodeCut))) { return (\(exponential) - \(o)) / \(s); }",
            "return (y - \(to)) / \(ts);",
          ])
    case .logarithmic:
      return fn(
        "encode", "x",
        [
          "if (x >= \(l(c.encodeCut))) { return \(logSegment); }",
          "return \(a) * \(d.call("log", "\(ts) * \(floored) + \(to)")) + \(dd);",
        ])
        + fn(
          "decode", "y",
          [
            d.constant(d.float, "e", exponential),
            "if (y >= \(l(c.decodeCut))) { return (e - \(o)) / \(s); }",
            "return (e - \(to)) / \(ts);",
          ])
    case .parabola:
      return fn(
        "encode", "x",
        [
          "if (x >= \(l(c.encodeCut))) { return \(logSegment); }",
          d.constant(d.float, "t", "\(floored) - \(to)"),
          "return \(ts) * t * t;",
        ])
        + fn(
          "decode", "y",
          [
            "if (y >= \(l(c.decodeCut))) { return (\(exponential) - \(o)) / \(s); }",
            "return \(d.call("sqrt", "\(d.call("max", "y", "0.0")) / \(ts)")) + \(to);",
          ])
    }
  }
}
