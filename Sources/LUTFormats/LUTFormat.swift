import Foundation

/// The LUT file formats EDRCube reads, and how a file's format is chosen: `--lut-format`,
/// else the extension, else the content (docs/formats.md).
public enum LUTFormat: String, Sendable, Hashable, CaseIterable {
  /// Adobe/IRIDAS or Resolve `.cube` (CubeFormat).
  case cube
  /// Academy/ASC CLF or Autodesk CTF (`.clf`, `.ctf`, CLFFormat).
  case clf
  /// Autodesk Flame / Lustre `.3dl`: integer 3D table, blue fastest, optional shaper row.
  case threeDL = "3dl"
  /// Rising Sun Research cineSpace `.csp`: per-channel prelut, then a 1D or 3D table.
  case csp
  /// Sony Pictures Imageworks `.spi1d`.
  case spi1d
  /// Sony Pictures Imageworks `.spi3d`.
  case spi3d
  /// Sony Pictures Imageworks `.spimtx`: a 3×4 matrix, offsets in 16-bit code values.
  case spimtx
  /// ASC CDL: `.cc`, `.ccc` or `.cdl` (one correction, a collection, a decision list).
  case cdl
  /// A Hald CLUT image (PNG or TIFF), read by RasterIO rather than here.
  case hald

  /// What a message calls the format.
  public var displayName: String {
    switch self {
    case .cube: "a .cube file"
    case .clf: "a CLF/CTF process list"
    case .threeDL: "an Autodesk .3dl file"
    case .csp: "a cineSpace .csp file"
    case .spi1d: "an Imageworks .spi1d file"
    case .spi3d: "an Imageworks .spi3d file"
    case .spimtx: "an Imageworks .spimtx matrix"
    case .cdl: "an ASC CDL file"
    case .hald: "a Hald CLUT image"
    }
  }

  /// Whether the format's reader yields a process list (applied raw, clamping at its
  /// tables' domains, as OpenColorIO's FileTransform does) rather than a `.cube` file.
  public var isProcessList: Bool { self != .cube && self != .hald }

  /// The format an extension names, in any case (`cc` and `ccc` are `cdl`, `ctf` is `clf`,
  /// `png`, `tif`, `tiff` are `hald`).
  public init?(extension ext: String) {
    switch ext.lowercased() {
    case "cube": self = .cube
    case "clf", "ctf": self = .clf
    case "3dl": self = .threeDL
    case "csp": self = .csp
    case "spi1d": self = .spi1d
    case "spi3d": self = .spi3d
    case "spimtx": self = .spimtx
    case "cc", "ccc", "cdl": self = .cdl
    case "png", "tif", "tiff": self = .hald
    default: return nil
    }
  }

  /// Formats other tools read that EDRCube does not, by extension, with their names, so a
  /// refusal names the format.
  public static let knownUnsupported: [String: String] = [
    "1dl": "a Discreet .1dl 1D LUT", "hdl": "a Houdini .hdl LUT", "icc": "an ICC profile",
    "icm": "an ICC profile", "itx": "an Iridas .itx LUT", "look": "an Iridas .look file",
    "vf": "a Nuke .vf LUT", "mga": "a Pandora .mga LUT", "m3d": "a Pandora .m3d LUT",
    "dat": "a .dat LUT", "cub": "a Truelight .cub LUT", "lut": "a .lut LUT",
    "ocio": "an OpenColorIO config",
  ]

  /// The format of `bytes` (a file's first bytes) by its content, or nil when it looks like
  /// none of them.
  public static func sniff(_ bytes: some Collection<UInt8>) -> LUTFormat? {
    let head = Array(bytes.prefix(4096))
    if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .hald }
    if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
      return .hald
    }
    let text = String(decoding: head, as: UTF8.self)
    let lines = text.split(whereSeparator: \.isNewline).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    .filter { !$0.isEmpty }
    guard let first = lines.first else { return nil }
    if first.hasPrefix("CSPLUTV100") { return .csp }
    if first.hasPrefix("SPILUT") { return .spi3d }
    if first.hasPrefix("Version") && lines.contains(where: { $0.hasPrefix("From") }) {
      return .spi1d
    }
    if text.contains("<ProcessList") { return .clf }
    if text.contains("<ColorCorrection") || text.contains("<ColorDecisionList") { return .cdl }
    let upper = text.uppercased()
    if upper.contains("LUT_3D_SIZE") || upper.contains("LUT_1D_SIZE") { return .cube }
    if upper.contains("3DMESH") { return .threeDL }
    let rows = lines.filter { !$0.hasPrefix("#") }.map { $0.split(whereSeparator: \.isWhitespace) }
    let numbers = rows.joined()
    if rows.count == 3 || rows.count == 4, numbers.count == 12,
      numbers.allSatisfy({ Double($0) != nil })
    {
      return .spimtx
    }
    if let row = rows.first, row.count > 3, row.allSatisfy({ Int($0) != nil }) { return .threeDL }
    return nil
  }

  /// The format to read `path` with: `forced` when given; else a PNG or TIFF signature
  /// (whatever the name); else the extension; else the content (`head`, the file's first
  /// bytes).
  /// - Throws: ``LUTFormatError`` naming an unsupported format, or saying none was recognised.
  public static func choose(path: String, head: [UInt8], forced: LUTFormat? = nil)
    throws(LUTFormatError) -> LUTFormat
  {
    if let forced { return forced }
    if sniff(head) == .hald { return .hald }
    let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
    if let format = LUTFormat(extension: ext), format != .hald { return format }
    if let format = sniff(head) { return format }
    let whole = LUTFormatError.Location(file: path, line: 0)
    if let name = knownUnsupported[ext] {
      throw LUTFormatError("\(name) (.\(ext)): EDRCube does not read this format", at: whole)
    }
    throw LUTFormatError(
      "not a LUT format EDRCube recognises (by extension or content); it reads "
        + "\(readableNames), and --lut-format forces one", at: whole)
  }

  /// The formats, as `--lut-format` spells them, for help and messages.
  public static let readableNames = allCases.map(\.rawValue).joined(separator: ", ")
}
