internal import COpenEXR
import Dispatch
import Foundation
import Synchronization

/// Decodes and encodes all chunks of a part on every core, one OpenEXR pipeline per thread.
enum EXRChunkCoder {
  /// Decodes every chunk of `part` into `buffers` (one per channel, in header order).
  static func decodeAll(
    _ h: EXRHandle, part: Int, layout: EXRChunkLayout, buffers: [EXRChannelBuffer]
  ) throws {
    try forEachChunk(count: layout.chunkCount) { chunks in
      var pipeline = exr_decode_pipeline_t()
      defer { EXRChunkCalls.destroy(h, decoder: &pipeline) }
      var isFirst = true
      for chunk in chunks {
        try EXRChunkCalls.readInfo(h, part: part, layout: layout, chunk: chunk)
          .flatMap {
            EXRChunkCalls.decode(
              h, part: part, info: $0, chunk: chunk, layout: layout, buffers: buffers,
              pipeline: &pipeline, isFirst: isFirst)
          }.get()
        isFirst = false
      }
    }
  }

  /// Encodes every chunk of `part` in parallel, then appends them to the file in order.
  static func encodeAll(
    _ h: EXRHandle, part: Int, layout: EXRChunkLayout, buffers: [EXRChannelBuffer]
  ) throws {
    let encoded = UnsafeMutableBufferPointer<[UInt8]>.allocate(capacity: layout.chunkCount)
    encoded.initialize(repeating: [])
    defer {
      encoded.deinitialize()
      encoded.deallocate()
    }
    let slots = SendableSlots(buffer: encoded)
    try forEachChunk(count: layout.chunkCount) { chunks in
      var pipeline = exr_encode_pipeline_t()
      defer { EXRChunkCalls.destroy(h, encoder: &pipeline) }
      var isFirst = true
      for chunk in chunks {
        slots.buffer[chunk] = try EXRChunkCalls.writeInfo(
          h, part: part, layout: layout, chunk: chunk
        )
        .flatMap {
          EXRChunkCalls.encode(
            h, part: part, info: $0, chunk: chunk, layout: layout, buffers: buffers,
            pipeline: &pipeline, isFirst: isFirst)
        }.get()
        isFirst = false
      }
    }
    for chunk in 0..<layout.chunkCount {
      try EXRChunkCalls.write(h, part: part, layout: layout, chunk: chunk, bytes: encoded[chunk])
        .get()
    }
  }

  /// Runs `body` on each worker with its share of chunk indices (strided, so neighbouring
  /// chunks run at the same time); stops at and rethrows the first error.
  private static func forEachChunk(
    count: Int, _ body: @Sendable (StrideTo<Int>) throws -> Void
  ) throws {
    let workers = max(1, min(count, ProcessInfo.processInfo.activeProcessorCount))
    let failure = Mutex<(any Error)?>(nil)
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      do { try body(stride(from: worker, to: count, by: workers)) } catch {
        failure.withLock { if $0 == nil { $0 = error } }
      }
    }
    if let error = failure.withLock({ $0 }) { throw error }
  }
}

/// Per-chunk result slots written by different threads at different indices.
private struct SendableSlots: @unchecked Sendable {
  let buffer: UnsafeMutableBufferPointer<[UInt8]>
}
