extension EXRImage {
  /// Transforms the set's RGB in every level of its part below full resolution (mip- and
  /// rip-maps; nothing for other parts), each level as ``transformRGB(of:pixelType:_:)``
  /// transforms level (0, 0): the same `transform`, block by block, so a grade reaches every
  /// resolution the file holds. Blocks number each level's pixels from 0.
  /// - Parameters:
  ///   - set: the R, G, B (and A) channels, by their indices in the part (the levels share them).
  ///   - pixelType: the type R, G and B are stored back as; nil keeps each channel's.
  ///   - transform: called concurrently, once per block.
  /// - Returns: `transform`'s results, level after level in file order, each in pixel order.
  /// - Throws: `RasterIOError` `.invalidRequest` if the set does not fit a level.
  public mutating func transformLevelRGB<R>(
    of set: EXRChannelSet, pixelType: EXRPixelType? = nil,
    _ transform: @Sendable (RGBABlock) -> R
  ) throws -> [R] {
    guard parts.indices.contains(set.partIndex) else {
      throw RasterIOError(.invalidRequest, path: Self.inMemory, "no part \(set.partIndex)")
    }
    let p = set.partIndex
    var results: [R] = []
    for index in parts[p].levels.indices {
      let (width, height) = (parts[p].levels[index].width, parts[p].levels[index].height)
      // The level as a part of its own, its channels swapped in (not copied) for the transform.
      var alone = EXRImage(parts: [EXRPart(dataWindow: EXRBox(width: width, height: height))])
      swap(&alone.parts[0].channels, &parts[p].levels[index].channels)
      defer { swap(&alone.parts[0].channels, &parts[p].levels[index].channels) }
      var moved = set
      moved.partIndex = 0
      results += try alone.transformRGB(of: moved, pixelType: pixelType, transform)
    }
    return results
  }
}
