/// The strips or tiles of a TIFF image and where each one's samples sit in the interleaved
/// in-memory buffer; shared by the reader and the writer.
struct TIFFBlockPlan {
  struct Block {
    /// Strip or tile number in the file.
    var index: UInt32
    /// First pixel row and column covered.
    var row: Int
    var column: Int
    /// Valid rows and columns (edge blocks are cut).
    var rows: Int
    var columns: Int
    /// Sample plane (planar files), or 0.
    var plane: Int
  }

  var width: Int
  var height: Int
  var samplesPerPixel: Int
  var sampleSize: Int
  var isPlanar: Bool
  var tiling: TIFFTiling?
  var rowsPerStrip: Int

  /// Samples per pixel inside one block.
  var samplesPerBlockPixel: Int { isPlanar ? 1 : samplesPerPixel }
  /// Pixel columns of a full block.
  var blockColumns: Int { tiling?.width ?? width }
  /// Pixel rows of a full block.
  var blockRows: Int { tiling?.height ?? rowsPerStrip }

  /// Bytes a decoded block holds: full tiles always, strips cut at the bottom.
  func byteCount(of block: Block) -> Int {
    let rows = tiling == nil ? block.rows : blockRows
    return rows * blockColumns * samplesPerBlockPixel * sampleSize
  }

  /// A full-size block (for scratch buffers).
  var fullBlock: Block {
    Block(index: 0, row: 0, column: 0, rows: blockRows, columns: blockColumns, plane: 0)
  }

  /// Whether a block's bytes are exactly a slice of the interleaved buffer (contiguous strips).
  var isDirect: Bool { tiling == nil && !isPlanar }

  /// Every block in file order (TIFF 6.0: planes outermost, then rows, then columns), so the
  /// block number is its position; libtiff's `TIFFComputeStrip` is not used because it is only
  /// valid once the first block has been written.
  var blocks: [Block] {
    var result: [Block] = []
    for plane in 0..<(isPlanar ? samplesPerPixel : 1) {
      for row in stride(from: 0, to: height, by: blockRows) {
        for column in stride(from: 0, to: width, by: blockColumns) {
          result.append(
            Block(
              index: UInt32(result.count), row: row, column: column,
              rows: min(blockRows, height - row), columns: min(blockColumns, width - column),
              plane: plane))
        }
      }
    }
    return result
  }

  /// Byte offset of a block's first sample in the interleaved buffer.
  func offset(of block: Block) -> Int {
    ((block.row * width + block.column) * samplesPerPixel + block.plane) * sampleSize
  }

  /// The copy between a decoded block (`toBlock` false: block → image) and the image.
  func copy(for block: Block, toBlock: Bool) -> SampleBlockCopy {
    let blockStride = (1, blockColumns * samplesPerBlockPixel)
    let imageStride = (isPlanar ? samplesPerPixel : 1, width * samplesPerPixel)
    return SampleBlockCopy(
      sampleSize: sampleSize, rows: block.rows,
      columns: block.columns * (isPlanar ? 1 : samplesPerPixel),
      sourceStride: toBlock ? imageStride : blockStride,
      destinationStride: toBlock ? blockStride : imageStride)
  }
}
