public import ColorMath

/// What an image's pixels mean (docs/semantics.md §1): linear EDR (EXR, float TIFF) or sRGB-encoded
/// (integer TIFF), in some primaries.
public struct WorkingSpace: Sendable, Hashable {
  /// The pixels' encoding; raw values are the CLI spellings of `--working-space`.
  public enum Transfer: String, Sendable, Hashable, CaseIterable {
    /// Linear EDR: 1.0 = reference white, unbounded, negatives allowed.
    case linear
    /// Extended sRGB (sign-mirrored, unbounded); integer TIFFs.
    case srgb
  }

  /// The encoding.
  public var transfer: Transfer
  /// The primaries: named ones, or an EXR file's chromaticities.
  public var primaries: RGBPrimaries

  /// Creates a working space.
  public init(_ transfer: Transfer = .linear, primaries: RGBPrimaries = .rec709) {
    self.transfer = transfer
    self.primaries = primaries
  }

  /// Creates a working space from named primaries.
  public init(_ transfer: Transfer = .linear, named primaries: NamedPrimaries) {
    self.init(transfer, primaries: primaries.primaries)
  }

  /// Linear Rec.709: EXR and float TIFF without chromaticities, and `eval`.
  public static let linearRec709 = WorkingSpace()
}
