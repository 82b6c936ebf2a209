internal import COpenEXR

/// What an OpenEXR file may use that this build cannot read, and the words that say so.
enum EXRFeatureSupport {
  /// The OpenEXR library linked, `major.minor` (`exr_get_library_version`).
  static let libraryVersion: String = {
    var (major, minor, patch): (Int32, Int32, Int32) = (0, 0, 0)
    exr_get_library_version(&major, &minor, &patch, nil)
    return "\(major).\(minor)"
  }()

  /// Why a part with compression number `code` cannot be read, or nil when it can (0…9, up
  /// to DWAB). The numbers past 9 are those of OpenEXR 3.4 and later.
  static func compressionRefusal(code: Int) -> String? {
    guard code > EXRCompression.dwab.rawValue else { return nil }
    let name: String
    switch code {
    case 10: name = "HTJ2K (256 lines)"
    case 11: name = "HTJ2K (32 lines)"
    case 13: name = "ZSTD"
    default:
      return "compression number \(code) is unknown to OpenEXR \(libraryVersion), this build's"
    }
    return "\(name) compression needs OpenEXR ≥ 3.4; this build has \(libraryVersion)"
  }

  /// Why a part whose `type` attribute is `type` cannot be read, or nil when it can.
  static func partTypeRefusal(_ type: String) -> String? {
    guard type.hasPrefix("deep") else { return nil }
    return
      "holds deep data (\(type): several samples per pixel); apply grades flat images only, "
      + "flatten it first (e.g. oiiotool in.exr --flatten -o flat.exr)"
  }
}
