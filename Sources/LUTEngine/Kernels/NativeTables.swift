import CLUTKernels
import CubeFormat

/// A 3D table (and its optional shaper) prepared for the hand-written x86-64 kernels of
/// `CLUTKernels`: nodes padded to four floats so that each is one 16-byte load.
///
/// Immutable after `init`; the memory it owns is only read by the kernels, from any thread,
/// and freed when the last `PreparedLUT` holding it goes away.
final class NativeTables: @unchecked Sendable {
  /// Whether the kernels exist for this CPU (x86-64 builds).
  static var available: Bool { edr_kernels_available() }

  /// Whether this CPU runs the AVX2 + FMA loop.
  static var avx2Supported: Bool { edr_kernels_avx2_supported() }

  /// The largest table the kernels take: their node offsets are 32-bit (4·512³ < 2³¹).
  static let maximumSize = 512

  private let nodes: UnsafeMutableBufferPointer<Float>
  private let shaperValues: UnsafeMutableBufferPointer<Float>?
  private let cube: UnsafeMutablePointer<EDRCube3D>
  private let shaper: UnsafeMutablePointer<EDRTable1D>?
  /// The tables' lookups, one per interpolation × extrapolation (`lookupIndex`), their loops
  /// chosen once at `init`.
  private let lookups: UnsafeMutablePointer<EDRLookup>
  /// Whether the AVX2 loops run these tables (else SSE2), chosen once at `init`.
  let avx2: Bool

  /// Lays out `table` and `shaper` and prepares their lookups with the AVX2 loops (`avx2`,
  /// only where ``avx2Supported``) or the SSE2 loops.
  ///
  /// - Complexity: O(size³) time, 16·size³ bytes.
  init(table: CubeTable3D, shaper table1D: CubeTable1D?, avx2: Bool) {
    self.avx2 = avx2
    let count = table.size * table.size * table.size
    let padded = UnsafeMutableBufferPointer<Float>.allocate(capacity: 4 * count)
    table.values.withUnsafeBufferPointer { v in
      for i in 0..<count {
        for k in 0..<3 { padded.initializeElement(at: 4 * i + k, to: v[3 * i + k]) }
        padded.initializeElement(at: 4 * i + 3, to: 0)
      }
    }
    nodes = padded
    cube = .allocate(capacity: 1)
    cube.initialize(to: EDRCube3D())
    edr_cube3d_prepare(
      cube, nodes.baseAddress, Int32(table.size), Self.triple(table.domainMin),
      Self.triple(table.domainMax))
    if let table1D {
      let values = UnsafeMutableBufferPointer<Float>.allocate(capacity: table1D.values.count)
      _ = values.initialize(from: table1D.values)
      let prepared = UnsafeMutablePointer<EDRTable1D>.allocate(capacity: 1)
      prepared.initialize(to: EDRTable1D())
      edr_table1d_prepare(
        prepared, values.baseAddress, Int32(table1D.size), Self.triple(table1D.domainMin),
        Self.triple(table1D.domainMax))
      (shaperValues, shaper) = (values, prepared)
    } else {
      (shaperValues, shaper) = (nil, nil)
    }
    lookups = .allocate(capacity: 4)
    for tetrahedral in [false, true] {
      for linear in [false, true] {
        let prepared = lookups + Self.lookupIndex(tetrahedral: tetrahedral, linear: linear)
        prepared.initialize(to: EDRLookup())
        edr_lookup_prepare(prepared, shaper, cube, tetrahedral, linear, avx2)
      }
    }
  }

  deinit {
    nodes.deallocate()
    cube.deallocate()
    lookups.deallocate()
    shaperValues?.deallocate()
    shaper?.deallocate()
  }

  /// Applies the stages to `source` pixels `0..<pixelCount`, writing `destination`, on up to
  /// `threads` workers.
  func run(
    interpolation: Interpolation, extrapolation: Extrapolation, source: ChannelPointers,
    destination: ChannelPointers, pixelCount: Int, threads: Int
  ) -> LUTApplyStats {
    let prepared = UnsafePointer(lookup(interpolation, extrapolation))
    let (from, to) = (source.native, destination.native)
    return BatchApply.run(pixelCount: pixelCount, threads: threads) { range in
      Int(edr_lookup_apply(prepared, from, to, Int64(range.lowerBound), Int64(range.count)))
    }
  }

  /// The transform of one colour (on the calling thread, no allocation).
  func apply(
    _ rgb: SIMD3<Float>, interpolation: Interpolation, extrapolation: Extrapolation
  ) -> SIMD3<Float> {
    var pixel = rgb
    withUnsafeMutableBytes(of: &pixel) { bytes in
      guard let base = bytes.baseAddress else { return }
      let p = base.assumingMemoryBound(to: Float.self)
      let one = EDRPixels(red: p, green: p + 1, blue: p + 2, stride: 3)
      _ = edr_lookup_apply(lookup(interpolation, extrapolation), one, one, 0, 1)
    }
    return pixel
  }

  /// The prepared lookup of `interpolation` × `extrapolation` (`bounded` runs the linear
  /// loops; LUTProcessor corrects the pixels below the domain).
  private func lookup(
    _ interpolation: Interpolation, _ extrapolation: Extrapolation
  ) -> UnsafeMutablePointer<EDRLookup> {
    lookups
      + Self.lookupIndex(
        tetrahedral: interpolation == .tetrahedral, linear: extrapolation != .clamp)
  }

  private static func lookupIndex(tetrahedral: Bool, linear: Bool) -> Int {
    (tetrahedral ? 2 : 0) + (linear ? 1 : 0)
  }

  private static func triple(_ v: SIMD3<Float>) -> [Float] { [v.x, v.y, v.z] }
}

extension ChannelPointers {
  /// The same pixels as the C kernels see them.
  var native: EDRPixels {
    EDRPixels(red: red, green: green, blue: blue, stride: Int64(stride))
  }
}
