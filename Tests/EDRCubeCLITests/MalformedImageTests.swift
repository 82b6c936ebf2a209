import Foundation
import RasterIO
import TestSupport
import Testing

/// Images whose channels or sample layout `apply` cannot use (docs/reliability.md §3.2 "wrong channel
/// types and layouts"): each one fails with a one-line error naming the file and writes
/// nothing; the layouts it does handle are converted.
@Suite struct MalformedImageTests {
  /// Runs `apply` on `input` and returns the result and whether an output appeared.
  func apply(_ input: String, in dir: URL, _ extra: [String] = []) throws -> (CommandResult, Bool) {
    let cube = dir.appendingPathComponent("identity.cube").path
    try EdgeValueTests.identity.write(toFile: cube, atomically: true, encoding: .utf8)
    let name = input.lowercased().hasSuffix(".exr") ? "result.exr" : "result.tif"
    let output = dir.appendingPathComponent("out").appendingPathComponent(name).path
    try FileManager.default.createDirectory(
      atPath: dir.appendingPathComponent("out").path, withIntermediateDirectories: true)
    let r = try EDRCubeExecutable.run(["apply", input, "--lut", cube, "-o", output] + extra)
    return (r, FileManager.default.fileExists(atPath: output))
  }

  static func exr(
    _ names: [String], type: EXRPixelType = .float, box: EXRBox = EXRBox(width: 4, height: 3)
  )
    -> EXRImage
  {
    let count = box.width * box.height
    let channels = names.map { name in
      EXRChannel(name: name, samples: EXRSamples(zeros: count, type: type))
    }
    return EXRImage(parts: [EXRPart(dataWindow: box, channels: channels)])
  }

  // Luminance alone and layer-only files are graded (ForeignEXRApplyTests).
  @Test(arguments: [
    ("no blue", ["R", "G"]), ("alpha and depth only", ["A", "Z"]),
    ("chroma without luminance", ["BY", "RY"]),
  ])
  func exrWithoutAnRGBSetFails(_ what: String, _ names: [String]) throws {
    try withTemporaryDirectory { dir in
      let input = dir.appendingPathComponent("in.exr").path
      try Self.exr(names).write(to: input)
      let (r, wrote) = try apply(input, in: dir)
      #expect(r.status != 0, "\(what)")
      #expect(r.stderr.contains(input), "\(what): \(r.stderr)")
      // The file's own error comes first, in compiler style (a summary line follows).
      #expect(r.stderr.hasPrefix(input + ": error: "), "\(what): \(r.stderr)")
      #expect(!wrote, "\(what)")
    }
  }

  @Test func subsampledRGBIsUnsupported() throws {
    try withTemporaryDirectory { dir in
      let input = dir.appendingPathComponent("sub.exr").path
      let channels = ["R", "G", "B"].map { name in
        EXRChannel(
          name: name, samples: EXRSamples(zeros: 4, type: .half), xSampling: 2, ySampling: 2)
      }
      try EXRImage(parts: [EXRPart(dataWindow: EXRBox(width: 4, height: 4), channels: channels)])
        .write(to: input)
      let (r, wrote) = try apply(input, in: dir)
      #expect(r.status != 0 && r.stderr.contains("subsampled"), "\(r.stderr)")
      #expect(!wrote)
    }
  }

  /// Half, uint and a negative, offset data window are all handled; the window is kept.
  @Test(arguments: [EXRPixelType.half, .uint, .float])
  func otherTypesAndNegativeWindowsApply(_ type: EXRPixelType) throws {
    try withTemporaryDirectory { dir in
      let box = EXRBox(minX: -5, minY: -5, maxX: 100, maxY: 20)
      let input = dir.appendingPathComponent("in.exr").path
      try Self.exr(["R", "G", "B"], type: type, box: box).write(to: input)
      let (r, wrote) = try apply(input, in: dir)
      try #require(r.status == 0 && wrote, "\(r.stderr)")
      let out = try EXRImage.read(path: dir.appendingPathComponent("out/result.exr").path)
      #expect(out.parts[0].dataWindow == box)
    }
  }

  /// A TIFF built from IFD entries `(tag, type, values)`; values longer than 4 bytes go after
  /// the IFD, and the pixel data `payload` after them (StripOffsets points at it).
  static func tiff(_ entries: [(UInt16, UInt16, [UInt32])], payload: [UInt8]) -> [UInt8] {
    func le16(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
    func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
    let defaults: [(UInt16, UInt16, [UInt32])] = [(273, 4, [0]), (279, 4, [UInt32(payload.count)])]
    let all = entries + defaults.filter { d in !entries.contains { $0.0 == d.0 } }
    let sorted = all.sorted { $0.0 < $1.0 }
    var extra: [UInt8] = []
    let extraStart = 8 + 2 + sorted.count * 12 + 4
    let dataOffset = UInt32(
      extraStart
        + sorted.reduce(0) { sum, e in
          let size = e.2.count * (e.1 == 3 ? 2 : 4)
          return sum + (size > 4 ? size : 0)
        })
    var ifd = le16(UInt32(sorted.count))
    for (tag, type, raw) in sorted {
      // StripOffsets: the payload's offset, plus any value given (to point past the end).
      let values = tag == 273 ? raw.map { $0 + dataOffset } : raw
      let encoded = values.flatMap { type == 3 ? le16($0) : le32($0) }
      ifd += le16(UInt32(tag)) + le16(UInt32(type)) + le32(UInt32(values.count))
      if encoded.count <= 4 {
        ifd += encoded + Array(repeating: 0, count: 4 - encoded.count)
      } else {
        ifd += le32(UInt32(extraStart + extra.count))
        extra += encoded
      }
    }
    return [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0] + ifd + le32(0) + extra + payload
  }

  /// A 2×1 image with the given photometric, samples, bits and sample format.
  static func tiff(photometric: UInt32?, spp: UInt32, bits: UInt32, format: UInt32 = 1) -> [UInt8] {
    var entries: [(UInt16, UInt16, [UInt32])] = [
      (256, 3, [2]), (257, 3, [1]), (258, 3, Array(repeating: bits, count: Int(spp))),
      (259, 3, [1]), (277, 3, [spp]), (278, 3, [1]),
      (339, 3, Array(repeating: format, count: Int(spp))),
    ]
    if let photometric { entries.append((262, 3, [photometric])) }
    if photometric == 3 { entries.append((320, 3, Array(repeating: 0, count: 3 << Int(bits)))) }
    let payload = Array(repeating: UInt8(7), count: Int(2 * spp * max(bits, 8) / 8))
    return tiff(entries, payload: payload)
  }

  @Test func theHandBuiltRGBTIFFApplies() throws {
    try withTemporaryDirectory { dir in
      let input = dir.appendingPathComponent("rgb.tif").path
      try Data(Self.tiff(photometric: 2, spp: 3, bits: 8)).write(to: URL(fileURLWithPath: input))
      let (r, wrote) = try apply(
        input, in: dir, ["-o", dir.appendingPathComponent("out/rgb.tif").path])
      #expect(
        r.status == 0
          && FileManager.default.fileExists(atPath: dir.appendingPathComponent("out/rgb.tif").path),
        "\(r.stderr)")
      #expect(!wrote)
    }
  }

  /// Each refusal names what the file is (issue 34: "CMYK", "signed integer", not numbers).
  @Test(arguments: [
    ("greyscale (photometric 1)", UInt32?(1), UInt32(1), UInt32(8), UInt32(1)),
    ("palette colour (photometric 3)", 3, 1, 8, 1), ("YCbCr (photometric 6)", 6, 3, 8, 1),
    ("CMYK (photometric 5)", 5, 4, 8, 1), ("no photometric interpretation", nil, 3, 8, 1),
    ("16-bit signed integer samples", 2, 3, 16, 2),
    ("64-bit IEEE float (double) samples", 2, 3, 64, 3),
    ("24-bit unsigned integer samples", 2, 3, 24, 1),
    ("4-bit unsigned integer samples", 2, 3, 4, 1), ("2 sample(s) per pixel", 2, 2, 8, 1),
    ("8-bit untyped samples", 2, 3, 8, 4),
  ])
  func unsupportedTIFFLayoutsFail(
    _ what: String, _ photometric: UInt32?, _ spp: UInt32, _ bits: UInt32, _ format: UInt32
  ) throws {
    try withTemporaryDirectory { dir in
      let input = dir.appendingPathComponent("in.tif").path
      try Data(Self.tiff(photometric: photometric, spp: spp, bits: bits, format: format))
        .write(to: URL(fileURLWithPath: input))
      let (r, wrote) = try apply(input, in: dir)
      #expect(r.status != 0, "\(what) was accepted")
      #expect(r.stderr.contains(input), "\(what): \(r.stderr)")
      #expect(r.stderr.contains(what), "\(r.stderr)")
      #expect(!wrote, "\(what)")
    }
  }

  /// A TIFF whose geometry tags lie, and whether the file is nevertheless valid.
  struct GeometryCase: Sendable, CustomTestStringConvertible {
    var what: String
    var overrides: [(UInt16, UInt16, [UInt32])]
    var valid = false
    var testDescription: String { what }
  }

  /// Geometry tags that lie (docs/reliability.md §3.2): each fails cleanly, except a RowsPerStrip
  /// larger than the image, which TIFF allows (one strip), and a StripByteCounts larger than
  /// the file when the bytes the strip needs are there.
  static let geometryCases: [GeometryCase] = [
    GeometryCase(what: "rows per strip 0", overrides: [(278, 3, [0])]),
    GeometryCase(
      what: "rows per strip above the height", overrides: [(278, 3, [1000])], valid: true),
    // libtiff reads only the 6 bytes the strip needs (and never allocates the declared 1 GiB).
    GeometryCase(
      what: "strip byte count past the end", overrides: [(279, 4, [1 << 30])], valid: true),
    GeometryCase(what: "strip offset past the end", overrides: [(273, 4, [1 << 20])]),
    GeometryCase(what: "width 0x7FFFFFFF", overrides: [(256, 4, [0x7FFF_FFFF])]),
    GeometryCase(
      what: "tile width 17",
      overrides: [(322, 3, [17]), (323, 3, [16]), (324, 4, [0]), (325, 4, [6])]),
    GeometryCase(
      what: "tile 65535²",
      overrides: [(322, 3, [65535]), (323, 3, [65535]), (324, 4, [0]), (325, 4, [6])]),
  ]

  @Test(arguments: geometryCases)
  func lyingTIFFGeometry(_ c: GeometryCase) throws {
    let (what, overrides, valid) = (c.what, c.overrides, c.valid)
    var entries: [(UInt16, UInt16, [UInt32])] = [
      (256, 3, [2]), (257, 3, [1]), (258, 3, [8, 8, 8]), (259, 3, [1]), (262, 3, [2]),
      (277, 3, [3]), (278, 3, [1]),
    ]
    for o in overrides {
      entries.removeAll { $0.0 == o.0 }
      entries.append(o)
    }
    try withTemporaryDirectory { dir in
      let input = dir.appendingPathComponent("lie.tif").path
      try Data(Self.tiff(entries, payload: [1, 2, 3, 4, 5, 6]))
        .write(to: URL(fileURLWithPath: input))
      let (r, wrote) = try apply(input, in: dir)
      if valid {
        #expect(r.status == 0 && wrote, "\(what): \(r.stderr)")
      } else {
        #expect(r.status != 0 && !wrote, "\(what) was accepted")
        #expect(r.stderr.hasPrefix(input + ": error: "), "\(what): \(r.stderr)")
      }
    }
  }
}
