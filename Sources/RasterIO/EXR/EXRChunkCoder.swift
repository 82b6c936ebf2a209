internal import COpenEXR
import Foundation
import Synchronization
import WorkScheduler

/// Decodes and encodes all chunks of a part on every core, one OpenEXR pipeline per thread.
enum EXRChunkCoder {
  /// Decodes every chunk of `part` into `buffers` (one per channel, in header order).
  static func decodeAll(
    _ h: EXRHandle, part: Int, compression: EXRCompression, layout: EXRChunkLayout,
    buffers: [EXRChannelBuffer]
  ) throws {
    let zip = compression == .zip || compression == .zips
    try forEachChunk(0..<layout.chunkCount, workers: workerCount(layout.chunkCount)) {
      _, chunks in
      var pipeline = exr_decode_pipeline_t()
      defer { EXRChunkCalls.destroy(h, decoder: &pipeline) }
      let decoder = zip ? EXRZipDecoder() : nil
      var isFirst = true
      for chunk in chunks {
        let result = EXRChunkCalls.readInfo(h, part: part, layout: layout, chunk: chunk)
          .flatMap {
            EXRChunkCalls.decode(
              h, part: part, info: $0, chunk: chunk, layout: layout, buffers: buffers,
              zip: decoder, pipeline: &pipeline, isFirst: isFirst)
          }
        if case .failure(let error) = result { throw ChunkFailure(chunk: chunk, error: error) }
        isFirst = false
      }
    }
  }

  /// Encodes the chunks of `part` in parallel batches and appends each batch to the file in
  /// order. Pipelines and per-chunk byte buffers are reused across batches, so memory stays at
  /// two batches instead of a copy of the whole file. A batch is written on a serial queue
  /// while the next one is prepared and encoded (OpenEXR allows writing chunks while others
  /// are encoded, openexr_context.h). `prepare` is called with each batch's chunks before they
  /// are encoded; `writeback` hears of every byte written.
  static func encodeAll(
    _ h: EXRHandle, part: Int, compression: EXRCompression, layout: EXRChunkLayout,
    buffers: [EXRChannelBuffer], writeback: WritebackStarter? = nil,
    prepare: ((Range<Int>) -> Void)? = nil
  ) throws {
    let workers = workerCount(layout.chunkCount)
    let batch = batchSize(layout, workers: workers)
    let zip = compression == .zip || compression == .zips
    let state = EncoderState(workers: workers, slots: 2 * batch, zip: zip)
    defer { state.destroy(h) }
    let writer = BatchWriter()
    defer { writer.waitQuietly() }  // runs before `state` is destroyed
    for (index, first) in stride(from: 0, to: layout.chunkCount, by: batch).enumerated() {
      let end = min(layout.chunkCount, first + batch)
      let slotBase = (index % 2) * batch - first
      prepare?(first..<end)
      try forEachChunk(first..<end, workers: workers) { worker, chunks in
        for chunk in chunks {
          let info = try EXRChunkCalls.writeInfo(h, part: part, layout: layout, chunk: chunk)
            .get()
          let isFirst = !state.started[worker]
          state.started[worker] = true  // destroy even if this first encode fails midway
          try EXRChunkCalls.encode(
            h, part: part, info: info, chunk: chunk, layout: layout, buffers: buffers,
            into: &state.slots[slotBase + chunk], zip: state.zipEncoders[worker],
            pipeline: &state.pipelines[worker],
            isFirst: isFirst
          ).get()
        }
      }
      try writer.finish()
      writer.start {
        for chunk in first..<end {
          try EXRChunkCalls.write(
            h, part: part, layout: layout, chunk: chunk, bytes: state.slots[slotBase + chunk]
          ).get()
          writeback?.wrote(state.slots[slotBase + chunk].count)
        }
      }
    }
    try writer.finish()
  }

  /// Chunks per batch: four per worker, and at least 16 scanlines' worth per chunk slot when
  /// chunks are single lines (uncompressed), so batches are not dominated by hand-offs.
  private static func batchSize(_ layout: EXRChunkLayout, workers: Int) -> Int {
    let linesPerSlot = layout.tiling == nil ? max(1, 16 / max(1, layout.linesPerChunk)) : 1
    return workers * 4 * linesPerSlot
  }

  /// One worker per core, at most one per chunk.
  private static func workerCount(_ chunks: Int) -> Int {
    WorkScheduler.workers(for: chunks)
  }

  /// Runs `body` on each worker with its share of `range` (strided, so neighbouring chunks run
  /// at the same time); each worker stops at its first error. Rethrows the error of the
  /// lowest chunk that failed (a ``ChunkFailure``'s), so a damaged file gives the same error
  /// on every run whichever thread got there first.
  private static func forEachChunk(
    _ range: Range<Int>, workers: Int, _ body: @Sendable (Int, StrideTo<Int>) throws -> Void
  ) throws {
    let failure = Mutex<(chunk: Int, error: any Error)?>(nil)
    WorkScheduler.run(workers: workers) { worker in
      do {
        try body(worker, stride(from: range.lowerBound + worker, to: range.upperBound, by: workers))
      } catch {
        let found = error as? ChunkFailure
        let chunk = found?.chunk ?? Int.max
        failure.withLock { current in
          if current.map({ chunk < $0.chunk }) ?? true {
            current = (chunk, found?.error ?? error)
          }
        }
      }
    }
    if let error = failure.withLock({ $0?.error }) { throw error }
  }
}

/// A chunk's error, with the chunk it came from (for ``EXRChunkCoder``'s choice of error).
private struct ChunkFailure: Error {
  var chunk: Int
  var error: RasterIOError
}

/// Encoder pipelines (one per worker) and byte slots (one per chunk of a batch), each touched
/// by one thread at a time.
private final class EncoderState: @unchecked Sendable {
  let pipelines: UnsafeMutableBufferPointer<exr_encode_pipeline_t>
  let started: UnsafeMutableBufferPointer<Bool>
  let slots: UnsafeMutableBufferPointer<[UInt8]>
  let zipEncoders: [EXRZipEncoder?]

  init(workers: Int, slots count: Int, zip: Bool) {
    zipEncoders = (0..<workers).map { _ in zip ? EXRZipEncoder() : nil }
    pipelines = .allocate(capacity: workers)
    pipelines.initialize(repeating: exr_encode_pipeline_t())
    started = .allocate(capacity: workers)
    started.initialize(repeating: false)
    slots = .allocate(capacity: count)
    slots.initialize(repeating: [])
  }

  /// Frees the pipelines' buffers and this state's memory.
  func destroy(_ h: EXRHandle) {
    for worker in pipelines.indices where started[worker] {
      EXRChunkCalls.destroy(h, encoder: &pipelines[worker])
    }
    pipelines.deallocate()
    started.deallocate()
    slots.deinitialize()
    slots.deallocate()
  }
}
