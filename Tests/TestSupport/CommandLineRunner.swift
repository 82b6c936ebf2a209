import Foundation

/// The result of running the `edrcube` executable.
public struct CommandResult: Sendable {
  /// Exit status.
  public var status: Int32
  /// Everything written to standard output.
  public var stdout: String
  /// Everything written to standard error.
  public var stderr: String
}

/// Runs the `edrcube` executable built beside the test bundle.
public enum EDRCubeExecutable {
  /// The built executable: next to the test bundle in the build products folder.
  public static let url: URL = {
    let products = Bundle.main.bundleURL
    let candidate = products.appendingPathComponent("edrcube")
    if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    return Fixtures.repositoryRoot.appendingPathComponent(".build/debug/edrcube")
  }()

  /// `edrlint`, built beside `edrcube`.
  public static var edrlint: URL {
    url.deletingLastPathComponent().appendingPathComponent("edrlint")
  }

  /// Runs `edrcube` (or `executable`) with `arguments`, feeding `stdin`, and waits for it to
  /// finish; `launcher` (e.g. `["/usr/bin/taskset", "-c", "0"]`) starts it when given.
  public static func run(
    _ arguments: [String], stdin: String = "", currentDirectory: URL? = nil,
    launcher: [String] = [], executable: URL = url
  ) throws -> CommandResult {
    let process = Process()
    if let program = launcher.first {
      process.executableURL = URL(fileURLWithPath: program)
      process.arguments = launcher.dropFirst() + [executable.path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    if let currentDirectory { process.currentDirectoryURL = currentDirectory }
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let writer = Thread {
      input.fileHandleForWriting.write(Data(stdin.utf8))
      try? input.fileHandleForWriting.close()
    }
    writer.start()
    let errorData = LockedData()
    let errorReader = Thread { errorData.set(error.fileHandleForReading.readDataToEndOfFile()) }
    errorReader.start()
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    while !errorData.isSet { usleep(1000) }
    return CommandResult(
      status: process.terminationStatus,
      stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errorData.value, as: UTF8.self))
  }
}

/// Data handed from a reader thread to the caller.
private final class LockedData: @unchecked Sendable {
  private let lock = NSLock()
  private var data: Data?
  func set(_ d: Data) { lock.withLock { data = d } }
  var isSet: Bool { lock.withLock { data != nil } }
  var value: Data { lock.withLock { data ?? Data() } }
}
