import EDRPipeline
import LUTEngine
import RasterIO

/// What one block of pixels showed while the cube was applied to it.
package struct BlockCounts: Sendable {
  package var pixels = 0
  /// Pixels with a NaN or infinite R, G or B in the input.
  package var nonFinitePixels = 0
  /// Pixels with a NaN or infinite R, G or B after the lookup (finite inputs can overflow:
  /// values near Float's largest through a cube that scales them, docs/reliability.md §4).
  package var nonFiniteOutputs = 0
  /// RGB values the output format cannot hold: beyond ±`limit` (e.g. 65504 for half, which
  /// becomes infinity), or outside 0…1 for integer formats.
  package var clippedValues = 0
  /// Pixels with an R, G or B above 1 (EDR highlights) in the input.
  package var edrPixels = 0

  /// No pixels.
  package init() {}

  /// Adds the counts of other pixels.
  package static func += (total: inout BlockCounts, other: BlockCounts) {
    total.pixels += other.pixels
    total.nonFinitePixels += other.nonFinitePixels
    total.nonFiniteOutputs += other.nonFiniteOutputs
    total.clippedValues += other.clippedValues
    total.edrPixels += other.edrPixels
  }

  /// Applies `application` to the block in place (dividing colour by alpha around the lookup
  /// when `straighten`, and then doing with the colour of pixels whose alpha is not above 0
  /// what `transparent` says, docs/semantics.md §7) and counts.
  package init(
    applying application: CubeApplication, to block: RGBABlock, straighten: Bool,
    transparent: TransparentColour, range: (limit: Float, isInteger: Bool)
  ) {
    let v = block.values
    pixels = block.count
    let scan = RGBACensus(UnsafeBufferPointer(v))
    nonFinitePixels = scan.nonFinitePixels
    edrPixels = scan.brightPixels
    // Dividing and multiplying by an alpha of exactly 1 changes nothing: opaque blocks skip it.
    let premultiplied = straighten && block.hasAlpha && !scan.isOpaque
    let kept = premultiplied && transparent == .keep ? RGBAPixels.transparentPixels(v) : []
    if premultiplied { RGBAPixels.straighten(v) }
    application.apply(inPlace: v, channels: 4, threads: 1)
    if premultiplied {
      RGBAPixels.premultiply(v)
      RGBAPixels.restore(kept, in: v)
    }
    nonFiniteOutputs = RGBACensus(UnsafeBufferPointer(v)).nonFinitePixels
    clippedValues = Self.clippedValues(v, range: range)
  }

  /// R, G, B values the output format cannot hold: beyond ±`limit` (becoming infinity), or
  /// outside 0…1 for integer formats.
  private static func clippedValues(
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
