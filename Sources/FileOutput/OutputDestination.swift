import Foundation

/// Where an output really goes: the folder and name of the file to replace, after following a
/// symbolic link at the destination, and what is there now.
struct OutputDestination {
  /// The folder that receives the temporary file and the rename.
  var folder: String
  /// The file's name in ``folder``.
  var name: String
  /// The file being replaced, or nil when there is none yet.
  var existing: FileStatus?
  /// Whether ``folder`` is a canonical path found by following a link (so it holds no link
  /// and is opened without following any).
  var followsLink = false

  /// Resolves `path`: a symbolic link is written through (its target is replaced in the
  /// target's own folder and the link stays a link); a folder, FIFO, device or socket is refused.
  /// A link's target folder is opened later without following links (``openFolder()``).
  /// - Throws: ``FileOutputError`` `.invalidRequest` naming what is in the way, or `.io` with
  ///   the system's reason (a symbolic link loop, a missing folder, no permission).
  init(_ path: String) throws(FileOutputError) {
    var target = path
    switch FileSystemCalls.status(path: path, followLinks: false) {
    case .failure(let failure) where failure.code == ENOENT:
      existing = nil
    case .failure(let failure):
      throw FileOutputError(.io, path: path, "cannot examine the output: \(failure.reason)")
    case .success(let link) where link.kind == .symbolicLink:
      switch FileSystemCalls.resolvedPath(path) {
      case .success(let resolved):
        target = resolved
        followsLink = true
      case .failure(let failure) where failure.code == ENOENT:
        throw FileOutputError(
          .invalidRequest, path: path,
          "the output is a symbolic link to a missing file (\(failure.reason))")
      case .failure(let failure):
        throw FileOutputError(
          .io, path: path, "cannot follow the symbolic link: \(failure.reason)")
      }
      existing = try Self.regularFile(at: target, reportedAs: path)
    case .success:
      existing = try Self.regularFile(at: path, reportedAs: path)
    }
    let url = URL(fileURLWithPath: target)
    folder = url.deletingLastPathComponent().path
    name = url.lastPathComponent
  }

  /// Opens ``folder`` for the `…at` calls; a link's target folder component by component
  /// without following links, so a component swapped for a link since it was resolved is
  /// refused rather than followed.
  func openFolder() -> Result<Int32, FileSystemError> {
    followsLink
      ? FileSystemCalls.openResolvedFolder(folder) : FileSystemCalls.openFolder(folder)
  }

  private static func regularFile(at path: String, reportedAs reported: String)
    throws(FileOutputError) -> FileStatus
  {
    switch FileSystemCalls.status(path: path, followLinks: true) {
    case .success(let status) where status.kind == .regular:
      return status
    case .success(let status):
      throw FileOutputError(
        .invalidRequest, path: reported, "the output path is \(status.kind.name), not a file")
    case .failure(let failure):
      throw FileOutputError(.io, path: reported, "cannot examine the output: \(failure.reason)")
    }
  }
}
