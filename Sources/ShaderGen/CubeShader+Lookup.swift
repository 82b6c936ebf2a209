import CubeFormat
import LUTEngine

// The lookup itself: ReferenceKernel's formulas (docs/semantics.md §3) statement for statement,
// fused multiply-adds where the CPU fuses, so that the GPU agrees with the CPU to rounding.
extension CubeShader {
  /// `edrcube_node`, `edrcube_axis` and `edrcube_lookup` (the kernel under `linear` or
  /// `clamp`; `bounded` runs the `linear` kernel and corrects it in `edrcube_cube`).
  func lookupFunctions(_ d: ShaderDialect) -> String {
    let f = d.float
    let v = d.vec3
    let node =
      "\(d.function("edrcube_node", [(d.int, "i")], returns: v, readsTable: true)) {\n"
      + "  \(nodeFetch(d))\n}\n\n"
    // NaN and −∞ go to node 0, +∞ to node N − 1, never extrapolated; tested on the bits so that
    // no compiler's fast-math can fold the test away.
    let uint = d.uint
    let axis = """
      \(d.function("edrcube_axis", [(f, "x"), (f, "lo"), (f, "s"), (d.int, "n")], returns: f)) {
        \(d.constant(uint, "bits", d.bits("x")))
        if ((bits & 0x7fffffffu) > 0x7f800000u || bits == 0xff800000u) { return 0.0; }
        if (bits == 0x7f800000u) { return \(d.cast(f, "n - 1")); }
        \(d.constant(f, "t", "(x - lo) * s"))
        if (EDRCUBE_CLAMP) { return \(d.call("min", d.call("max", "t", "0.0"), d.cast(f, "n - 1"))); }
        return t;
      }

      """
    var body = [
      d.constant(v, "y", shaper == nil ? "x" : d.tableCall("edrcube_shaper", "x")),
      d.constant(
        v, "t",
        d.make3(
          "edrcube_axis(y.x, EDRCUBE_LO.x, EDRCUBE_SCALE.x, EDRCUBE_N)",
          "edrcube_axis(y.y, EDRCUBE_LO.y, EDRCUBE_SCALE.y, EDRCUBE_N)",
          "edrcube_axis(y.z, EDRCUBE_LO.z, EDRCUBE_SCALE.z, EDRCUBE_N)")),
      d.constant(
        v, "cell",
        d.vcall(
          "min", d.vcall("max", d.vcall("floor", "t"), d.splat("0.0")),
          d.splat(d.cast(f, "EDRCUBE_N - 2")))),
      d.constant(v, "f", "t - cell"),
      d.constant(
        d.int, "base",
        "\(d.cast(d.int, "cell.x")) + EDRCUBE_N * (\(d.cast(d.int, "cell.y")) + EDRCUBE_N * "
          + "\(d.cast(d.int, "cell.z")))"),
      d.constant(d.int, "sg", "EDRCUBE_N"),
      d.constant(d.int, "sb", "EDRCUBE_N * EDRCUBE_N"),
    ]
    for (name, offset) in [
      ("c000", "base"), ("c100", "base + 1"), ("c010", "base + sg"), ("c110", "base + 1 + sg"),
      ("c001", "base + sb"), ("c101", "base + 1 + sb"), ("c011", "base + sg + sb"),
      ("c111", "base + 1 + sg + sb"),
    ] {
      body.append(d.constant(v, name, d.tableCall("edrcube_node", offset)))
    }
    body += interpolation == .trilinear ? trilinear(d) : tetrahedral(d)
    let apply =
      "\(d.function("edrcube_lookup", [(v, "x")], returns: v, readsTable: true)) {\n"
      + body.map { "  " + $0 }.joined(separator: "\n") + "\n}\n"
    return node + axis + shaperFunction(d) + apply
  }

  /// `edrcube_node`'s body: node `i`'s three Floats from the array, or for a Core Image
  /// sampler texel `i` (``tableTexels``' row `i / N`, column `i % N`) at its centre, in Core
  /// Image's coordinates (y up: the image's first row is its top, y = rows − 1).
  private func nodeFetch(_ d: ShaderDialect) -> String {
    guard d.language == .coreimage, d.storage == .buffer else {
      return "return "
        + d.make3("edrcube_table[3 * i]", "edrcube_table[3 * i + 1]", "edrcube_table[3 * i + 2]")
        + ";"
    }
    return "float2 p = float2(float(i % EDRCUBE_N) + 0.5, EDRCUBE_TABLE_ROWS - 0.5 - "
      + "float(i / EDRCUBE_N));\n  return edrcube_table.sample(edrcube_table.transform(p)).rgb;"
  }

  /// `edrcube_shaper`: `ReferenceKernel.evaluate` of the 1D table, per channel
  /// `v0 + f·(v1 − v0)` (unfused, as on the CPU); its nodes follow the 3D nodes in the table.
  private func shaperFunction(_ d: ShaderDialect) -> String {
    guard shaper != nil else { return "" }
    let f = d.float
    let v = d.vec3
    let body = [
      d.constant(v, "lo", "EDRCUBE_SHAPER_LO"),
      d.constant(v, "s", "EDRCUBE_SHAPER_SCALE"),
      d.mutable(v, "mapped", d.splat("0.0")),
      "\(d.channelLoop) {",
      "  "
        + d.constant(
          f, "t",
          "edrcube_axis(\(d.component("x", "k")), \(d.component("lo", "k")), "
            + "\(d.component("s", "k")), EDRCUBE_SHAPER_N)"),
      "  "
        + d.constant(
          f, "cell",
          d.call(
            "min", d.call("max", d.call("floor", "t"), "0.0"), d.cast(f, "EDRCUBE_SHAPER_N - 2"))),
      "  " + d.constant(d.int, "i", "EDRCUBE_SHAPER_OFFSET + 3 * \(d.cast(d.int, "cell")) + k"),
      "  " + d.constant(f, "v0", d.tableValue("i")),
      "  " + d.setComponent("mapped", "k", "v0 + (t - cell) * (\(d.tableValue("i + 3")) - v0)"),
      "}",
      "return mapped;",
    ]
    return "\(d.function("edrcube_shaper", [(v, "x")], returns: v, readsTable: true)) {\n"
      + body.map { "  " + $0 }.joined(separator: "\n") + "\n}\n\n"
  }

  /// `ReferenceKernel.trilinear` at the clamped fractions, plus the first-order step.
  private func trilinear(_ d: ShaderDialect) -> [String] {
    let v = d.vec3
    func madd(_ f: String, _ delta: String, _ a: String) -> String {
      d.vcall("fma", d.splat(f), delta, a)
    }
    return [
      d.constant(v, "fc", d.vcall("clamp", "f", d.splat("0.0"), d.splat("1.0"))),
      d.constant(v, "delta", "f - fc"),
      d.constant(v, "d00", "c100 - c000"),
      d.constant(v, "d10", "c110 - c010"),
      d.constant(v, "d01", "c101 - c001"),
      d.constant(v, "d11", "c111 - c011"),
      d.constant(v, "a00", madd("fc.x", "d00", "c000")),
      d.constant(v, "a10", madd("fc.x", "d10", "c010")),
      d.constant(v, "a01", madd("fc.x", "d01", "c001")),
      d.constant(v, "a11", madd("fc.x", "d11", "c011")),
      d.constant(v, "e0", "a10 - a00"),
      d.constant(v, "e1", "a11 - a01"),
      d.constant(v, "a0", madd("fc.y", "e0", "a00")),
      d.constant(v, "a1", madd("fc.y", "e1", "a01")),
      d.constant(v, "eb", "a1 - a0"),
      d.constant(v, "value", madd("fc.z", "eb", "a0")),
      "if (!\(d.anyNonZero("delta"))) { return value; }",
      d.constant(v, "r0", madd("fc.y", "d10 - d00", "d00")),
      d.constant(v, "r1", madd("fc.y", "d11 - d01", "d01")),
      d.constant(v, "dr", madd("fc.z", "r1 - r0", "r0")),
      d.constant(v, "dg", madd("fc.z", "e1 - e0", "e0")),
      "return value + \(madd("delta.z", "eb", madd("delta.y", "dg", "delta.x * dr")));",
    ]
  }

  /// `ReferenceKernel.tetrahedral`: the unclamped fractions pick the tetrahedron, the clamped
  /// ones blend it, and the tetrahedron's own first-order step extends it.
  private func tetrahedral(_ d: ShaderDialect) -> [String] {
    let v = d.vec3
    let f = d.float
    func pick(_ a: String, _ b: String, _ w: (String, String, String)) -> String {
      "ca = \(a); cb = \(b); w = \(d.make3(w.0, w.1, w.2));"
    }
    return [
      d.constant(f, "r", "f.x"), d.constant(f, "g", "f.y"), d.constant(f, "b", "f.z"),
      d.variable(v, "ca"), d.variable(v, "cb"), d.variable(v, "w"),
      "if (r > g) {",
      "  if (g > b) { \(pick("c100", "c110", ("r", "g", "b"))) }",
      "  else if (r > b) { \(pick("c100", "c101", ("r", "b", "g"))) }",
      "  else { \(pick("c001", "c101", ("b", "r", "g"))) }",
      "} else {",
      "  if (b > g) { \(pick("c001", "c011", ("b", "g", "r"))) }",
      "  else if (b > r) { \(pick("c010", "c011", ("g", "b", "r"))) }",
      "  else { \(pick("c010", "c110", ("g", "r", "b"))) }",
      "}",
      d.constant(v, "wc", d.vcall("clamp", "w", d.splat("0.0"), d.splat("1.0"))),
      d.constant(f, "w0", "1.0 - wc.x"),
      d.constant(f, "w1", "wc.x - wc.y"),
      d.constant(f, "w2", "wc.y - wc.z"),
      d.constant(v, "v1", "c000 * w0 + ca * w1"),
      d.constant(v, "v2", "v1 + cb * w2"),
      d.constant(v, "value", "v2 + c111 * wc.z"),
      d.constant(v, "e", "w - wc"),
      "if (!\(d.anyNonZero("e"))) { return value; }",
      d.constant(v, "s1", "(ca - c000) * e.x + (cb - ca) * e.y"),
      "return value + (s1 + (c111 - cb) * e.z);",
    ]
  }
}
