// TEMPORARY: a minimal .cube reader for the engine tests only, written while CubeFormat's
// CubeReader is being built on another branch. It understands just what the conformance
// files with probes use (sizes, DOMAIN_*, LUT_*_INPUT_RANGE, video-range flags, TITLE,
// comments, rows; LF/CRLF/CR; BOM) and validates nothing. The integrator should replace
// `TemporaryCubeParser.parse` with `CubeReader` and delete this file.
import CubeFormat
import Foundation

enum TemporaryCubeParser {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Parses `.cube` bytes into a `CubeFile`.
  static func parse(_ bytes: [UInt8]) throws -> CubeFile {
    var text = String(decoding: bytes, as: UTF8.self)
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    let lines = text.replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: "\r", with: "\n").split(separator: "\n")
    var size1D: Int?
    var size3D: Int?
    var min1D = SIMD3<Float>.zero
    var max1D = SIMD3<Float>.one
    var min3D = SIMD3<Float>.zero
    var max3D = SIMD3<Float>.one
    var videoIn = false
    var videoOut = false
    var rows: [Float] = []
    for line in lines {
      let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      let tokens = content.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
      guard let first = tokens.first else { continue }
      if let c = first.first, c.isNumber || "+-.".contains(c) {
        rows += try tokens.map { token in
          guard let v = Float(token) else { throw Failure(description: "bad number \(token)") }
          return v
        }
        continue
      }
      let arguments = tokens.dropFirst().compactMap { Float($0) }
      func triple() -> SIMD3<Float> { SIMD3(arguments[0], arguments[1], arguments[2]) }
      switch first.uppercased() {
      case "LUT_1D_SIZE": size1D = Int(tokens[1])
      case "LUT_3D_SIZE": size3D = Int(tokens[1])
      case "DOMAIN_MIN": (min1D, min3D) = (triple(), triple())
      case "DOMAIN_MAX": (max1D, max3D) = (triple(), triple())
      case "LUT_1D_INPUT_RANGE":
        (min1D, max1D) = (SIMD3(repeating: arguments[0]), SIMD3(repeating: arguments[1]))
      case "LUT_3D_INPUT_RANGE":
        (min3D, max3D) = (SIMD3(repeating: arguments[0]), SIMD3(repeating: arguments[1]))
      case "LUT_IN_VIDEO_RANGE": videoIn = true
      case "LUT_OUT_VIDEO_RANGE": videoOut = true
      default: continue  // TITLE and unknown keywords
      }
    }
    let count1D = 3 * (size1D ?? 0)
    let count3D = 3 * (size3D.map { $0 * $0 * $0 } ?? 0)
    guard rows.count == count1D + count3D else {
      throw Failure(description: "expected \(count1D + count3D) numbers, found \(rows.count)")
    }
    return CubeFile(
      lut1D: size1D.map {
        CubeTable1D(
          size: $0, domainMin: min1D, domainMax: max1D, values: Array(rows[0..<count1D]))
      },
      lut3D: size3D.map {
        CubeTable3D(
          size: $0, domainMin: min3D, domainMax: max3D, values: Array(rows[count1D...]))
      },
      inputVideoRange: videoIn, outputVideoRange: videoOut)
  }

  /// Reads and parses a file.
  static func read(_ url: URL) throws -> CubeFile {
    try parse([UInt8](Data(contentsOf: url)))
  }
}
