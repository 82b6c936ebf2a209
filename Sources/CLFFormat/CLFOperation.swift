/// What a process node does. Numbers are kept as the file writes them, at the node's bit
/// depths; the evaluator normalises them (docs/clf.md).
public enum CLFOperation: Sendable, Hashable {
  /// `Matrix`: `out = M · in (+ offset)`, 3×3 or 3×4.
  case matrix(CLFMatrix)
  /// `LUT1D`: a per-channel table.
  case lut1D(CLFLUT1D)
  /// `LUT3D`: a 3D table.
  case lut3D(CLFLUT3D)
  /// `Range`: an affine map between ranges, clamped unless `noClamp`.
  case range(CLFRange)
  /// `Log`: the logarithmic curves.
  case log(CLFLog)
  /// `Exponent` (CTF: `Gamma`): the power curves.
  case exponent(CLFExponent)
  /// `ASC_CDL`: slope, offset, power and saturation.
  case cdl(CLFCDL)

  /// The element name of the operation.
  public var elementName: String {
    switch self {
    case .matrix: "Matrix"
    case .lut1D: "LUT1D"
    case .lut3D: "LUT3D"
    case .range: "Range"
    case .log: "Log"
    case .exponent: "Exponent"
    case .cdl: "ASC_CDL"
    }
  }
}

/// A `Matrix`: three rows of three (or four: an offset last) coefficients.
public struct CLFMatrix: Sendable, Hashable {
  /// Row-major coefficients: 9 (3×3) or 12 (3×4).
  public var values: [Double]

  /// Creates a matrix from 9 or 12 row-major values.
  public init(values: [Double]) {
    precondition(values.count == 9 || values.count == 12, "CLFMatrix: 9 or 12 values")
    self.values = values
  }

  /// Whether the matrix has an offset column.
  public var hasOffset: Bool { values.count == 12 }
}

/// A `LUT1D`: `length` entries of 1 or 3 components.
public struct CLFLUT1D: Sendable, Hashable {
  /// Entries, `length · components` values in file order.
  public var values: [Double]
  /// 1 (the same curve on R, G and B) or 3.
  public var components: Int
  /// `halfDomain`: the 65536 entries are indexed by the input's half-float bits.
  public var halfDomain: Bool
  /// `rawHalfs`: the values were written as half-float bit patterns.
  public var rawHalfs: Bool

  /// Creates a table.
  public init(values: [Double], components: Int, halfDomain: Bool = false, rawHalfs: Bool = false) {
    self.values = values
    self.components = components
    self.halfDomain = halfDomain
    self.rawHalfs = rawHalfs
  }

  /// The number of entries.
  public var length: Int { values.count / components }
}

/// A `LUT3D`: a `grid³` table, values in CLF order (blue varies fastest).
public struct CLFLUT3D: Sendable, Hashable {
  /// Interpolation between nodes: `trilinear` (the default) or `tetrahedral`.
  public enum Interpolation: String, Sendable, Hashable {
    case trilinear, tetrahedral
  }

  /// Nodes per axis.
  public var grid: Int
  /// `grid³ · 3` values, red slowest, blue fastest (CLF order).
  public var values: [Double]
  /// The interpolation.
  public var interpolation: Interpolation

  /// Creates a table.
  public init(grid: Int, values: [Double], interpolation: Interpolation = .trilinear) {
    self.grid = grid
    self.values = values
    self.interpolation = interpolation
  }
}

/// A `Range`: `out = (in − minIn) · scale + minOut`, clamped to the output range unless
/// `clamps` is false; with only the minimums (or maximums) it is a clamp at that end.
public struct CLFRange: Sendable, Hashable {
  /// `minInValue`, `maxInValue`, `minOutValue`, `maxOutValue` (at the node's bit depths).
  public var minIn, maxIn, minOut, maxOut: Double?
  /// `style="Clamp"` (default) or `"noClamp"`.
  public var clamps: Bool

  /// Creates a range.
  public init(
    minIn: Double? = nil, maxIn: Double? = nil, minOut: Double? = nil, maxOut: Double? = nil,
    clamps: Bool = true
  ) {
    self.minIn = minIn
    self.maxIn = maxIn
    self.minOut = minOut
    self.maxOut = maxOut
    self.clamps = clamps
  }
}
