import CubeFormat
import Foundation

// TEMPORARY, test-only: a minimal `.cube` reader for the conformance vector cubes, until
// CubeFormat's `CubeReader` lands on this branch. It understands only what those files use:
// `#` comment lines, TITLE, LUT_3D_SIZE, DOMAIN_MIN/MAX and rows of three numbers. The
// integrator should replace every call with `CubeReader` and delete this file.
enum TemporaryCubeParser {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Parses the text of a simple 3D `.cube` file.
  static func parse(_ text: String) throws -> CubeFile {
    var comments: [String] = []
    var title: String?
    var size = 0
    var domainMin = SIMD3<Float>(0, 0, 0)
    var domainMax = SIMD3<Float>(1, 1, 1)
    var values: [Float] = []
    for raw in text.split(whereSeparator: \.isNewline) {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty { continue }
      if line.hasPrefix("#") {
        if values.isEmpty {
          var body = line.dropFirst()
          if body.first == " " { body = body.dropFirst() }
          comments.append(String(body))
        }
        continue
      }
      let tokens = line.split(separator: " ").map(String.init)
      switch tokens[0] {
      case "TITLE":
        title = line.dropFirst(5).trimmingCharacters(in: .whitespaces)
          .trimmingCharacters(in: CharacterSet(charactersIn: "\""))
      case "LUT_3D_SIZE":
        size = Int(tokens[1]) ?? 0
      case "DOMAIN_MIN":
        domainMin = try triple(tokens.dropFirst())
      case "DOMAIN_MAX":
        domainMax = try triple(tokens.dropFirst())
      default:
        let v = try triple(tokens[...])
        values += [v.x, v.y, v.z]
      }
    }
    guard size >= 2, values.count == size * size * size * 3 else {
      throw Failure(description: "size \(size), \(values.count / 3) rows")
    }
    let table = CubeTable3D(
      size: size, domainMin: domainMin, domainMax: domainMax, values: values)
    return CubeFile(title: title, lut3D: table, comments: comments)
  }

  /// Reads and parses a file.
  static func read(_ url: URL) throws -> CubeFile {
    try parse(String(decoding: try Data(contentsOf: url), as: UTF8.self))
  }

  private static func triple(_ tokens: ArraySlice<String>) throws -> SIMD3<Float> {
    let v = tokens.compactMap(Float.init)
    guard v.count == 3, tokens.count == 3 else {
      throw Failure(description: "bad row \(tokens)")
    }
    return SIMD3(v[0], v[1], v[2])
  }
}
