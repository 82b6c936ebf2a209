import ColorMath
import EDRPipeline

// `edrcube_apply`: `CubeApplication.apply` (prepare, lookup, finish) statement for statement:
// working → cube input signal, the cube under its extrapolation, output signal → working.
extension CubeShader {
  /// The curves' functions and `edrcube_apply(rgb)`.
  func applyFunction(_ d: ShaderDialect) -> String {
    let v = d.vec3
    let head = d.function("edrcube_apply", [(v, "rgb")], returns: v, readsTable: true)
    guard let chain else { return "\(head) { return \(d.tableCall("edrcube_cube", "rgb")); }\n" }
    let curves = chain.curves.map { $0.functions(d) }.joined(separator: "\n")
    let body = prepare(chain, d) + finish(chain, d)
    return curves + "\n\(head) {\n" + body.map { "  " + $0 }.joined(separator: "\n") + "\n}\n"
  }

  /// Working pixel `rgb` → `signal` (and `m`, `grey` for the maxRGB policies).
  private func prepare(_ c: ShaderChain, _ d: ShaderDialect) -> [String] {
    let v = d.vec3
    let f = d.float
    let l: (Float) -> String = d.literal
    var lines = [
      d.mutable(v, "w", c.workingSRGB ? ShaderCurve.srgb.decode("rgb", d) : "rgb")
    ]
    if let m = c.toCube { lines.append("w = \(multiply(m, "w", d));") }
    lines.append(d.mutable(f, "m", "1.0"))
    lines.append(d.mutable(v, "signal", "w"))
    switch c.input {
    case .pq:
      let peak = d.splat(l(Float(PQ.peakLuminance)))
      lines.append(
        d.constant(
          v, "nits",
          d.vcall("min", d.vcall("max", "w * \(l(c.referenceWhite))", d.splat("0.0")), peak)))
      lines.append("signal = \(c.input.encode("nits", d));")
    case .hlg:
      let display = d.vcall("max", "w * \(l(c.referenceWhite))", d.splat("0.0"))
      lines.append(
        "signal = "
          + d.vcall(
            "min", d.vcall("max", "edrcube_hlg_encode(\(display))", d.splat("0.0")), d.splat("1.0"))
          + ";")
    default:
      if c.dividesByMaxRGB {
        // Non-finite pixels are not divided; the lookup resolves them per channel.
        let finite = ["x", "y", "z"].map { "(\(d.bits("w.\($0)")) & 0x7fffffffu) < 0x7f800000u" }
        lines += [
          d.constant(f, "top", d.call("max", d.call("max", "w.x", "w.y"), "w.z")),
          "if (top > 1.0 && \(finite.joined(separator: " && "))) {",
          "  m = top;",
          "  " + d.constant(v, "scaled", "w / top"),
          "  signal = \(c.input.encode("scaled", d));",
          "} else {",
          "  signal = \(c.input.encode("w", d));",
          "}",
        ]
      } else {
        lines.append("signal = \(c.input.encode("w", d));")
      }
    }
    return lines
  }

  /// `signal` → looked up → decoded, scaled by the policy, to the working primaries and encoding.
  private func finish(_ c: ShaderChain, _ d: ShaderDialect) -> [String] {
    let v = d.vec3
    let f = d.float
    let l: (Float) -> String = d.literal
    var lines = [d.constant(v, "looked", d.tableCall("edrcube_cube", "signal"))]
    guard let output = c.output else { return lines + ["return looked;"] }
    // PQ and HLG signals are clamped to 0…1 and decoded to cd/m², then to EDR units.
    // `o` is scaled and converted further; the grey `g` only read.
    func decode(_ x: String, into name: String) -> [String] {
      let declare = name == "o" ? d.mutable : d.constant
      switch output {
      case .pq, .hlg:
        return [
          d.constant(
            v, "\(name)s", d.vcall("min", d.vcall("max", x, d.splat("0.0")), d.splat("1.0"))),
          declare(v, name, "\(output.decode("\(name)s", d)) / \(l(c.outputReferenceWhite))"),
        ]
      default: return [declare(v, name, output.decode(x, d))]
      }
    }
    lines += decode("looked", into: "o")
    if c.dividesByMaxRGB {
      lines.append("if (m > 1.0) {")
      switch c.policy {
      case .risingMaxRGB:
        lines.append(
          "  o = o * (m - \(l(c.risingFactor)) * (1.0 - \(d.call("exp", "(1.0 - m) * \(l(c.inverseBend))"))));"
        )
      case .toneScaledMaxRGB where c.whiteResponse > 1e-6:
        // The grey `enc(m)` through the cube (the input is srgb or bt1886: a per-channel curve).
        lines.append(
          "  "
            + d.constant(
              v, "grey", d.tableCall("edrcube_cube", d.splat("edrcube_\(c.input.stem)_encode(m)")))
        )
        let w = c.weights
        lines += decode("grey", into: "g").map { "  " + $0 }
        lines += [
          "  "
            + d.constant(
              f, "y", "\(l(w.x)) * g.x + \(l(w.y)) * g.y + \(l(w.z)) * g.z"),
          "  o = o * \(d.call("max", "1.0", "y / \(l(c.whiteResponse))"));",
        ]
      default:
        lines.append("  o = o * m;")
      }
      lines.append("}")
    }
    if let m = c.fromCube { lines.append("o = \(multiply(m, "o", d));") }
    if c.workingSRGB { lines.append("o = \(ShaderCurve.srgb.encode("o", d));") }
    return lines + ["return o;"]
  }

  /// `M·x` with `M`'s entries as literals, each row summed red, green, blue.
  private func multiply(_ m: FloatMatrix3x3, _ x: String, _ d: ShaderDialect) -> String {
    let rows = [m.rows.0, m.rows.1, m.rows.2].map { r in
      "\(d.literal(r.x)) * \(x).x + \(d.literal(r.y)) * \(x).y + \(d.literal(r.z)) * \(x).z"
    }
    return d.make3(rows[0], rows[1], rows[2])
  }
}
