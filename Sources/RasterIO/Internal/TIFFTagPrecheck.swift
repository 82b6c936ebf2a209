#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Adds up the tag values of a TIFF file's first directory and its EXIF and GPS directories
/// before libtiff opens it, and refuses the file as `.tooLarge` when they exceed
/// ``RasterLimits/maxTIFFTagBytes``. libtiff holds every tag of a directory in memory, and the
/// reader copies the tags it keeps (XMP, ICC, private tags) for the output, which libtiff copies
/// again: a 64 MiB tag on a 16×16 image took 167–232 MB (docs/reliability.md §5). libtiff's own
/// cap (`TIFFOpenOptionsSetMaxSingleMemAlloc`) bounds one tag, not their sum.
///
/// Strip and tile offsets and byte counts are left out: libtiff reads as many of them as the
/// image's geometry has strips or tiles, whatever the count says. A value that does not lie
/// inside the file is not counted: that is damage, which libtiff reports in its own words.
enum TIFFTagPrecheck {
  /// StripOffsets, StripByteCounts, TileOffsets, TileByteCounts.
  private static let blockTables: Set<UInt32> = [273, 279, 324, 325]
  /// The EXIF and GPS directory pointers, whose directories the reader reads too.
  private static let subdirectories: Set<UInt32> = [34665, 34853]

  /// Throws `.tooLarge` when `path`'s tags hold more bytes of values than `limits` allow;
  /// returns quietly otherwise, also for files it cannot read.
  static func check(path: String, limits: RasterLimits) throws(RasterIOError) {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return }
    defer { close(fd) }
    var stats = stat()
    guard fstat(fd, &stats) == 0, (stats.st_mode & S_IFMT) == S_IFREG,
      let scan = TIFFDirectoryScan(descriptor: fd), let first = scan.firstDirectory
    else { return }
    let fileSize = UInt64(stats.st_size)
    var directories = [first]
    var total = 0
    var largest = (tag: UInt32(0), bytes: 0)
    while let directory = directories.popLast() {
      for entry in scan.entries(at: directory) where !blockTables.contains(entry.tag) {
        guard let bytes = entry.byteCount, entry.valueOffset <= fileSize,
          UInt64(bytes) <= fileSize - entry.valueOffset
        else { continue }
        total += bytes
        if bytes > largest.bytes { largest = (entry.tag, bytes) }
        if directory == first, subdirectories.contains(entry.tag),
          let offset = scan.offsetValue(entry), offset != first
        {
          directories.append(offset)
        }
      }
    }
    guard total <= limits.maxTIFFTagBytes else {
      throw RasterIOError(
        .tooLarge, path: path,
        "the TIFF's tags hold \(total) bytes of values (tag \(largest.tag): \(largest.bytes)), "
          + "above the limit of \(limits.maxTIFFTagBytes)")
    }
  }
}
