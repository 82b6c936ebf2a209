internal import CTIFF
import Foundation
import Synchronization
import WorkScheduler

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads uncompressed contiguous strips straight from the file on all cores (`pread` into
/// the samples), where libtiff would read them one after another. Only strips that need no
/// decoding at all qualify: no compression, the host's byte order, bits in MSB-to-LSB order.
enum TIFFParallelStrips {
  /// Whether `plan`'s strips in `h` can be read as raw bytes.
  static func qualifies(_ h: TIFFHandle, plan: TIFFBlockPlan) -> Bool {
    plan.isDirect
      && TIFFCalls.u16Defaulted(h, TIFFTAG_COMPRESSION) == UInt16(COMPRESSION_NONE)
      && !TIFFCalls.isByteSwapped(h)
      && TIFFCalls.u16Defaulted(h, TIFFTAG_FILLORDER) == UInt16(FILLORDER_MSB2LSB)
  }

  /// Reads every strip of `plan` into `base` (the interleaved samples).
  /// - Throws: `.corrupt` when a strip is shorter than its rows or lies beyond the file's end,
  ///   `.io` when the file cannot be opened or read.
  static func read(_ h: TIFFHandle, plan: TIFFBlockPlan, into base: UnsafeMutableRawPointer)
    throws
  {
    let blocks = plan.blocks
    let extents = blocks.map { block in
      (
        offset: TIFFCalls.strileOffset(h, block.index),
        stored: TIFFCalls.strileByteCount(h, block.index), needed: plan.byteCount(of: block)
      )
    }
    if let short = extents.firstIndex(where: { $0.stored < UInt64($0.needed) }) {
      throw h.ownError(.corrupt, "strip \(short) is shorter than its rows")
    }
    let descriptor = open(h.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw h.ownError(.io, "cannot open the file: \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    let failure = Mutex<Int?>(nil)
    let workers = WorkScheduler.workers(for: blocks.count)
    // Worker w reads strips w, w + workers, …: disjoint byte ranges of the samples.
    WorkScheduler.run(workers: workers) { worker in
      for i in stride(from: worker, to: blocks.count, by: workers) {
        let destination = base + plan.offset(of: blocks[i])
        if !readFully(descriptor, destination, extents[i].needed, at: extents[i].offset) {
          failure.withLock { if $0 == nil { $0 = i } }
          return
        }
      }
    }
    if let strip = failure.withLock({ $0 }) {
      throw h.ownError(
        .corrupt, "cannot read strip \(strip): it lies past the end of the file or the read failed")
    }
  }

  /// `pread` until `count` bytes are in; false on an error or the end of the file.
  private static func readFully(
    _ descriptor: Int32, _ destination: UnsafeMutableRawPointer, _ count: Int, at offset: UInt64
  ) -> Bool {
    // An offset past what `off_t` holds (a corrupt strip table) lies past any file's end.
    guard let start = off_t(exactly: offset), off_t(count) <= off_t.max - start else {
      return false
    }
    var done = 0
    while done < count {
      let got = pread(descriptor, destination + done, count - done, start + off_t(done))
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { return false }
      done += got
    }
    return true
  }
}
