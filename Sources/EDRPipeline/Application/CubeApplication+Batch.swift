import LUTEngine
import WorkScheduler

/// Scalar and batch application. The batch path works chunk by chunk: a pre-pass
/// (`prepare`) writes the cube signals of a few thousand pixels to a scratch buffer and
/// remembers each pixel's maxRGB, LUTEngine's batch kernel looks the whole chunk up, and a
/// post-pass (`finish`) writes the results back, so the fast lookup kernel does the lookups.
/// Where the vector chain covers the application (``ChainKernel``: AVX2, the common curves
/// and policies), its C passes replace the scalar ones, with the same results.
extension CubeApplication {
  /// Pixels per chunk of the batch path. Chunk boundaries do not depend on the thread
  /// count, so neither do the results.
  static let chunkPixels = 4096

  /// Applies the cube to one working-space RGB value.
  public func apply(_ rgb: SIMD3<Float>) -> SIMD3<Float> {
    if let processList { return processList.apply(rgb) }
    let prepared = prepare(rgb)
    let looked = processor.apply(prepared.signal)
    let grey = prepared.greySignal.map { processor.apply(SIMD3(repeating: $0)) }
    return finish(looked, maxRGB: prepared.maxRGB, grey: grey)
  }

  /// Applies the cube in place to interleaved pixels of `channels` floats each, RGB first;
  /// the other channels are untouched. Gives the same values as ``apply(_:)`` per pixel,
  /// whatever the thread count.
  ///
  /// - Parameters:
  ///   - buffer: `pixelCount · channels` floats.
  ///   - channels: floats per pixel, at least 3.
  ///   - threads: worker count; nil uses every core.
  /// - Precondition: `channels ≥ 3` and `buffer.count` is a multiple of `channels`
  ///   (a programmer error).
  public func apply(
    inPlace buffer: UnsafeMutableBufferPointer<Float>, channels: Int, threads: Int? = nil
  ) {
    precondition(channels >= 3 && buffer.count % channels == 0, "CubeApplication: bad layout")
    if let processList {
      processList.apply(inPlace: buffer, channels: channels, threads: threads)
      return
    }
    if mode == .raw {
      processor.apply(inPlace: buffer, channels: channels, threads: threads)
      return
    }
    let pixels = buffer.count / channels
    guard pixels > 0, let base = buffer.baseAddress else { return }
    let chunkSize = Self.chunkPixels
    let chunks = (pixels + chunkSize - 1) / chunkSize
    let workers = WorkScheduler.workers(for: chunks, requested: threads)
    // Worker w processes chunks w, w + workers, …: disjoint pixel ranges, so no two threads
    // touch the same float.
    if let chain {
      WorkScheduler.run(workers: workers) { w in
        let pointer = base
        let scratch = ChainScratch(capacity: chunkSize)
        for chunk in stride(from: w, to: chunks, by: workers) {
          let start = chunk * chunkSize
          let count = min(chunkSize, pixels - start)
          process(
            pointer + start * channels, count: count, channels: channels, chain: chain,
            scratch: scratch)
        }
      }
      return
    }
    WorkScheduler.run(workers: workers) { w in
      let pointer = base
      let scratch = ChunkScratch(capacity: chunkSize)
      for chunk in stride(from: w, to: chunks, by: workers) {
        let start = chunk * chunkSize
        let count = min(chunkSize, pixels - start)
        process(pointer + start * channels, count: count, channels: channels, scratch: scratch)
      }
    }
  }

  /// One chunk: pre-pass, batch lookups, post-pass.
  private func process(
    _ pixels: UnsafeMutablePointer<Float>, count: Int, channels: Int,
    scratch: borrowing ChunkScratch
  ) {
    let signals = scratch.signals
    let greys = scratch.greys
    let maxRGB = scratch.maxRGB
    let hasGrey = scratch.hasGrey
    var greyCount = 0
    for i in 0..<count {
      let o = i * channels
      let prepared = prepare(SIMD3(pixels[o], pixels[o + 1], pixels[o + 2]))
      signals[3 * i] = prepared.signal.x
      signals[3 * i + 1] = prepared.signal.y
      signals[3 * i + 2] = prepared.signal.z
      maxRGB[i] = prepared.maxRGB
      hasGrey[i] = prepared.greySignal != nil
      if let g = prepared.greySignal {
        for k in 0..<3 { greys[3 * greyCount + k] = g }
        greyCount += 1
      }
    }
    lookUp(signals, pixels: count)
    lookUp(greys, pixels: greyCount)
    var g = 0
    for i in 0..<count {
      let looked = SIMD3(signals[3 * i], signals[3 * i + 1], signals[3 * i + 2])
      var grey: SIMD3<Float>?
      if hasGrey[i] {
        grey = SIMD3(greys[3 * g], greys[3 * g + 1], greys[3 * g + 2])
        g += 1
      }
      let v = finish(looked, maxRGB: maxRGB[i], grey: grey)
      let o = i * channels
      pixels[o] = v.x
      pixels[o + 1] = v.y
      pixels[o + 2] = v.z
    }
  }

  /// Looks up the first `pixels` RGB triples of `values` in place with the batch kernel.
  private func lookUp(_ values: UnsafeMutableBufferPointer<Float>, pixels: Int) {
    guard pixels > 0 else { return }
    let part = UnsafeMutableBufferPointer(rebasing: values[0..<(3 * pixels)])
    processor.apply(inPlace: part, channels: 3, threads: 1)
  }
}

/// A worker's reusable buffers for one chunk, owned by that worker alone.
private struct ChunkScratch: ~Copyable {
  /// Cube signals, then lookups, 3 floats per pixel.
  let signals: UnsafeMutableBufferPointer<Float>
  /// Encoded greys `enc(m)` of the tone-scaled pixels, compacted, then their lookups.
  let greys: UnsafeMutableBufferPointer<Float>
  /// Each pixel's maxRGB divisor (1 when not divided).
  let maxRGB: UnsafeMutableBufferPointer<Float>
  /// Whether each pixel has an entry in `greys` (in pixel order).
  let hasGrey: UnsafeMutableBufferPointer<Bool>

  init(capacity: Int) {
    signals = .allocate(capacity: 3 * capacity)
    signals.initialize(repeating: 0)
    greys = .allocate(capacity: 3 * capacity)
    greys.initialize(repeating: 0)
    maxRGB = .allocate(capacity: capacity)
    maxRGB.initialize(repeating: 1)
    hasGrey = .allocate(capacity: capacity)
    hasGrey.initialize(repeating: false)
  }

  deinit {
    signals.deallocate()
    greys.deallocate()
    maxRGB.deallocate()
    hasGrey.deallocate()
  }
}
