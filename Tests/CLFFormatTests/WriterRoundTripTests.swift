import CLFFormat
import CubeFormat
import Foundation
import LUTEngine
import TestSupport
import Testing

/// The CLF writer: what it writes reads back as the same process list, and a `.cube` file
/// written as CLF evaluates as the engine applies the `.cube` with clamping.
@Suite struct WriterRoundTripTests {
  static let files: [String] = {
    let names = (try? Fixtures.json(Fixtures.clf.appendingPathComponent("ocio_reference.json")))
      .flatMap { ($0 as? [String: Any])?["files"] as? [String: Any] }
    return (names ?? [:]).keys.sorted()
  }()

  @Test func everyReadableFixtureReadsBackIdentically() throws {
    var written = 0
    for name in Self.files {
      let path = Fixtures.clf.appendingPathComponent(name).path
      guard let list = try? ProcessListReader.read(contentsOf: path) else { continue }
      let bytes = ProcessListWriter.write(list)
      let back = try ProcessListReader.parse(bytes, file: "written-\(name)")
      #expect(back.nodes == list.nodes, "\(name)")
      #expect(back.dialect == list.dialect && back.id == list.id && back.name == list.name)
      #expect(back.descriptions == list.descriptions && back.idElement == list.idElement, "\(name)")
      written += 1
    }
    #expect(written >= 40)
  }

  @Test func markupInTextIsEscaped() throws {
    var list = ProcessList(id: "a\"<&>", name: "x &\ty\r\nz", descriptions: ["<b> & 'c'"])
    list.nodes = [ProcessNode(operation: .range(CLFRange(minIn: 0, minOut: 0)))]
    let back = try ProcessListReader.parse(ProcessListWriter.write(list))
    #expect(back.id == list.id && back.name == list.name && back.descriptions == list.descriptions)
    list.descriptions = ["bell\u{7} tab\t"]
    let text = String(decoding: ProcessListWriter.write(list), as: UTF8.self)
    #expect(text.contains("<Description>bell\u{FFFD} tab\t</Description>"))
  }

  @Test func aShaperCubeAsCLFEvaluatesAsTheEngineWithClamping() throws {
    // A 5-row shaper over 0…2 (square root) and a 3³ table of x² with a blue tint.
    let shaper = (0..<5).flatMap { i -> [Float] in
      let x = Float(i) / 4 * 2
      return [x.squareRoot(), x.squareRoot(), x.squareRoot()]
    }
    var nodes: [Float] = []
    for b in 0..<3 {
      for g in 0..<3 {
        for r in 0..<3 {
          let v = SIMD3<Float>(Float(r), Float(g), Float(b)) / 2 * 1.5
          nodes += [v.x * v.x, v.y * v.y, v.z * v.z + 0.1]
        }
      }
    }
    let cube = CubeFile(
      dialect: .resolve,
      lut1D: CubeTable1D(size: 5, domainMin: .zero, domainMax: SIMD3(repeating: 2), values: shaper),
      lut3D: CubeTable3D(
        size: 3, domainMin: .zero, domainMax: SIMD3(repeating: 1.5), values: nodes),
      inputVideoRange: true)
    let list = try ProcessListReader.parse(ProcessListWriter.write(ProcessList(cube: cube)))
    #expect(
      list.nodes.map(\.operation.elementName) == ["Range", "Matrix", "LUT1D", "Matrix", "LUT3D"])
    let clf = ProcessListProcessor(list)
    let engine = LUTProcessor(lut: CubeLUT(cube), extrapolation: .clamp)
    for probe in [SIMD3<Float>(0.1, 0.5, 0.9), SIMD3(0, 1, 0.3), SIMD3(1.7, 0.02, 0.66)] {
      let want = engine.apply(probe)
      let got = clf.apply(probe)
      for c in 0..<3 { expectClose(Double(got[c]), Double(want[c]), abs: 2e-6, "\(probe)") }
    }
  }
}
