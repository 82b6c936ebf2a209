import CubeFormat
import LUTEngine

/// The cubes the engine benchmarks run: a smooth, non-separable look plus small deterministic
/// noise, like a real grade, so every cell of the table is visited with distinct values.
public enum BenchmarkCube {
  /// The look at `size³` nodes over the default 0…1 domain.
  public static func smoothRandom(size: Int, seed: UInt64 = 1) -> CubeLUT {
    var state = seed
    var values: [Float] = []
    values.reserveCapacity(size * size * size * 3)
    let step = 1 / Float(size - 1)
    for b in 0..<size {
      for g in 0..<size {
        for r in 0..<size {
          let (x, y, z) = (Float(r) * step, Float(g) * step, Float(b) * step)
          let look: [Float] = [
            x * 0.9 + y * 0.1 * z, y * y * 0.8 + 0.1 * x, 0.2 + 0.7 * z - 0.1 * x,
          ]
          for v in look {
            values.append(v + 0.02 * Noise.signedUnit(&state))
          }
        }
      }
    }
    return CubeLUT(lut3D: CubeTable3D(size: size, values: values))
  }

  /// The `.cube` text of a 3D-only transform (shortest round-tripping decimals), for tools
  /// that read files, such as OpenColorIO.
  public static func cubeText(_ lut: CubeLUT) -> String {
    guard let table = lut.lut3D else { return "" }
    var text = "TITLE \"EDRCube benchmark \(table.size)\"\nLUT_3D_SIZE \(table.size)\n"
    for i in 0..<(table.values.count / 3) {
      text += "\(table.values[3 * i]) \(table.values[3 * i + 1]) \(table.values[3 * i + 2])\n"
    }
    return text
  }
}

/// A tiny deterministic generator (SplitMix64).
enum Noise {
  /// A value in [−1, 1).
  static func signedUnit(_ state: inout UInt64) -> Float {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    z ^= z >> 31
    return Float(z >> 40) / Float(1 << 23) - 1
  }
}
