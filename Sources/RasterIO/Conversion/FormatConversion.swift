/// An image converted to another file format, and what the target format could not hold.
public struct FormatConversion<Image: Sendable>: Sendable {
  /// The converted image.
  public var image: Image
  /// What was dropped or changed, one short phrase each (`part 1 'depth'`,
  /// `layer diffuse (3 channels)`, `attribute owner`), for the caller to report.
  public var dropped: [String]

  /// Creates a conversion result.
  public init(image: Image, dropped: [String]) {
    self.image = image
    self.dropped = dropped
  }
}

/// How TIFF's descriptive ASCII tags and OpenEXR string attributes correspond when a file is
/// converted: ImageDescription ↔ `comments` and Copyright ↔ `owner` (OpenEXR's standard
/// attributes, as OpenImageIO maps them); the other tags travel under their TIFF names.
enum TextMetadataNames {
  /// EXR attribute name by TIFF tag number.
  static let attributeByTag: [UInt32: String] = [
    269: "DocumentName", 270: "comments", 271: "Make", 272: "Model", 285: "PageName",
    305: "Software", 306: "DateTime", 315: "Artist", 316: "HostComputer", 33432: "owner",
  ]

  /// The TIFF tag for an EXR attribute name, or nil.
  static func tag(forAttribute name: String) -> UInt32? {
    attributeByTag.first { $0.value == name }?.key
  }
}

extension EXRImage {
  /// Attributes every part has or that RasterIO models in ``EXRPart`` itself (windows,
  /// compression, channels…): never reported as dropped by a conversion.
  static let structuralAttributes: Set<String> = [
    "channels", "compression", "dataWindow", "displayWindow", "lineOrder", "pixelAspectRatio",
    "screenWindowCenter", "screenWindowWidth", "tiles", "name", "type", "chunkCount", "version",
  ]

  /// The names of the header attributes of `part` beyond the structural ones, read from its
  /// ``EXRPart/attributeSource`` (empty for a part made in memory).
  func headerAttributeNames(of part: EXRPart) throws -> [String] {
    guard let source = part.attributeSource else { return [] }
    let handle = try EXRCalls.startRead(path: source.path, limits: Self.headerOnlyLimits).get()
    return EXRCalls.attributeNames(handle, part: source.partIndex)
      .filter { !Self.structuralAttributes.contains($0) }
  }
}
