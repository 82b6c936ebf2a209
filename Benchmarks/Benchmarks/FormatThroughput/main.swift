// Prints the median seconds of reading or writing a .cube file in-process, so that
// compare/compare.py can put our parser beside OpenColorIO, colour-science and a C loop.
//
//   FormatThroughput read PATH REPEATS     median seconds of CubeReader.read(contentsOf:)
//   FormatThroughput write PATH REPEATS    median seconds of CubeWriter.write(_:) to bytes
import CubeFormat
import Foundation

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("FormatThroughput: \(message)\n".utf8))
  exit(2)
}

func median(_ repeats: Int, _ body: () throws -> Void) rethrows -> Double {
  var times: [Double] = []
  for _ in 0..<repeats {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
  }
  return times.sorted()[times.count / 2]
}

let arguments = CommandLine.arguments
guard arguments.count == 4, let repeats = Int(arguments[3]), repeats > 0 else {
  fail("usage: FormatThroughput read|write PATH REPEATS")
}
do {
  switch arguments[1] {
  case "read":
    print(try median(repeats) { _ = try CubeReader.read(contentsOf: arguments[2]) })
  case "write":
    let file = try CubeReader.read(contentsOf: arguments[2])
    var size = 0
    print(try median(repeats) { size = try CubeWriter.write(file).count })
    if size == 0 { fail("empty output") }
  default:
    fail("usage: FormatThroughput read|write PATH REPEATS")
  }
} catch {
  fail("\(error)")
}
