/// The contents of a `.cube` file: optional 1D table, optional 3D table, and metadata.
///
/// A file has a 1D table, a 3D table, or both (Resolve: the 1D table is a *shaper* applied
/// before the 3D table). Values are never clamped on load.
public struct CubeFile: Sendable, Hashable {
  /// The text of `TITLE`, if any.
  public var title: String?
  /// The dialect the file was detected as (or is to be written as).
  public var dialect: CubeDialect
  /// The 1D table: the only table of a 1D file, or the shaper of a shaper + 3D file.
  public var lut1D: CubeTable1D?
  /// The 3D table.
  public var lut3D: CubeTable3D?
  /// `LUT_IN_VIDEO_RANGE`: full-range input is mapped to video range before the lookup.
  public var inputVideoRange: Bool
  /// `LUT_OUT_VIDEO_RANGE`: the result is mapped from video range back to full range.
  public var outputVideoRange: Bool
  /// Comment lines before the first table, without the leading `#` and one following space.
  public var comments: [String]
  /// What the reader noticed and accepted (empty for files built in code), at most
  /// ``CubeReader/keptWarningLimit``.
  public var warnings: [CubeWarning]
  /// Comments the reader counted but did not keep (past ``CubeReader/keptCommentLimit`` or
  /// ``CubeReader/keptCommentBytes``).
  public var omittedComments: Int
  /// Warnings the reader counted but did not keep (past ``CubeReader/keptWarningLimit``).
  public var omittedWarnings: Int

  /// Creates a cube file model.
  public init(
    title: String? = nil, dialect: CubeDialect = .adobe, lut1D: CubeTable1D? = nil,
    lut3D: CubeTable3D? = nil, inputVideoRange: Bool = false, outputVideoRange: Bool = false,
    comments: [String] = [], warnings: [CubeWarning] = [], omittedComments: Int = 0,
    omittedWarnings: Int = 0
  ) {
    self.title = title
    self.dialect = dialect
    self.lut1D = lut1D
    self.lut3D = lut3D
    self.inputVideoRange = inputVideoRange
    self.outputVideoRange = outputVideoRange
    self.comments = comments
    self.warnings = warnings
    self.omittedComments = omittedComments
    self.omittedWarnings = omittedWarnings
  }

  /// Whether the file has a 1D shaper in front of a 3D table.
  public var hasShaper: Bool { lut1D != nil && lut3D != nil }
}
