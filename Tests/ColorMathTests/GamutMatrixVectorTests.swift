import ColorMath
import TestSupport
import Testing

/// `gamut_matrices.json` (Tests/Fixtures/conformance/README.md §2.2): matrices derived from chromaticities.
@Suite struct GamutMatrixVectorTests {
  let file: VectorFile
  static let spaces: [(String, RGBPrimaries)] = [
    ("rec709", .rec709), ("p3d65", .displayP3), ("rec2020", .rec2020),
  ]

  init() throws { file = try VectorFile("gamut_matrices.json") }

  func expectMatrix(
    _ m: Matrix3x3, _ expected: [[Double]], abs: Double, _ what: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(expected.count == 3, "\(what) missing", sourceLocation: sourceLocation)
    expectClose(
      m.array.flatMap { $0 }, expected.flatMap { $0 }, abs: abs, what,
      sourceLocation: sourceLocation)
  }

  @Test func chromaticitiesAndNormalisedPrimaryMatrices() {
    let white = file.numbers("white_xy")
    for (name, p) in Self.spaces {
      #expect([p.white.x, p.white.y] == white)
      let xy = file.matrix("primaries_xy", name)
      #expect(xy == [[p.red.x, p.red.y], [p.green.x, p.green.y], [p.blue.x, p.blue.y]])
      expectMatrix(p.rgbToXYZ, file.matrix("rgb_to_xyz", name), abs: 1e-12, name)
      // Float conversion of the same matrix meets the Float row.
      let f = p.rgbToXYZ.float
      let rows = [f.rows.0, f.rows.1, f.rows.2].map { SIMD3<Double>($0) }
      let m = Matrix3x3(rows: rows[0], rows[1], rows[2])
      expectMatrix(m, file.matrix("rgb_to_xyz", name), abs: 1e-6, "\(name) Float")
    }
  }

  @Test func rgbToRGBMatricesAndExamples() {
    let inputs = file.triples("examples", "rgb")
    #expect(inputs.count == 12)
    for (srcName, src) in Self.spaces {
      for (dstName, dst) in Self.spaces where srcName != dstName {
        let key = "\(srcName)_to_\(dstName)"
        let m = Matrix3x3.rgbToRGB(from: src, to: dst)
        expectMatrix(m, file.matrix("rgb_to_rgb", key), abs: 1e-12, key)
        let expected = file.triples("examples", key)
        #expect(expected.count == inputs.count)
        for (x, e) in zip(inputs, expected) {
          let d = m * x
          let f = SIMD3<Double>(m.float * SIMD3<Float>(x))
          for k in 0..<3 {
            expectClose(d[k], e[k], abs: 1e-12, key)
            expectClose(f[k], e[k], abs: 1e-6, "\(key) Float")
          }
        }
      }
    }
    #expect(Matrix3x3.rgbToRGB(from: .rec709, to: .rec709).isIdentity)
  }

  @Test func luminanceWeights() {
    let w709 = RGBPrimaries.rec709.luminanceWeights
    let w2020 = RGBPrimaries.rec2020.luminanceWeights
    let wP3 = RGBPrimaries.displayP3.luminanceWeights
    #expect([w709.x, w709.y, w709.z] == file.numbers("luminance_weights", "rec709_bt709_luma"))
    #expect(
      [w2020.x, w2020.y, w2020.z] == file.numbers("luminance_weights", "rec2020_bt2020_luma"))
    expectClose(
      [wP3.x, wP3.y, wP3.z], file.numbers("luminance_weights", "p3d65_npm_row"), abs: 1e-12)
  }

  @Test func inverseAndDegeneratePrimaries() throws {
    let m = RGBPrimaries.rec2020.rgbToXYZ
    let product = try #require(m.inverse) * m
    expectClose(product.array.flatMap { $0 }, [1, 0, 0, 0, 1, 0, 0, 0, 1], abs: 1e-14)
    let collinear = RGBPrimaries(
      red: SIMD2(0.2, 0.2), green: SIMD2(0.3, 0.3), blue: SIMD2(0.4, 0.4), white: RGBPrimaries.d65)
    #expect(collinear == nil)
  }
}
