import CLUTKernels

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
  /// Their inputs as R, G, B, 0 (the tile's lookup overwrites them when applying in place).
  private let inputs: UnsafeMutablePointer<Float>
  /// The probes as RGBA pixels (alpha unused), then their lookups.
  private let probes: UnsafeMutablePointer<Float>

  init() {
    let count = Self.tilePixels
    let probeFloats = 4 * BoundedExtension.maximumProbes * count
    listed = .allocate(capacity: count)
    listed.initialize(repeating: 0, count: count)
    channels = .allocate(capacity: count)
    channels.initialize(repeating: 0, count: count)
    inputs = .allocate(capacity: 4 * count)
    inputs.initialize(repeating: 0, count: 4 * count)
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
  /// tile's lookup, which in place overwrites the inputs); returns how many. The C loop
  /// (`edr_list_below`) tests four RGBA pixels per step with AVX2 where it can.
  private func list(_ bound: BoundedExtension, _ from: ChannelPointers, count: Int) -> Int {
    withUnsafePointer(to: bound.low) { low in
      low.withMemoryRebound(to: Float.self, capacity: 3) { low in
        Int(edr_list_below(from.native, Int64(count), low, listed, channels, inputs))
      }
    }
  }

  /// Writes the listed pixels' probes, looks them up, and writes each capped pixel's combined
  /// value (`edr_bounded_probes` and `edr_bounded_combine`, `BoundedExtension`'s
  /// `forEachProbe` and `combine` in C). The probe that is the input itself
  /// (`BoundedExtension.probeIsInput`) is not looked up again: its value is the `f(x)` the
  /// tile's lookup wrote to `to`.
  private func combine(
    _ bound: BoundedExtension, _ to: ChannelPointers, listedCount: Int,
    probes probePixels: ChannelPointers, lookUp: (ChannelPointers, ChannelPointers, Int) -> Int
  ) {
    var domain = EDRBoundedDomain(
      low: (bound.low.x, bound.low.y, bound.low.z), high: (bound.high.x, bound.high.y, bound.high.z)
    )
    let count = Int64(listedCount)
    let probeCount = edr_bounded_probes(&domain, count, channels, inputs, probes)
    _ = lookUp(probePixels, probePixels, Int(probeCount))
    edr_bounded_combine(&domain, count, listed, channels, inputs, probes, to.native)
  }
}
