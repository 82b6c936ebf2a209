import Foundation

/// Strings and JSON across the C boundary: every string handed out is `strdup`'s, freed by
/// `edrcube_string_free`.
enum CString {
  /// A copy of `text` the caller frees with `edrcube_string_free`.
  static func make(_ text: String) -> UnsafeMutablePointer<CChar>? { strdup(text) }

  /// `value` as compact JSON (keys sorted), handed out as a C string.
  static func json<T: Encodable>(_ value: T) -> UnsafeMutablePointer<CChar>? {
    make(encode(value))
  }

  /// `value` as compact JSON with sorted keys.
  static func encode<T: Encodable>(_ value: T) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    guard let data = try? encoder.encode(value) else { return "null" }
    return String(decoding: data, as: UTF8.self)
  }

  /// The options object `text` names (NULL or empty: the defaults).
  /// - Throws: ``APIError`` `.options` when the JSON does not decode.
  static func options<T: Decodable>(
    _ type: T.Type, from text: UnsafePointer<CChar>?, empty: T
  ) throws(APIError) -> T {
    guard let text, text.pointee != 0 else { return empty }
    do {
      return try JSONDecoder().decode(T.self, from: Data(String(cString: text).utf8))
    } catch {
      throw APIError(kind: "options", message: "invalid options: \(error)")
    }
  }
}

/// Writes `error` as JSON to `slot` (when the caller gave one).
func report(_ error: APIError, to slot: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) {
  slot?.pointee = CString.json(error)
}

/// Frees a string the library returned.
@_cdecl("edrcube_string_free")
public func edrcube_string_free(_ string: UnsafeMutablePointer<CChar>?) {
  free(string)
}

/// The C API's version (1); it changes when a signature changes.
@_cdecl("edrcube_api_version")
public func edrcube_api_version() -> Int32 { 1 }
