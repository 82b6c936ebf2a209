import CubeFormat
import LUTEngine
import TestSupport

/// Cubes built in code.
enum TestCubes {
  /// A 3D table whose node `(r, g, b)` holds `value(x_r, x_g, x_b)` on the default domain.
  static func table3D(size: Int, _ value: (SIMD3<Float>) -> SIMD3<Float>) -> CubeTable3D {
    var values: [Float] = []
    values.reserveCapacity(size * size * size * 3)
    let step = 1 / Float(size - 1)
    for b in 0..<size {
      for g in 0..<size {
        for r in 0..<size {
          let v = value(SIMD3(Float(r), Float(g), Float(b)) * step)
          values += [v.x, v.y, v.z]
        }
      }
    }
    return CubeTable3D(size: size, values: values)
  }

  /// The identity cube of `size` nodes per axis.
  static func identity(size: Int) -> CubeLUT {
    CubeLUT(lut3D: table3D(size: size) { $0 })
  }

  /// A smooth, non-separable look plus seeded noise, like a real grade.
  static func smoothRandom(size: Int, seed: UInt64) -> CubeLUT {
    var rng = SeededGenerator(seed: seed)
    return CubeLUT(
      lut3D: table3D(size: size) { x in
        let look = SIMD3(
          x.x * 0.9 + x.y * 0.1 * x.z, x.y * x.y * 0.8 + 0.1 * x.x, 0.2 + 0.7 * x.z - 0.1 * x.x)
        return look
          + SIMD3(
            .random(in: -0.02...0.02, using: &rng), .random(in: -0.02...0.02, using: &rng),
            .random(in: -0.02...0.02, using: &rng))
      })
  }
}

/// Runs `inputs` through the batch path as an RGBA buffer (alpha 0.5) and returns the RGB.
func applyBatch(
  _ processor: LUTProcessor, to inputs: [SIMD3<Float>], threads: Int = 1
) -> (rgb: [SIMD3<Float>], stats: LUTApplyStats) {
  var buffer: [Float] = inputs.flatMap { v -> [Float] in [v.x, v.y, v.z, 0.5] }
  let stats = processor.apply(inPlace: &buffer, layout: .rgba, threads: threads)
  let rgb = (0..<inputs.count).map { i -> SIMD3<Float> in
    SIMD3(buffer[4 * i], buffer[4 * i + 1], buffer[4 * i + 2])
  }
  return (rgb, stats)
}

/// Seeded EDR test colours: in-domain, negative, far above 1, and mixed.
func randomColors(count: Int, seed: UInt64, range: ClosedRange<Float> = -2...6) -> [SIMD3<Float>] {
  var rng = SeededGenerator(seed: seed)
  return (0..<count).map { _ in
    SIMD3(
      .random(in: range, using: &rng), .random(in: range, using: &rng),
      .random(in: range, using: &rng))
  }
}

/// Whether two floats are the same bits (NaN payloads included).
func sameBits(_ a: [Float], _ b: [Float]) -> Bool {
  a.count == b.count && zip(a, b).allSatisfy { $0.bitPattern == $1.bitPattern }
}
