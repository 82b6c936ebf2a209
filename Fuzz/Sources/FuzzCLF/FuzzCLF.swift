import CLFFormat
import FuzzSupport
import LUTEngine

/// The CLF/CTF reader (XML and ProcessList), then everything done with what it accepts: the
/// writer's round trip (parse → write → parse must give the same nodes) and the process list
/// applied to the pixel edge values (alpha untouched, the batch path equal to the scalar one).
/// A rejected file must give a located error message of bounded length.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCLF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let list: ProcessList
  do {
    list = try ProcessListReader.parse(bytes, file: "fuzz.clf")
  } catch {
    let text = error.description
    FuzzSupport.check(text.utf8.count <= 4096, "error message of \(text.utf8.count) bytes")
    FuzzSupport.check(text.hasPrefix("fuzz.clf"), "error without the file name: \(text)")
    return 0
  }
  let again: ProcessList
  do {
    again = try ProcessListReader.parse(ProcessListWriter.write(list), file: "rewritten.clf")
  } catch {
    FuzzSupport.fail("the writer's output does not parse: \(error)")
  }
  FuzzSupport.check(again.nodes == list.nodes, "parse → write → parse changed the nodes")
  applyToEdgeValues(ProcessListProcessor(list))
  return 0
}

private func applyToEdgeValues(_ processor: ProcessListProcessor) {
  let e = FuzzSupport.edgeValues
  var pixels: [Float] = []
  for i in 0..<e.count {
    for o in [0, 5, 11, 3] { pixels.append(e[(i + o) % e.count]) }
  }
  let original = pixels
  pixels.withUnsafeMutableBufferPointer { processor.apply(inPlace: $0, channels: 4, threads: 1) }
  for i in stride(from: 3, to: pixels.count, by: 4) {
    FuzzSupport.check(pixels[i].bitPattern == original[i].bitPattern, "apply changed alpha")
    let want = processor.apply(SIMD3(original[i - 3], original[i - 2], original[i - 1]))
    for k in 0..<3 {
      let got = pixels[i - 3 + k]
      FuzzSupport.check(
        got.bitPattern == want[k].bitPattern || (got.isNaN && want[k].isNaN),
        "batch \(got) ≠ scalar \(want[k])")
    }
  }
  FuzzSupport.consume(pixels)
}
