import FileOutput

extension EXRImage {
  /// Whether the file is written through OpenEXR's C++ library: a part is DWAA or DWAB, which
  /// OpenEXRCore 3.1 cannot encode, or rip-mapped, whose levels it mis-indexes.
  var needsCXXLibrary: Bool {
    parts.contains { EXRCXXCalls.codes($0.compression) || $0.tiling?.levelMode == .ripmap }
  }

  /// Writes every part through OpenEXR's C++ library (scanline or tiled, every level); a
  /// stage's part is transformed whole first. Attributes are carried as ``write(to:using:)``
  /// carries them.
  func writeThroughCXXLibrary(to file: OutputFile, stage: EXRRowStage?) throws {
    if let stage { stage.prepare(0..<parts[stage.part].height) }
    let stored = parts.indices.flatMap { p in
      parts[p].channels.filter { stage?.part != p || stage?.storage[$0.name] == nil }.map(\.samples)
        + parts[p].levels.flatMap { $0.channels.map(\.samples) }
    }
    try EXRSamples.withStorage(of: stored) { pointers in
      var next = pointers.makeIterator()
      let described = parts.enumerated().map { p, part in
        (
          part,
          part.channels.map { channel in
            (stage?.part == p ? stage?.storage[channel.name] : nil)
              ?? UnsafeMutableRawPointer(mutating: next.next()!)
          },
          part.levels.map { level in
            level.channels.map { _ in UnsafeMutableRawPointer(mutating: next.next()!) }
          }
        )
      }
      try EXRCXXCalls.write(described, to: file)
    }
  }
}
