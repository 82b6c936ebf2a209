import CubeFormat
import FuzzSupport
import LUTEngine

/// The `.cube` reader, then everything done with what it accepts: the writer's round trip
/// (parse → write → parse must give the same tables, bit for bit) and the LUT applied to the
/// pixel edge values with every interpolation and extrapolation (alpha must stay untouched,
/// and the batch kernels — the C kernels on x86-64 — must give ReferenceKernel's values).
/// A rejected file must give an error message of bounded length.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCube(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: data, count: size)
  let file: CubeFile
  do {
    file = try CubeReader.parse(bytes, file: "fuzz.cube")
  } catch {
    let text = error.description + (error.lineText ?? "")
    FuzzSupport.check(text.utf8.count <= 4096, "error message of \(text.utf8.count) bytes")
    return 0
  }
  checkWriterRoundTrip(file)
  applyToEdgeValues(CubeLUT(file))
  return 0
}

/// Writing an accepted file and reading it back gives the same tables.
private func checkWriterRoundTrip(_ file: CubeFile) {
  let profile: CubeWriterProfile = file.hasShaper ? .resolve : .adobe
  guard let text = try? CubeWriter.write(file, profile: profile) else { return }
  let again: CubeFile
  do {
    again = try text.withUnsafeBytes { try CubeReader.parse($0, file: "rewritten.cube") }
  } catch {
    FuzzSupport.fail("the writer's output does not parse: \(error)")
  }
  FuzzSupport.check(
    again.lut1D == file.lut1D && again.lut3D == file.lut3D
      && again.inputVideoRange == file.inputVideoRange
      && again.outputVideoRange == file.outputVideoRange,
    "parse → write → parse changed the tables")
}

/// Every edge value in every channel position, with an edge value as alpha.
private let edgePixels: [Float] = {
  let e = FuzzSupport.edgeValues
  var pixels: [Float] = []
  for i in 0..<e.count {
    let offsets: [Int] = [0, 5, 11, 3]
    for o in offsets { pixels.append(e[(i + o) % e.count]) }
  }
  return pixels
}()

private func applyToEdgeValues(_ lut: CubeLUT) {
  for interpolation in Interpolation.allCases {
    for extrapolation in Extrapolation.allCases {
      let processor = LUTProcessor(
        lut: lut, interpolation: interpolation, extrapolation: extrapolation)
      var pixels = edgePixels
      processor.apply(inPlace: &pixels, layout: .rgba, threads: 1)
      for i in stride(from: 3, to: pixels.count, by: 4) {
        FuzzSupport.check(
          pixels[i].bitPattern == edgePixels[i].bitPattern, "apply changed alpha at \(i)")
        let x = SIMD3(edgePixels[i - 3], edgePixels[i - 2], edgePixels[i - 1])
        let want = ReferenceKernel.evaluate(
          lut, at: x, interpolation: interpolation, extrapolation: extrapolation)
        for k in 0..<3 {
          let got = pixels[i - 3 + k]
          FuzzSupport.check(
            got == want[k] || (got.isNaN && want[k].isNaN),
            "\(interpolation) \(extrapolation) at \(x): \(got) ≠ reference \(want[k])")
        }
      }
      FuzzSupport.consume(pixels)
    }
  }
}
