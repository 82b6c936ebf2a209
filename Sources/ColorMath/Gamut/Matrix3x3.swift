/// A 3×3 matrix of `Double`, row-major, acting on column vectors: `out = M·v`.
public struct Matrix3x3: Sendable, Hashable {
  /// The three rows.
  public var rows: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>)

  /// Creates a matrix from its rows.
  public init(rows r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>) {
    rows = (r0, r1, r2)
  }

  /// Creates a matrix from a row-major array of 3 rows of 3 numbers.
  ///
  /// - Returns: nil unless `rows` is 3×3.
  public init?(_ rows: [[Double]]) {
    guard rows.count == 3, rows.allSatisfy({ $0.count == 3 }) else { return nil }
    self.init(
      rows: SIMD3(rows[0][0], rows[0][1], rows[0][2]), SIMD3(rows[1][0], rows[1][1], rows[1][2]),
      SIMD3(rows[2][0], rows[2][1], rows[2][2]))
  }

  /// The identity matrix.
  public static let identity = Matrix3x3(rows: SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1))

  /// A diagonal matrix.
  public static func diagonal(_ d: SIMD3<Double>) -> Matrix3x3 {
    Matrix3x3(rows: SIMD3(d.x, 0, 0), SIMD3(0, d.y, 0), SIMD3(0, 0, d.z))
  }

  /// The columns, as vectors.
  public var columns: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) {
    (
      SIMD3(rows.0.x, rows.1.x, rows.2.x), SIMD3(rows.0.y, rows.1.y, rows.2.y),
      SIMD3(rows.0.z, rows.1.z, rows.2.z)
    )
  }

  /// The entries as a row-major array of arrays.
  public var array: [[Double]] {
    [rows.0, rows.1, rows.2].map { [$0.x, $0.y, $0.z] }
  }

  /// `M·v`.
  public static func * (m: Matrix3x3, v: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3((m.rows.0 * v).sum(), (m.rows.1 * v).sum(), (m.rows.2 * v).sum())
  }

  /// The matrix product `a·b`.
  public static func * (a: Matrix3x3, b: Matrix3x3) -> Matrix3x3 {
    let c = b.columns
    func row(_ r: SIMD3<Double>) -> SIMD3<Double> {
      SIMD3((r * c.0).sum(), (r * c.1).sum(), (r * c.2).sum())
    }
    return Matrix3x3(rows: row(a.rows.0), row(a.rows.1), row(a.rows.2))
  }

  /// The determinant.
  public var determinant: Double {
    let (a, b, c) = rows
    return a.x * (b.y * c.z - b.z * c.y) - a.y * (b.x * c.z - b.z * c.x)
      + a.z * (b.x * c.y - b.y * c.x)
  }

  /// The inverse, or nil when the matrix is singular (determinant 0 or not finite).
  public var inverse: Matrix3x3? {
    let det = determinant
    guard det != 0, det.isFinite else { return nil }
    let (a, b, c) = rows
    // The adjugate's rows are cross products of the columns of the transpose.
    let r0 = SIMD3(b.y * c.z - b.z * c.y, a.z * c.y - a.y * c.z, a.y * b.z - a.z * b.y)
    let r1 = SIMD3(b.z * c.x - b.x * c.z, a.x * c.z - a.z * c.x, a.z * b.x - a.x * b.z)
    let r2 = SIMD3(b.x * c.y - b.y * c.x, a.y * c.x - a.x * c.y, a.x * b.y - a.y * b.x)
    return Matrix3x3(rows: r0 / det, r1 / det, r2 / det)
  }

  /// Whether this is exactly the identity.
  public var isIdentity: Bool { self == .identity }

  /// The matrix rounded to `Float`, for hot paths.
  public var float: FloatMatrix3x3 {
    FloatMatrix3x3(rows: SIMD3<Float>(rows.0), SIMD3<Float>(rows.1), SIMD3<Float>(rows.2))
  }

  /// Entry-wise equality.
  public static func == (a: Matrix3x3, b: Matrix3x3) -> Bool {
    a.rows.0 == b.rows.0 && a.rows.1 == b.rows.1 && a.rows.2 == b.rows.2
  }

  /// Hashes the entries.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(rows.0)
    hasher.combine(rows.1)
    hasher.combine(rows.2)
  }
}

/// A 3×3 matrix of `Float`, row-major (``Matrix3x3/float``), for per-pixel work.
public struct FloatMatrix3x3: Sendable, Hashable {
  /// The three rows.
  public var rows: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)

  /// Creates a matrix from its rows.
  public init(rows r0: SIMD3<Float>, _ r1: SIMD3<Float>, _ r2: SIMD3<Float>) {
    rows = (r0, r1, r2)
  }

  /// `M·v`.
  @inlinable
  public static func * (m: FloatMatrix3x3, v: SIMD3<Float>) -> SIMD3<Float> {
    SIMD3((m.rows.0 * v).sum(), (m.rows.1 * v).sum(), (m.rows.2 * v).sum())
  }

  /// Entry-wise equality.
  public static func == (a: FloatMatrix3x3, b: FloatMatrix3x3) -> Bool {
    a.rows.0 == b.rows.0 && a.rows.1 == b.rows.1 && a.rows.2 == b.rows.2
  }

  /// Hashes the entries.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(rows.0)
    hasher.combine(rows.1)
    hasher.combine(rows.2)
  }
}
