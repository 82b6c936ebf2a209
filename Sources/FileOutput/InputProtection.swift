/// Checks, before a command writes anything, that none of its outputs is one of its inputs.
///
/// Two paths name the same file when they lead (through symbolic links, `..`, hard links) to
/// the same device and inode. An output that does not exist yet cannot be an input.
public enum InputProtection {
  /// Throws if any output names the same file as any input.
  /// - Parameters:
  ///   - outputs: The files the command will write (nil entries are options not given).
  ///   - inputs: The files it reads.
  ///   - remedy: What the message suggests.
  /// - Throws: ``FileOutputError`` `.invalidRequest` naming the output and the input.
  public static func check(
    outputs: [String?], inputs: [String], remedy: String = "choose another output"
  ) throws(FileOutputError) {
    let sources = inputs.compactMap { input -> (String, FileStatus)? in
      guard case .success(let status) = FileSystemCalls.status(path: input, followLinks: true)
      else { return nil }
      return (input, status)
    }
    for case let output? in outputs {
      guard case .success(let target) = FileSystemCalls.status(path: output, followLinks: true)
      else { continue }
      if let (input, _) = sources.first(where: { $0.1.isSameFile(as: target) }) {
        throw FileOutputError(
          .invalidRequest, path: output,
          "the output would replace the input \(input); \(remedy)")
      }
    }
  }

  /// Throws if two outputs name one file, so that one result would silently replace another
  /// (`-o X --preview X`, two inputs of one name into `--output-dir`).
  ///
  /// Existing files compare by device and inode; paths that do not exist yet by their folder
  /// (every link resolved) and name.
  /// - Throws: ``FileOutputError`` `.invalidRequest` naming both outputs.
  public static func checkDistinct(outputs: [String?]) throws(FileOutputError) {
    var seen: [String: String] = [:]
    for case let output? in outputs {
      let key = identity(of: output)
      if let first = seen[key] {
        throw FileOutputError(
          .invalidRequest, path: output,
          "two outputs of this command would be written to one file (\(first) and \(output)); choose distinct outputs"
        )
      }
      seen[key] = output
    }
  }

  /// A key equal for two paths exactly when they name one file.
  private static func identity(of path: String) -> String {
    if case .success(let status) = FileSystemCalls.status(path: path, followLinks: true) {
      return "inode \(status.device) \(status.inode)"
    }
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let resolved = (try? FileSystemCalls.resolvedPath(folder).get()) ?? folder
    return "path \(resolved)/\(name)"
  }
}
