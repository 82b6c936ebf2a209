import Dispatch
public import FileOutput

extension EXRImage {
  /// Transforms the set's RGB in place, block by block on all cores: each block's pixels are
  /// widened to interleaved RGBA `Float` as ``rgba(_:)`` gives them, handed to `transform`, and
  /// its R, G, B stored back as ``replaceRGB(of:with:pixelType:)`` stores them (to each channel's
  /// type, or to `pixelType`). Alpha and every other channel are untouched (bit-exact).
  ///
  /// No frame-sized buffer is made unless `pixelType` changes a channel's type (then only the
  /// new channel's samples).
  /// - Parameters:
  ///   - set: the R, G, B (and A) channels to transform.
  ///   - pixelType: the type R, G and B are stored back as; nil keeps each channel's.
  ///   - transform: called concurrently, once per block; it may change R, G and B.
  /// - Returns: `transform`'s results in block order (pixel order).
  /// - Throws: `RasterIOError` `.invalidRequest` if the set does not fit the image.
  public mutating func transformRGB<R>(
    of set: EXRChannelSet, pixelType: EXRPixelType? = nil,
    _ transform: @Sendable (RGBABlock) -> R
  ) throws -> [R] {
    let size = try pixelSize(of: set)
    return try withRGBLanes(of: set, pixelType: pixelType) { lanes, _ in
      RGBABlockRunner.run(
        0..<(size.width * size.height), sources: lanes.sources,
        destinations: lanes.destinations, transform)
    }
  }

  /// ``transformRGB(of:pixelType:_:)`` and ``write(to:using:)`` in one pass: each batch of
  /// chunks of the set's part is transformed just before it is encoded, so the file's first
  /// bytes reach the disk while later rows are still being transformed. The image ends up as
  /// ``transformRGB(of:pixelType:_:)`` leaves it and the file as ``write(to:using:)`` writes it.
  /// - Returns: `transform`'s results in pixel order, and the seconds spent transforming.
  /// - Throws: what either call throws; the image may then be partly transformed.
  public mutating func transformRGB<R>(
    of set: EXRChannelSet, pixelType: EXRPixelType? = nil, writingTo path: String,
    using writer: AtomicFileWriter = AtomicFileWriter(), _ transform: @Sendable (RGBABlock) -> R
  ) throws -> (results: [R], seconds: Double) {
    let width = try pixelSize(of: set).width
    try validateForWriting(path: path)
    return try withRGBLanes(of: set, pixelType: pixelType) { lanes, model in
      try withoutActuallyEscaping(transform) { transform in
        var results: [R] = []
        var nanoseconds: UInt64 = 0
        let stage = EXRRowStage(part: set.partIndex, storage: lanes.storage) { rows in
          let start = DispatchTime.now().uptimeNanoseconds
          results += RGBABlockRunner.run(
            (rows.lowerBound * width)..<(rows.upperBound * width),
            sources: lanes.sources, destinations: lanes.destinations, transform)
          nanoseconds += DispatchTime.now().uptimeNanoseconds - start
        }
        try writer.write(to: path) { file in
          try model.writeFile(to: file, stage: stage)
        }
        return (results, Double(nanoseconds) / 1e9)
      }
    }
  }

  /// The set's part's size, after checking the set. Only the numbers are kept: a copy of the
  /// part would share its sample arrays, and writing them in place would then copy them.
  private func pixelSize(of set: EXRChannelSet) throws -> (width: Int, height: Int) {
    let part = try checkedPart(of: set, alpha: true)
    return (part.width, part.height)
  }

  /// Calls `body` with lanes over the set's channels, which are moved out of the part for the
  /// call (so each array is uniquely referenced and written in place) and put back afterwards,
  /// also when `body` throws. Meanwhile the part holds empty arrays of the channels' final
  /// types (`body` also gets that model, for writing with the lanes' storage); R, G and B
  /// become new arrays where `pixelType` changes their type.
  private mutating func withRGBLanes<T>(
    of set: EXRChannelSet, pixelType: EXRPixelType?, _ body: (RGBLanes, EXRImage) throws -> T
  ) throws -> T {
    let size = try pixelSize(of: set)
    let p = set.partIndex
    let indices = [set.red, set.green, set.blue] + (set.alpha.map { [$0] } ?? [])
    let count = size.width * size.height
    let names = indices.map { parts[p].channels[$0].name }
    var planes = indices.map { parts[p].channels[$0].samples }
    let changed = (0..<3).filter { pixelType != nil && planes[$0].pixelType != pixelType }
    for _ in changed { planes.append(EXRSamples(zeros: count, type: pixelType ?? .float)) }
    /// Where each channel's final samples are in `planes`.
    let final = indices.indices.map { c in changed.firstIndex(of: c).map { indices.count + $0 } ?? c
    }
    for (c, index) in indices.enumerated() {
      parts[p].channels[index].samples = EXRSamples(zeros: 0, type: planes[final[c]].pixelType)
    }
    defer {
      for (c, index) in indices.enumerated() { parts[p].channels[index].samples = planes[final[c]] }
    }
    let kinds = planes.map { Self.laneKind($0.pixelType) }
    let model = self
    return try EXRSamples.withMutableStorage(of: &planes) { pointers in
      let lanes = zip(kinds, pointers).map { SampleLane(kind: $0, base: $1, stride: 1) }
      return try body(
        RGBLanes(
          sources: Array(lanes.prefix(indices.count)),
          destinations: (0..<3).map { lanes[final[$0]] },
          storage: Dictionary(uniqueKeysWithValues: zip(names, final.map { pointers[$0] }))),
        model)
    }
  }
}

/// The lanes of an RGB(A) set being transformed.
struct RGBLanes: @unchecked Sendable {
  /// R, G, B and optionally A as stored.
  var sources: [SampleLane]
  /// Where R, G and B go.
  var destinations: [SampleLane]
  /// Each channel's final samples, by channel name (what the writer encodes).
  var storage: [String: UnsafeMutableRawPointer]
}

/// Rows of one part transformed just before they are encoded.
struct EXRRowStage {
  /// The part.
  var part: Int
  /// Channels whose samples the writer takes from here instead of the model, by name.
  var storage: [String: UnsafeMutableRawPointer]
  /// Transforms rows `range` of the part (0 = the data window's top row) in place.
  var prepare: (Range<Int>) -> Void
}
