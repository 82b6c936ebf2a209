import CubeFormat
import Foundation
import LUTEngine
import TestSupport

/// Cubes the pipeline, authoring and plot tests use: conformance files and cubes built in code.
public enum TestCubes {
  /// A conformance vector cube, read with the temporary parser.
  public static func vector(_ name: String) throws -> CubeFile {
    try CubeReader.read(contentsOf: Fixtures.vectors.appendingPathComponent(name).path)
  }

  /// An `n³` cube whose node `(r, g, b)` holds `f(r/(n−1), g/(n−1), b/(n−1))`, red fastest.
  public static func table(size n: Int, _ f: (SIMD3<Double>) -> SIMD3<Double>) -> CubeLUT {
    var values: [Float] = []
    values.reserveCapacity(n * n * n * 3)
    for b in 0..<n {
      for g in 0..<n {
        for r in 0..<n {
          let v = f(SIMD3(Double(r), Double(g), Double(b)) / Double(n - 1))
          values += [Float(v.x), Float(v.y), Float(v.z)]
        }
      }
    }
    return CubeLUT(lut3D: CubeTable3D(size: n, values: values))
  }

  /// The identity cube of size `n`.
  public static func identity(size n: Int) -> CubeLUT { table(size: n) { $0 } }
}
