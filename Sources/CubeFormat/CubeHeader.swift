/// A value read from a keyword line, with the line and column it came from.
struct Located<Value> {
  /// The value.
  var value: Value
  /// The 1-based line of the keyword.
  var line: Int
  /// The 1-based column of the keyword.
  var column: Int
}

/// The keywords read before the first table row (internal to the reader).
struct CubeHeader {
  /// `TITLE`.
  var title: Located<String>?
  /// `LUT_1D_SIZE`.
  var size1D: Located<Int>?
  /// `LUT_3D_SIZE`.
  var size3D: Located<Int>?
  /// `DOMAIN_MIN`.
  var domainMin: Located<SIMD3<Float>>?
  /// `DOMAIN_MAX`.
  var domainMax: Located<SIMD3<Float>>?
  /// `LUT_1D_INPUT_RANGE` as (min, max).
  var inputRange1D: Located<SIMD2<Float>>?
  /// `LUT_3D_INPUT_RANGE` as (min, max).
  var inputRange3D: Located<SIMD2<Float>>?
  /// `LUT_IN_VIDEO_RANGE`.
  var inputVideoRange: Located<Bool>?
  /// `LUT_OUT_VIDEO_RANGE`.
  var outputVideoRange: Located<Bool>?
  /// Whether a Resolve-only keyword (an INPUT_RANGE or a video-range flag) was given, even
  /// one ignored for a missing table.
  var hasResolveKeyword = false
  /// The line each known keyword was first given on (to report repeats).
  var firstLine: [CubeKeyword: Int] = [:]

  /// Whether the file has both a shaper and a 3D table (Resolve).
  var hasShaper: Bool { size1D != nil && size3D != nil }

  /// The dialect the keywords imply: Resolve for a shaper, an INPUT_RANGE or a video-range
  /// flag, Adobe otherwise.
  var dialect: CubeDialect {
    hasShaper || hasResolveKeyword ? .resolve : .adobe
  }
}
