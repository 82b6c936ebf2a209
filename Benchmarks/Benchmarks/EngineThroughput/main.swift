// Prints the engine's throughput on the benchmark image, for compare/engine_vs_ocio.py.
//
//   EngineThroughput write-cube PATH SIZE
//   EngineThroughput run SIZE trilinear|tetrahedral linear|clamp THREADS REPEATS [W H]
//   EngineThroughput chain CUBE SPACE THREADS REPEATS [W H]
//   EngineThroughput probe CUBE SPACE < triples
//
// `run` applies once to warm up, then REPEATS times from a fresh copy of the image, and prints
// one line `mpix_per_s <value>` per timed apply (the copy is not timed). `chain` does the same
// through the path `edrcube apply` takes: a `CubeApplication` (`chainApplication`: the .cube
// file CUBE in the cube space SPACE), applied with `apply(inPlace:channels:threads:)`.
// `probe` prints that application's result for each `R G B` line on stdin (the batch path,
// one pixel at a time), for checking it against a peer before timing.
import BenchmarkSupport
import ColorMath
import CubeFormat
import EDRPipeline
import Foundation
import LUTEngine

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(2)
}

/// Applies `body` once to warm up, then `repeats` times, each to a fresh copy of the benchmark
/// image (`size` = [W, H] when given), printing `mpix_per_s` for each timed run.
func measure(
  repeats: Int, size: ArraySlice<String>, _ body: (UnsafeMutableBufferPointer<Float>) -> Void
) {
  let original =
    size.count == 2
    ? BenchmarkImage.makeRGBA(
      width: Int(size[size.startIndex]) ?? 64, height: Int(size[size.startIndex + 1]) ?? 64)
    : BenchmarkImage.makeRGBA()
  let work = UnsafeMutableBufferPointer<Float>.allocate(capacity: original.count)
  defer {
    original.deallocate()
    work.deallocate()
  }
  let pixels = Double(original.count / 4)
  for run in 0...repeats {
    _ = work.update(fromContentsOf: original)
    let start = DispatchTime.now().uptimeNanoseconds
    body(work)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    if run > 0 { print("mpix_per_s \(pixels / seconds / 1e6)") }
  }
}

let arguments = CommandLine.arguments
switch arguments.dropFirst().first {
case "write-cube":
  guard arguments.count == 4, let size = Int(arguments[3]) else { fail("write-cube PATH SIZE") }
  let text = BenchmarkCube.cubeText(BenchmarkCube.smoothRandom(size: size))
  do { try text.write(toFile: arguments[2], atomically: true, encoding: .utf8) } catch {
    fail("cannot write \(arguments[2]): \(error)")
  }
case "run":
  guard arguments.count == 7 || arguments.count == 9, let size = Int(arguments[2]),
    let interpolation = Interpolation(rawValue: arguments[3]),
    let extrapolation = Extrapolation(rawValue: arguments[4]),
    let threads = Int(arguments[5]), let repeats = Int(arguments[6])
  else { fail("run SIZE trilinear|tetrahedral linear|clamp THREADS REPEATS") }
  let processor = LUTProcessor(
    lut: BenchmarkCube.smoothRandom(size: size), interpolation: interpolation,
    extrapolation: extrapolation)
  measure(repeats: repeats, size: arguments.dropFirst(7)) { work in
    let stats = processor.apply(inPlace: work, layout: .rgba, threads: threads)
    precondition(stats.pixelCount == work.count / 4)
  }
case "chain":
  guard arguments.count == 6 || arguments.count == 8,
    let threads = Int(arguments[4]), let repeats = Int(arguments[5])
  else { fail("chain CUBE SPACE THREADS REPEATS [W H]") }
  let application = chainApplication(path: arguments[2], space: arguments[3])
  measure(repeats: repeats, size: arguments.dropFirst(6)) { work in
    application.apply(inPlace: work, channels: 4, threads: threads)
  }
case "probe":
  guard arguments.count == 4 else { fail("probe CUBE SPACE") }
  let application = chainApplication(path: arguments[2], space: arguments[3])
  while let line = readLine() {
    let v = line.split(separator: " ").compactMap { Float($0) }
    guard v.count == 3 else { fail("probe: expected R G B, got '\(line)'") }
    var pixel = v
    pixel.withUnsafeMutableBufferPointer {
      application.apply(inPlace: $0, channels: 3, threads: 1)
    }
    print(pixel.map { "\($0)" }.joined(separator: " "))
  }
default:
  fail(
    "usage: EngineThroughput write-cube PATH SIZE | run SIZE INTERP EXTRAP THREADS REPEATS"
      + " | chain CUBE SPACE THREADS REPEATS | probe CUBE SPACE")
}
