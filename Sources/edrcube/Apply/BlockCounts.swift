import CLUTKernels
import EDRPipeline
import RasterIO

/// What one block of pixels showed while the cube was applied to it.
struct BlockCounts: Sendable {
  var pixels = 0
  /// Pixels with a NaN or infinite R, G or B in the input.
  var nonFinitePixels = 0
  /// Pixels with a NaN or infinite R, G or B after the lookup (finite inputs can overflow:
  /// values near Float's largest through a cube that scales them, docs/reliability.md §4).
  var nonFiniteOutputs = 0
  /// RGB values the output format cannot hold: beyond ±`limit` (e.g. 65504 for half, which
  /// becomes infinity), or outside 0…1 for integer formats.
  var clippedValues = 0
  /// Pixels with an R, G or B above 1 (EDR highlights) in the input.
  var edrPixels = 0

  /// No pixels.
  init() {}

  /// Adds the counts of other pixels.
  static func += (total: inout BlockCounts, other: BlockCounts) {
    total.pixels += other.pixels
    total.nonFinitePixels += other.nonFinitePixels
    total.nonFiniteOutputs += other.nonFiniteOutputs
    total.clippedValues += other.clippedValues
    total.edrPixels += other.edrPixels
  }

  /// Applies `application` to the block in place (dividing colour by alpha around the lookup
  /// when `straighten`, and then doing with the colour of pixels whose alpha is not above 0
  /// what `transparent` says, docs/semantics.md §7) and counts.
  init(
    applying application: CubeApplication, to block: RGBABlock, straighten: Bool,
    transparent: TransparentColour, range: (limit: Float, isInteger: Bool)
  ) {
    let v = block.values
    pixels = block.count
    let scan = Self.scan(v)
    nonFinitePixels = scan.nonFinitePixels
    edrPixels = scan.edrPixels
    // Dividing and multiplying by an alpha of exactly 1 changes nothing: opaque blocks skip it.
    let premultiplied = straighten && block.hasAlpha && !scan.isOpaque
    let kept = premultiplied && transparent == .keep ? RGBAPixels.transparentPixels(v) : []
    if premultiplied { RGBAPixels.straighten(v) }
    application.apply(inPlace: v, channels: 4, threads: 1)
    if premultiplied {
      RGBAPixels.premultiply(v)
      RGBAPixels.restore(kept, in: v)
    }
    nonFiniteOutputs = Self.scan(v).nonFinitePixels
    clippedValues = Self.clippedValues(v, range: range)
  }

  /// Pixels whose R, G or B is NaN or infinite (all exponent bits set), pixels whose R, G
  /// or B is above 1, and whether every alpha is exactly 1 (CLUTKernels' census: AVX2 where
  /// the CPU has it).
  static func scan(_ rgba: UnsafeMutableBufferPointer<Float>) -> (
    nonFinitePixels: Int, edrPixels: Int, isOpaque: Bool
  ) {
    guard let base = rgba.baseAddress else { return (0, 0, true) }
    let census = edr_rgba_census(base, Int64(rgba.count / 4))
    return (Int(census.nonFinitePixels), Int(census.brightPixels), census.opaque)
  }

  /// R, G, B values the output format cannot hold: beyond ±`limit` (becoming infinity), or
  /// outside 0…1 for integer formats.
  static func clippedValues(
    _ rgba: UnsafeMutableBufferPointer<Float>, range: (limit: Float, isInteger: Bool)
  ) -> Int {
    // A finite Float stays finite in a float file: nothing to count.
    guard range.isInteger || range.limit < .greatestFiniteMagnitude,
      let base = rgba.baseAddress
    else { return 0 }
    let raw = UnsafeRawPointer(base)
    let colour = SIMD4<Int32>(1, 1, 1, 0)
    let limit = SIMD4<Float>(repeating: range.limit)
    let infinity = SIMD4<Float>(repeating: .infinity)
    var counts = SIMD4<Int32>.zero
    for p in 0..<(rgba.count / 4) {
      let v = raw.loadUnaligned(fromByteOffset: p &* 16, as: SIMD4<Float>.self)
      let outside: SIMDMask<SIMD4<Int32>>
      if range.isInteger {
        outside = (v .< SIMD4<Float>.zero) .| (v .> SIMD4<Float>.one)
      } else {
        let magnitude = v.replacing(with: -v, where: v .< SIMD4<Float>.zero)
        outside = (magnitude .> limit) .& (magnitude .!= infinity)
      }
      counts &+= colour.replacing(with: 0, where: .!outside)
    }
    return Int(counts.wrappedSum())
  }
}
