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
}
