/// The one error type of RasterIO: what went wrong, with which file, and the library's own words.
///
/// `description` reads `path: error: message (library: details)`, so a terminal or an editor can
/// point at the file.
public struct RasterIOError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Hashable, Sendable {
    /// The file could not be opened, read, written, synced or renamed (`errno` text in `message`).
    case io
    /// The bytes are not a file of the expected format (wrong magic number).
    case notRecognized
    /// The file is damaged: a bad header, a truncated or corrupt chunk, strip or tile.
    case corrupt
    /// A valid file using a feature RasterIO does not handle (deep data, mipmaps, palette TIFF…).
    case unsupported
    /// The declared size exceeds ``RasterLimits`` (checked before any pixel allocation).
    case tooLarge
    /// The caller asked for something inconsistent (missing channel, wrong buffer size, a
    /// channel set that does not exist, an output path that is the input).
    case invalidRequest
  }

  /// What went wrong.
  public var kind: Kind
  /// The file concerned (the input when reading, the destination when writing).
  public var path: String
  /// A one-line explanation.
  public var message: String
  /// The message the C library reported for this file, if any (libtiff, OpenEXR, libpng).
  public var libraryMessage: String?

  /// Creates an error.
  public init(_ kind: Kind, path: String, _ message: String, libraryMessage: String? = nil) {
    self.kind = kind
    self.path = path
    self.message = message
    self.libraryMessage = libraryMessage.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// `path: error: message (library details)`.
  public var description: String {
    var text = "\(path): error: \(message)"
    if let libraryMessage, libraryMessage != message { text += " (\(libraryMessage))" }
    return text
  }
}
