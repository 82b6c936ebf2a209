import FileOutput

extension EXRImage {
  /// Whether the file is written through OpenEXR's C++ library: a part is DWAA or DWAB, which
  /// OpenEXRCore 3.1 cannot encode.
  var needsCXXLibrary: Bool { parts.contains { EXRCXXCalls.codes($0.compression) } }

  /// Writes every part through OpenEXR's C++ library (scanline parts only); a stage's part is
  /// transformed whole first. Attributes are carried as ``write(to:using:)`` carries them.
  func writeThroughCXXLibrary(to file: OutputFile, stage: EXRRowStage?) throws {
    if let index = parts.firstIndex(where: { $0.tiling != nil }) {
      throw RasterIOError(
        .unsupported, path: file.destination,
        "part \(index) is tiled: a file with DWAA/DWAB compression is written as scanlines "
          + "only; choose another compression or write the parts as scanlines")
    }
    if let stage { stage.prepare(0..<parts[stage.part].height) }
    let stored = parts.indices.flatMap { p in
      parts[p].channels.filter { stage?.part != p || stage?.storage[$0.name] == nil }.map(\.samples)
    }
    try EXRSamples.withStorage(of: stored) { pointers in
      var next = pointers.makeIterator()
      let described = parts.enumerated().map { p, part in
        (
          part,
          part.channels.map { channel in
            (stage?.part == p ? stage?.storage[channel.name] : nil)
              ?? UnsafeMutableRawPointer(mutating: next.next()!)
          }
        )
      }
      try EXRCXXCalls.write(described, to: file)
    }
  }
}
