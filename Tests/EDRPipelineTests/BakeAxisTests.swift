import CubeAuthoring
import CubeFormat
import EDRPipeline
import LUTEngine
import TestSupport
import Testing

/// `bake`'s cube shaper (docs/bake.md): the table's nodes are the cube's own, so a host's
/// interpolation between them is EDRCube's; beyond the domain it goes on.
@Suite struct BakeAxisTests {
  static func look(_ name: String) throws -> (CubeFile, CubeApplication) {
    let file = try CubeReader.read(
      contentsOf: Fixtures.luts.appendingPathComponent("\(name).cube").path)
    return (file, try CubeApplication(file: file))
  }

  /// An SDR look: its 33 nodes per axis, one node per cube node, the table's values there the
  /// cube's own numbers; white at a node, then 6 log-spaced nodes per octave to 64; the
  /// `bounded` region below 0 at the cube's spacing (at most 16 nodes).
  @Test func anSDRLooksTableHoldsTheCubesOwnNodes() throws {
    let (file, application) = try Self.look("warm_sdr")
    let bake = LookBake(
      application, lut: CubeLUT(file), layout: .structured, low: -0.25, high: 64)
    let nodes = bake.axis.nodes
    // Found by bisection on the Float curve: within its rounding of 1.0 and 0.
    let white = try #require(nodes.firstIndex { abs($0 - 1) < 1e-6 })
    let zero = try #require(nodes.firstIndex { abs($0) < 1e-9 })
    #expect(white - zero == 32)
    #expect(zero <= 17 && nodes.first == -0.25 && nodes.last == 64, "\(nodes)")
    #expect(nodes.count - 1 - white == 36)
    let table = try #require(file.lut3D)
    let n = bake.size
    for (i, j, k) in [(0, 0, 0), (32, 32, 32), (5, 17, 29), (32, 0, 11)] {
      let baked = 3 * ((zero + i) + n * ((zero + j) + n * (zero + k)))
      let own = 3 * (i + 33 * (j + 33 * k))
      for c in 0..<3 {
        #expect(
          abs(bake.values[baked + c] - table.values[own + c]) < 2e-5,
          "node \(i) \(j) \(k) channel \(c)")
      }
    }
  }

  /// A PQ look with its own 1D shaper, in Rec.2020: behind the matrix, each in-domain node's
  /// signal (PQ of cd/m², then the cube's 1D table) is one of the 3D table's node coordinates,
  /// and the CLF has the five stages.
  @Test func aPQLooksNodesAreItsGridBehindItsShaper() throws {
    let (file, application) = try Self.look("teal_orange_pq")
    let bake = LookBake(
      application, lut: CubeLUT(file), layout: .structured, low: -0.25, high: 64)
    #expect(bake.inputMatrix != nil && bake.outputMatrix != nil && bake.outputCurve != nil)
    let inside = bake.axis.nodes.filter { $0 > 0 && bake.axis.signal($0) < 1 - 1e-4 }
    #expect(inside.count == 31)
    for x in inside {
      let code = bake.axis.signal(x) * 32
      #expect(abs(code - code.rounded()) < 1e-4, "\(x) → \(code / 32)")
    }
    #expect(bake.axis(-1) == 0 && bake.axis(1e6) == 1)
    #expect(bake.processList(name: nil).nodes.count == 5)
  }

  /// A PQ look in Rec.2020 baked flat for linear Rec.709 (ffmpeg's `.csp`: no matrix, so the
  /// table cannot follow the cube's nodes): the measured size grows the table until the
  /// emulated host's p99 ΔE_ITP meets the target, where the starting size misses it. (Main
  /// baked such a look at a fixed size.)
  @Test func aMisalignedFlatBakeGrowsUntilItsEmulatedErrorMeetsTheTarget() throws {
    let (_, application) = try Self.look("bleach_bypass_pq")
    let shaper = BakeShaper()
    let start = LookBake(application, shaper: shaper, size: 17)
    let inputs = BakeReport.samples(BakeShaper(offset: 0.125), count: 400)
    let host = start.flatHost()
    let before = BakeReport(
      inputs: inputs, host: inputs.map { host.apply($0) }, reference: inputs.map(application.apply),
      primaries: application.working.primaries,
      referenceWhite: application.outputSpace.referenceWhite)
    let chosen = LookBake.measured(
      application, shaper: shaper, start: 17, limit: 65, target: 5, colours: 400)
    #expect(before.p99 >= 5, "17 nodes: p99 \(before.p99)")
    #expect(
      chosen.report.p99 < 5 && chosen.bake.size > 17 && chosen.bake.size <= 65,
      "\(chosen.bake.size) nodes: p99 \(chosen.report.p99), 17 nodes: \(before.p99)")
  }
}
