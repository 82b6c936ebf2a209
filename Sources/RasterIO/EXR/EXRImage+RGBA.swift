import WorkScheduler

/// Where one RGB(A) set lives in an ``EXRImage``: a part and a layer.
public struct EXRChannelSet: Hashable, Sendable {
  /// The part index.
  public var partIndex: Int
  /// The layer (`""` for the unnamed layer, `diffuse` for `diffuse.R`…).
  public var layer: String
  /// Channel indices of R, G, B in the part.
  public var red: Int, green: Int, blue: Int
  /// Channel index of A in the same layer, if present.
  public var alpha: Int?
}

extension EXRImage {
  /// Finds the RGB set a LUT applies to.
  ///
  /// With no arguments: the unnamed layer of the first part that has `R`, `G` and `B`.
  /// - Parameters:
  ///   - part: A part index to look in (`--part`), or nil for the first that has the layer.
  ///   - layer: The layer (`--layer`, `""` for unnamed), or nil for the unnamed layer.
  ///   - path: The file's path, named in errors.
  /// - Throws: `RasterIOError` `.invalidRequest` naming `path` if there is no such set, or
  ///   `.unsupported` if its channels are subsampled.
  public func channelSet(part: Int? = nil, layer: String? = nil, path: String) throws
    -> EXRChannelSet
  {
    let layer = layer ?? ""
    let candidates = part.map { [$0] } ?? Array(parts.indices)
    for index in candidates where parts.indices.contains(index) {
      let p = parts[index]
      let prefix = layer.isEmpty ? "" : layer + "."
      guard let r = p.channelIndex(named: prefix + "R"),
        let g = p.channelIndex(named: prefix + "G"),
        let b = p.channelIndex(named: prefix + "B")
      else { continue }
      let a = p.channelIndex(named: prefix + "A")
      guard
        ([r, g, b] + (a.map { [$0] } ?? [])).allSatisfy({
          p.channels[$0].xSampling == 1 && p.channels[$0].ySampling == 1
        })
      else {
        throw RasterIOError(.unsupported, path: path, "the RGB channels are subsampled")
      }
      return EXRChannelSet(partIndex: index, layer: layer, red: r, green: g, blue: b, alpha: a)
    }
    let whereText = part.map { "part \($0)" } ?? "any part"
    let layerText = layer.isEmpty ? "the unnamed layer" : "layer \(layer)"
    throw RasterIOError(
      .invalidRequest, path: path, "no R, G, B channels in \(layerText) of \(whereText)")
  }

  /// The set's pixels as interleaved RGBA `Float` (half widened exactly, uint converted),
  /// converted on all cores.
  /// - Throws: `RasterIOError` `.invalidRequest` if the set does not fit the image (channel
  ///   indices or sample counts that do not match the part).
  public func rgba(_ set: EXRChannelSet) throws -> RGBAPixels {
    let part = try checkedPart(of: set, alpha: true)
    let indices = [set.red, set.green, set.blue] + (set.alpha.map { [$0] } ?? [])
    let samples = indices.map { part.channels[$0].samples }
    let count = part.width * part.height
    let values = try [Float](unsafeUninitializedCapacity: count * 4) { output, initialized in
      let target = WorkerShared(output)
      try EXRSamples.withStorage(of: samples) { pointers in
        let lanes = zip(samples, pointers).map {
          SampleLane(
            kind: Self.laneKind($0.pixelType), base: UnsafeMutableRawPointer(mutating: $1),
            stride: 1)
        }
        _ = RGBABlockRunner.run(0..<count, sources: lanes, destinations: []) { block in
          let start = block.firstPixel * 4
          _ = UnsafeMutableBufferPointer(
            rebasing: target.value[start..<(start + block.values.count)]
          )
          .update(fromContentsOf: block.values)
        }
      }
      initialized = count * 4
    }
    return RGBAPixels(
      width: part.width, height: part.height, values: values, hasAlpha: set.alpha != nil)
  }

  /// Puts RGB back into the set's channels, converting to each channel's stored type or to
  /// `pixelType` (half: round to nearest even, 65520 and above → infinity; uint: see
  /// ``EXRSamples/converted(to:)``). Alpha and every other channel are left untouched (bit-exact).
  /// - Throws: `RasterIOError` `.invalidRequest` if the set or `pixels` does not fit the part.
  public mutating func replaceRGB(
    of set: EXRChannelSet, with pixels: RGBAPixels, pixelType: EXRPixelType? = nil
  ) throws {
    let part = try checkedPart(of: set, alpha: false)
    guard pixels.width == part.width, pixels.height == part.height,
      pixels.values.count == part.width * part.height * 4
    else {
      throw RasterIOError(.invalidRequest, path: Self.inMemory, "RGBA pixels of another size")
    }
    try pixels.values.withUnsafeBufferPointer { input in
      guard let base = input.baseAddress else { return }
      let source = WorkerShared(UnsafeRawPointer(base))
      _ = try transformRGB(of: set, pixelType: pixelType) { block in
        let v = source.value.assumingMemoryBound(to: Float.self) + block.firstPixel * 4
        for o in 0..<block.values.count where o % 4 != 3 { block.values[o] = v[o] }
      }
    }
  }

  /// The path named by errors about the in-memory model.
  static let inMemory = "(in memory)"

  /// The set's part, after checking that its channels exist, are not subsampled and hold one
  /// sample per pixel (so the unsafe conversions stay in bounds).
  func checkedPart(of set: EXRChannelSet, alpha: Bool) throws -> EXRPart {
    guard parts.indices.contains(set.partIndex) else {
      throw RasterIOError(.invalidRequest, path: Self.inMemory, "no part \(set.partIndex)")
    }
    let part = parts[set.partIndex]
    let indices = [set.red, set.green, set.blue] + (alpha ? set.alpha.map { [$0] } ?? [] : [])
    for index in indices {
      guard part.channels.indices.contains(index),
        part.channels[index].samples.count == part.width * part.height
      else {
        throw RasterIOError(
          .invalidRequest, path: Self.inMemory, "channel \(index) does not match the part")
      }
    }
    return part
  }

  static func laneKind(_ type: EXRPixelType) -> SampleLane.Kind {
    switch type {
    case .half: .half
    case .float: .float
    case .uint: .uint
    }
  }
}
