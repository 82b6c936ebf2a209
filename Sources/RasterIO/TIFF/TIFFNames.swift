/// Names of TIFF codes for messages (TIFF 6.0 and its supplements), so that a refusal says
/// "CMYK" or "signed integer" rather than a number.
enum TIFFNames {
  /// The Photometric interpretation named, with its code: `CMYK (photometric 5)`.
  static func photometric(_ code: UInt16?) -> String {
    guard let code else { return "no photometric interpretation (tag 262 missing)" }
    let name: String? =
      switch code {
      case 0: "greyscale, white is zero"
      case 1: "greyscale"
      case 2: "RGB"
      case 3: "palette colour"
      case 4: "transparency mask"
      case 5: "CMYK"
      case 6: "YCbCr"
      case 8: "CIE L*a*b*"
      case 9: "ICC L*a*b*"
      case 10: "ITU L*a*b*"
      case 32803: "colour filter array (raw)"
      case 32844: "LogL"
      case 32845: "LogLuv"
      case 34892: "linear raw"
      default: nil
      }
    return name.map { "\($0) (photometric \(code))" } ?? "photometric \(code)"
  }

  /// The sample type named: `32-bit signed integer`, `64-bit IEEE float (double)`.
  static func samples(bits: Int, format: UInt16) -> String {
    let kind: String =
      switch format {
      case 1: "unsigned integer"
      case 2: "signed integer"
      case 3: bits == 64 ? "IEEE float (double)" : "IEEE float"
      case 4: "untyped"
      case 5: "complex integer"
      case 6: "complex IEEE float"
      default: "of sample format \(format)"
      }
    return "\(bits)-bit \(kind)"
  }
}
