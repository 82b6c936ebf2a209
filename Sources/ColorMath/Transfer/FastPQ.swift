/// Table-driven `Float` PQ (``PQ``) for per-pixel work, within 2e-6 relative (plus 1e-9
/// absolute) of the exact `Double` functions on their domains (checked in the tests).
///
/// The inverse EOTF is interpolated in a table of 256 samples per octave of luminance over
/// `[2⁻⁴⁰, 2¹⁴)` cd/m² (computed in `Double`): the curve's final power (`m2 ≈ 78.8`) would
/// multiply the rounding of any `Float` formula by 79. The EOTF keeps the formula with the
/// root `E′^(1/m2)` from `Double` tables (near white, `c2 − c3·E′^(1/m2)` cancels and
/// amplifies its error about 700 times), the middle step in `Double` and the final power
/// from ``FastPower``. Inputs outside the tables, NaN and infinities take the exact path.
public struct FastPQ: Sendable {
  /// The shared instance (the tables take about 80 KiB, for the life of the process).
  public static let shared = FastPQ()

  @usableFromInline static let firstOctave = -40
  @usableFromInline static let octaves = 54
  @usableFromInline static let perOctave = 256
  /// `PQ.inverseEOTF(2^e · (1 + i/256))`, octave by octave, 257 samples each.
  @usableFromInline let inverseSamples: ProcessTable<Float>
  /// `2^(e/m2)` for the normal exponents `e = −126…127` (index `e + 126`).
  @usableFromInline let rootScales = ProcessTable(
    (-126...127).map { Double.power(2, Double($0) / PQ.m2) })
  /// `(1 + i/1024)^(1/m2)` for `i = 0…1024`.
  @usableFromInline let rootMantissas = ProcessTable(
    (0...1024).map { Double.power(1 + Double($0) / 1024, 1 / PQ.m2) })
  @usableFromInline let ratioPower = FastPower(exponent: 1 / PQ.m1)

  private init() {
    var table: [Float] = []
    table.reserveCapacity(Self.octaves * (Self.perOctave + 1))
    for octave in 0..<Self.octaves {
      let base = Double.power(2, Double(Self.firstOctave + octave))
      for i in 0...Self.perOctave {
        table.append(
          Float(PQ.inverseEOTF(base * (1 + Double(i) / Double(Self.perOctave)))))
      }
    }
    inverseSamples = ProcessTable(table)
  }

  /// Inverse EOTF: cd/m² → signal (negative luminance is treated as 0).
  @inlinable @inline(__always)
  public func inverseEOTF(_ nits: Float) -> Float {
    let bits = nits.bitPattern
    let octave = Int(bits >> 23) - 127 - Self.firstOctave  // negative input: far above range
    guard octave >= 0, octave < Self.octaves else { return PQ.inverseEOTF(nits) }
    let mantissa = bits & 0x7F_FFFF
    let i = octave * (Self.perOctave + 1) + Int(mantissa >> 15)
    let t = Float(mantissa & 0x7FFF) * (1 / 32768)
    let low = inverseSamples[i]
    let high = inverseSamples[i + 1]
    return low + (high - low) * t
  }

  /// EOTF: signal → cd/m² (signals ≤ 0, and those whose `E′^(1/m2)` does not exceed `c1`,
  /// give exactly 0).
  @inlinable @inline(__always)
  public func eotf(_ signal: Float) -> Float {
    let bits = signal.bitPattern
    let field = Int(bits >> 23)
    guard field > 0, field < 255 else { return PQ.eotf(signal) }
    let mantissa = bits & 0x7F_FFFF
    let i = Int(mantissa >> 13)
    let t = Double(mantissa & 0x1FFF) * (1 / 8192)
    let low = rootMantissas[i]
    let p = rootScales[field - 1] * (low + (rootMantissas[i + 1] - low) * t)
    let numerator = p - PQ.c1
    guard numerator > 0 else { return 0 }
    let ratio = Float(numerator / (PQ.c2 - PQ.c3 * p))
    return Float(PQ.peakLuminance) * ratioPower(ratio)
  }
}
