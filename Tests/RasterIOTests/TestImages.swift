import FileOutput
import Foundation
import RasterIO

/// Deterministic test content for RasterIO round trips.
enum TestImages {
  /// `count` float values covering ordinary numbers plus the edge cases of docs/reliability.md §3.3.
  static func floats(_ count: Int, seed: Int = 0) -> [Float] {
    let specials: [Float] = [
      .nan, Float(bitPattern: 0x7FC0_1234), .infinity, -.infinity, -1, -0.0, 0,
      Float(bitPattern: 1), .leastNormalMagnitude, 6.1e-5, 5.96e-8, 1, Float(1).nextUp, 65504,
      65519, 65520, 1e30, .greatestFiniteMagnitude,
    ]
    return (0..<count).map { i in
      let k = i + seed * 7
      return k % 5 == 0 ? specials[(k / 5) % specials.count] : Float(k % 97) * 0.37 - 4
    }
  }

  /// `count` half bit patterns, including NaN payloads, ±inf, −0 and denormals.
  static func halves(_ count: Int, seed: Int = 0) -> [UInt16] {
    (0..<count).map { i in UInt16(truncatingIfNeeded: (i + seed) &* 2_654_435_761 >> 7) }
  }

  /// `count` uint samples covering the whole range.
  static func uints(_ count: Int, seed: Int = 0) -> [UInt32] {
    (0..<count).map { i in UInt32(truncatingIfNeeded: (i + seed) &* 2_654_435_761) }
  }

  /// Samples of `type` for `count` pixels.
  static func samples(_ type: EXRPixelType, _ count: Int, seed: Int = 0) -> EXRSamples {
    switch type {
    case .half: .half(halves(count, seed: seed))
    case .float: .float(floats(count, seed: seed))
    case .uint: .uint(uints(count, seed: seed))
    }
  }

  /// A part with the named channels, all of one type.
  static func part(
    _ names: [String], type: EXRPixelType, width: Int = 37, height: Int = 21,
    compression: EXRCompression = .zip, tiling: EXRTiling? = nil, origin: (Int32, Int32) = (0, 0)
  ) -> EXRPart {
    let box = EXRBox(
      minX: origin.0, minY: origin.1, maxX: origin.0 + Int32(width) - 1,
      maxY: origin.1 + Int32(height) - 1)
    let channels = names.enumerated().map { i, name in
      EXRChannel(name: name, samples: samples(type, width * height, seed: i))
    }
    return EXRPart(dataWindow: box, compression: compression, tiling: tiling, channels: channels)
  }
}

/// Bit patterns of samples, so NaN payloads and −0 compare exactly.
func bits(_ samples: EXRSamples) -> [UInt32] {
  switch samples {
  case .half(let v): v.map { UInt32($0) }
  case .float(let v): v.map(\.bitPattern)
  case .uint(let v): v
  }
}

/// Files in a folder (to check nothing was left behind).
func folderContents(_ url: URL) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
}

extension AtomicFileWriter {
  /// A writer without `fsync`, for the many round trips (syncing is tested on its own).
  static let fast = AtomicFileWriter(synchronizes: false)
}
