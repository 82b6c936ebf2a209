import LUTEngine

// `edrcube_cube`: the cube under its extrapolation. For `bounded` that is LUTEngine's
// `BoundedExtension.evaluate` over the `linear` kernel, probe for probe and cap for cap
// (docs/semantics.md §3); for `linear` and `clamp` the kernel itself.
extension CubeShader {
  /// `edrcube_cube(x)` and, for `bounded`, its helpers.
  func cubeFunction(_ d: ShaderDialect) -> String {
    let v = d.vec3
    let f = d.float
    let head = d.function("edrcube_cube", [(v, "x")], returns: v, readsTable: true)
    let lookup = { (x: String) in d.tableCall("edrcube_lookup", x) }
    guard extrapolation == .bounded else {
      return "\(head) { return \(lookup("x")); }\n"
    }
    let (xk, lok, hik) = (d.component("x", "k"), d.component("lo", "k"), d.component("hi", "k"))
    // A finite component below the edge (−∞ is resolved by the kernel, NaN compares false).
    let below = """
      \(d.function("edrcube_below", [(f, "x"), (f, "lo")], returns: "bool")) {
        return x < lo && \(d.bits("x")) != 0xff800000u;
      }

      \(d.function("edrcube_largest", [(v, "v")], returns: f)) {
        return \(d.call("max", d.call("max", d.call("abs", "v.x"), d.call("abs", "v.y")), d.call("abs", "v.z")));
      }

      """
    let finite = "(\(d.bits("slope")) & 0x7fffffffu) < 0x7f800000u"
    let body = [
      d.constant(v, "lo", d.literal(boundedDomain.low)),
      d.constant(v, "hi", d.literal(boundedDomain.high)),
      "if (!edrcube_below(x.x, lo.x) && !edrcube_below(x.y, lo.y) && !edrcube_below(x.z, lo.z)) {",
      "  return \(lookup("x"));",
      "}",
      d.mutable(v, "clamped", "x"),
      "\(d.channelLoop) {",
      "  if (edrcube_below(\(xk), \(lok))) { \(d.setComponent("clamped", "k", lok)) }",
      "}",
      d.constant(v, "base", lookup("clamped")),
      d.mutable(v, "result", "base"),
      d.mutable("bool", "capped", "false"),
      "\(d.channelLoop) {",
      "  if (!edrcube_below(\(xk), \(lok))) { continue; }",
      "  " + d.constant(f, "remainder", "\(lok) - \(xk)"),
      "  " + d.constant(f, "span", "\(hik) - \(lok)"),
      "  " + d.mutable(v, "probe", "clamped"),
      "  " + d.setComponent("probe", "k", xk),
      "  " + d.mutable(v, "step", "\(lookup("probe")) - base"),
      "  " + d.setComponent("probe", "k", hik),
      "  "
        + d.constant(
          f, "cap", d.call("max", "1.0", "edrcube_largest(\(lookup("probe")) - base) / span")),
      "  " + d.constant(f, "slope", "edrcube_largest(step) / remainder"),
      "  if (!(\(finite))) {",
      "    // The extension overflowed: carry the remainder down this channel at the cap.",
      "    step = \(d.splat("0.0"));",
      "    " + d.setComponent("step", "k", "-cap * remainder"),
      "    capped = true;",
      "  } else if (slope > cap) {",
      "    step = step * (cap / slope);",
      "    capped = true;",
      "  }",
      "  result = result + step;",
      "}",
      "if (capped) { return result; }",
      "return \(lookup("x"));",
    ]
    return below + "\(head) {\n" + body.map { "  " + $0 }.joined(separator: "\n") + "\n}\n"
  }
}
