import Foundation
import RasterIO
import TestSupport
import Testing

/// Readers and writers on real threads at once (ThreadSanitizer only reports interleavings
/// that actually run, and `concurrentPerform` may use only two threads here: docs/reliability.md §2b).
/// Every thread reads one shared file and writes the same two output paths; everything read
/// back is bit-exact and nothing is left behind.
@Suite struct ConcurrentIOTests {
  static let threadCount = 6

  /// Runs `body(index)` on `threadCount` threads started together, and waits for them all.
  static func onThreads(_ body: @escaping @Sendable (Int) -> Void) {
    let done = DispatchGroup()
    for index in 0..<threadCount {
      done.enter()
      let thread = Thread {
        body(index)
        done.leave()
      }
      thread.stackSize = 1 << 20
      thread.start()
    }
    done.wait()
  }

  /// Each channel's bit patterns by name (the file orders channels by name).
  static func content(_ image: EXRImage) -> [String: [UInt32]] {
    Dictionary(uniqueKeysWithValues: image.parts[0].channels.map { ($0.name, bits($0.samples)) })
  }

  @Test func threadsReadAndReplaceTheSameFilesSafely() throws {
    let exr = EXRImage(parts: [
      TestImages.part(["R", "G", "B", "A"], type: .float, width: 40, height: 36, compression: .piz)
    ])
    let tiff = TIFFImage(
      width: 40, height: 36, samplesPerPixel: 3, samples: .float32(TestImages.floats(4320)))
    try withTemporaryDirectory { dir in
      let shared = dir.appendingPathComponent("shared.exr").path
      try exr.write(to: shared, using: .fast)
      let exrOut = dir.appendingPathComponent("same.exr").path
      let tiffOut = dir.appendingPathComponent("same.tif").path
      let failures = Failures()
      Self.onThreads { index in
        do {
          for _ in 0..<3 {
            let read = try EXRImage.read(path: shared)
            if Self.content(read) != Self.content(exr) {
              failures.add("thread \(index): shared read differs")
            }
            try exr.write(to: exrOut, using: .fast)
            try tiff.write(to: tiffOut, using: .fast)
          }
        } catch {
          failures.add("thread \(index): \(error)")
        }
      }
      #expect(failures.all.isEmpty, "\(failures.all)")
      let exrMatches = Self.content(try EXRImage.read(path: exrOut)) == Self.content(exr)
      #expect(exrMatches)
      let tiffMatches = bits(try TIFFImage.read(path: tiffOut).samples) == bits(tiff.samples)
      #expect(tiffMatches)
      #expect(folderContents(dir) == ["same.exr", "same.tif", "shared.exr"])
    }
  }
}

/// Messages collected from many threads.
private final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var messages: [String] = []
  func add(_ message: String) { lock.withLock { messages.append(message) } }
  var all: [String] { lock.withLock { messages } }
}
