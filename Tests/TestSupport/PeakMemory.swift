import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The exit status and peak memory of one finished child process.
public struct PeakMemoryResult: Sendable {
  /// Exit status, or 128 + the signal that ended it.
  public var status: Int32
  /// Peak resident set size in bytes (`wait4`'s `ru_maxrss` for this child alone).
  public var peakBytes: Int
}

/// Runs a program with standard input, output and error on `/dev/null` and reports its peak
/// resident set size, for tests that bound a command's memory (docs/reliability.md §5). The
/// child is started with `posix_spawn` and reaped with `wait4`, so the figure is this child's
/// own, whatever other tests run at the same time.
public enum PeakMemory {
  /// Runs `executable` (default: `edrcube`) with `arguments` and waits for it.
  public static func run(_ arguments: [String], executable: URL = EDRCubeExecutable.url) throws
    -> PeakMemoryResult
  {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let started = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
    guard started == 0 else { throw POSIXError(POSIXErrorCode(rawValue: started) ?? .EIO) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 {
      guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
    let signal = status & 0x7F
    return PeakMemoryResult(
      status: signal == 0 ? (status >> 8) & 0xFF : 128 + signal,
      peakBytes: Int(usage.ru_maxrss) * 1024)
  }
}
