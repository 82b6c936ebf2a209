import ColorMath
import CubeAuthoring
import CubeFormat
import EDRPipeline
import Foundation
import LUTEngine
import TestSupport
import Testing

/// The looks in `luts/`: their spaces, and their PQ forms reproduce them on EDR.
@Suite struct BundledLooksTests {
  static let looks = ["warm", "teal_orange", "bleach_bypass", "high_contrast"]

  static func read(_ name: String) throws -> CubeFile {
    try CubeReader.read(contentsOf: Fixtures.luts.appendingPathComponent(name).path)
  }

  @Test(arguments: looks)
  func pqFormMatchesTheSDRLook(_ look: String) throws {
    let sdr = try Self.read("\(look)_sdr.cube")
    let pq = try Self.read("\(look)_pq.cube")
    #expect(try CubeSpace(comments: sdr.comments) == CubeSpace(.srgb, primaries: .rec709))
    #expect(try CubeSpace(comments: pq.comments) == CubeSpace(.pq, primaries: .rec2020))
    #expect(sdr.lut3D?.size == 33 && pq.lut3D?.size == 33)
    // The PQ forms roll off to the 1000 cd/m² mastering peak (`--shaper`, docs/semantics.md
    // §6): the reference is the look with that roll-off.
    let a = try CubeApplication(file: sdr, toneMap: CubeConversionOptions.peakFitted().toneMap)
    let b = try CubeApplication(file: pq)
    // Greys and colours from shadows to 4× reference white agree within a few JNDs.
    for x in [
      SIMD3<Float>(0.18, 0.18, 0.18), SIMD3(0.5, 0.3, 0.2), SIMD3(0.1, 0.4, 0.6),
      SIMD3(1, 1, 1), SIMD3(2.5, 1.2, 0.6), SIMD3(4, 4, 4),
    ] {
      let e = SIMD3<Double>(a.apply(x)) * 203
      let g = SIMD3<Double>(b.apply(x)) * 203
      let toRec2020 = Matrix3x3.rgbToRGB(from: .rec709, to: .rec2020)
      let d = deltaEITP(rec2020Nits: toRec2020 * e, toRec2020 * g)
      #expect(d < 4, "\(look) at \(x): ΔE_ITP \(d)")
    }
  }

  /// The PQ forms keep highlights: 1000 cd/m² of EDR grey comes out above 600 cd/m² in
  /// every channel (measured 681–732 with the roll-off to the peak, 727–766 before it; 250–347 when they were converted under
  /// tone-scaled-maxrgb, which flattens these looks' soft shoulders).
  @Test(arguments: looks)
  func pqFormKeepsHighlights(_ look: String) throws {
    let pq = try CubeApplication(file: Self.read("\(look)_pq.cube"))
    let out = SIMD3<Double>(pq.apply(SIMD3(repeating: Float(1000.0 / 203)))) * 203
    #expect(out.min() > 600, "\(look): \(out) cd/m²")
  }

  @Test(arguments: [17, 33, 65])
  func identitiesAreIdentities(_ size: Int) throws {
    let file = try Self.read("identity_\(size).cube")
    let table = try #require(file.lut3D)
    #expect(table.size == size)
    #expect(try CubeSpace(comments: file.comments) == CubeSpace(.raw))
    let last = size - 1
    #expect(table.node(r: last, g: 0, b: last) == SIMD3(1, 0, 1))
    #expect(table.node(r: 1, g: 2, b: 3) == SIMD3(1, 2, 3) / Float(last))
  }
}
