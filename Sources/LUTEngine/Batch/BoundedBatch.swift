/// The `bounded` extrapolation over a run of pixels with every lookup done by the batch
/// kernels (docs/semantics.md §3; `BoundedExtension` is the definition).
///
/// Tile by tile (`tilePixels` pixels): the pixels with a finite component below the
/// domain are listed with their input, the tile is looked up as it is (the linear kernels:
/// `f(x)` for every pixel), the listed pixels' probes (the clamped colour, and per channel
/// below the step's end and the point across the domain) are written to a scratch buffer and
/// looked up in one batch, and each listed pixel's steps are combined with
/// `BoundedExtension`'s arithmetic. Where no step is capped the pixel keeps the `f(x)` the
/// tile's lookup wrote. Each pixel's result depends on its own value only, so it is the
/// scalar `BoundedExtension.evaluate`'s, whatever the tiling or the thread count.
///
/// One worker owns one value; its buffers are reused for every tile.
struct BoundedBatch: ~Copyable {
  /// Pixels per tile: the probe buffer (7 probes of 16 bytes a pixel at most) stays in the
  /// L2 cache and under the allocator's mmap threshold.
  static let tilePixels = 512

  /// Tile offsets of the listed pixels.
  private let listed: UnsafeMutablePointer<Int32>
  /// Their `BoundedExtension.belowChannels`.
  private let channels: UnsafeMutablePointer<UInt8>
  /// Their inputs (the tile's lookup overwrites them when applying in place).
  private let inputs: UnsafeMutablePointer<SIMD3<Float>>
  /// The probes as RGBA pixels (alpha unused), then their lookups.
  private let probes: UnsafeMutablePointer<Float>

  init() {
    let count = Self.tilePixels
    let probeFloats = 4 * BoundedExtension.maximumProbes * count
    listed = .allocate(capacity: count)
    listed.initialize(repeating: 0, count: count)
    channels = .allocate(capacity: count)
    channels.initialize(repeating: 0, count: count)
    inputs = .allocate(capacity: count)
    inputs.initialize(repeating: .zero, count: count)
    probes = .allocate(capacity: probeFloats)
    probes.initialize(repeating: 0, count: probeFloats)
  }

  deinit {
    listed.deallocate()
    channels.deallocate()
    inputs.deallocate()
    probes.deallocate()
  }

  /// Applies `bound` around `lookUp` to `source` pixels `0..<pixelCount`, writing
  /// `destination` (which may be `source`). `lookUp(from, to, count)` runs the linear
  /// kernels on one thread and returns its count of pixels with non-finite input; this
  /// returns the sum of those counts over the pixels themselves (the probes not counted).
  func apply(
    _ bound: BoundedExtension, source: ChannelPointers, destination: ChannelPointers,
    pixelCount: Int, lookUp: (ChannelPointers, ChannelPointers, Int) -> Int
  ) -> Int {
    let probePixels = ChannelPointers(interleaved: probes, layout: .rgba)
    var nonFinite = 0
    var start = 0
    while start < pixelCount {
      let count = min(Self.tilePixels, pixelCount - start)
      let from = source.advanced(by: start)
      let to = destination.advanced(by: start)
      let listedCount = list(bound, from, count: count)
      nonFinite += lookUp(from, to, count)
      if listedCount > 0 {
        combine(bound, to, listedCount: listedCount, probes: probePixels, lookUp: lookUp)
      }
      start += count
    }
    return nonFinite
  }

  /// Lists the pixels of `from` below the domain with their inputs and channels (before the
  /// tile's lookup, which in place overwrites the inputs); returns how many. Four pixels are
  /// tested at a time, and only a block with one below the domain is looked at pixel by
  /// pixel. (This pass is the first to read the tile, so on a frame larger than the caches it
  /// pays the memory latency the kernels would otherwise hide.)
  private func list(_ bound: BoundedExtension, _ from: ChannelPointers, count: Int) -> Int {
    let low = bound.low
    let floor = SIMD4<Float>(repeating: -.infinity)
    var listedCount = 0
    var p = 0
    while p < count {
      if p &+ 4 <= count {
        let block = from.loadBlock(p)
        let r = (block.r .< SIMD4(repeating: low.x)) .& (block.r .> floor)
        let g = (block.g .< SIMD4(repeating: low.y)) .& (block.g .> floor)
        let b = (block.b .< SIMD4(repeating: low.z)) .& (block.b .> floor)
        guard any(r .| g .| b) else {
          p &+= 4
          continue
        }
      }
      // Branch-free: each slot is written, and kept only for a pixel below the domain.
      for q in p..<min(p &+ 4, count) {
        let x = from.pixel(q)
        let below = bound.belowChannels(x)
        listed[listedCount] = Int32(truncatingIfNeeded: q)
        channels[listedCount] = UInt8(truncatingIfNeeded: below)
        inputs[listedCount] = x
        listedCount &+= (below &+ 7) &>> 3  // 1 for below in 1...7, 0 for 0
      }
      p &+= 4
    }
    return listedCount
  }

  /// Looks up the listed pixels' probes and writes each capped pixel's combined value.
  private func combine(
    _ bound: BoundedExtension, _ to: ChannelPointers, listedCount: Int,
    probes probePixels: ChannelPointers, lookUp: (ChannelPointers, ChannelPointers, Int) -> Int
  ) {
    var probeCount = 0
    for i in 0..<listedCount {
      bound.forEachProbe(inputs[i], below: Int(channels[i])) { probe in
        probePixels.setPixel(probeCount, probe)
        probeCount &+= 1
      }
    }
    _ = lookUp(probePixels, probePixels, probeCount)
    var first = 0
    for i in 0..<listedCount {
      let below = Int(channels[i])
      let base = probePixels.pixel(first)
      let bounded = bound.combine(inputs[i], below: below, base: base) {
        probePixels.pixel(first &+ $0)
      }
      if let bounded { to.setPixel(Int(listed[i]), bounded) }
      first &+= 1 &+ 2 &* below.nonzeroBitCount
    }
  }
}
