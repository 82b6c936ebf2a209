/// The tables behind the fast curves, for vector code that evaluates the same algorithms (the
/// C chain of the batch path). They are read-only and live for the whole process.
extension FastPower {
  /// `2^(e·p)` for the normal exponents `e = −126…127` (index `e + 126`).
  public var scaleTable: UnsafePointer<Float> { scales.base }
  /// The polynomials of `m^p`: coefficient `k` of eighth `j` at index `8k + j`, `k = 0…4`
  /// (see `MantissaPolynomials`).
  public var coefficientTable: UnsafePointer<Float> { mantissaPower.coefficients.base }
}

extension FastLog {
  /// The polynomials of `ln m`: coefficient `k` of eighth `j` at index `8k + j`, `k = 0…4`.
  public var coefficientTable: UnsafePointer<Float> { mantissaLog.coefficients.base }
}

extension FastSDRTransfer {
  /// The power that ``encode(_:)`` uses (`1/2.4`).
  public var encodingPower: FastPower { encodePower }
  /// The power that ``decode(_:)`` uses (`2.4`).
  public var decodingPower: FastPower { decodePower }
}

extension FastPQ {
  /// ``inverseEOTF(_:)``'s samples: 257 per octave from 2⁻⁴⁰ cd/m², 54 octaves.
  public var inverseTable: UnsafePointer<Float> { inverseSamples.base }
  /// `2^(e/m2)` for the normal exponents (index `e + 126`), used by ``eotf(_:)``.
  public var rootScaleTable: UnsafePointer<Double> { rootScales.base }
  /// `(1 + i/1024)^(1/m2)` for `i = 0…1024`, used by ``eotf(_:)``.
  public var rootMantissaTable: UnsafePointer<Double> { rootMantissas.base }
  /// The final power `x^(1/m1)` of ``eotf(_:)``.
  public var ratioPowerTable: FastPower { ratioPower }
}
