#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many cores this process may use: the processors in its CPU affinity mask, further
/// limited by a cgroup CPU quota (a container's or a batch system's `--cpus`), so that a job
/// given 8 of 64 cores by Slurm or Docker starts 8 workers, not 64.
public enum ProcessCores {
  /// The cores this process may use, read once (at least 1).
  public static let available: Int = {
    var count = onlineProcessors()
    if let mask = affinityCount() { count = min(count, mask) }
    if let quota = cgroupQuota() { count = min(count, quota) }
    return max(1, count)
  }()

  /// Online processors of the machine.
  static func onlineProcessors() -> Int {
    max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
  }

  /// The processors in this process's CPU affinity mask (as `sched_getaffinity` gives it,
  /// read from the `Cpus_allowed_list` line of `/proc/self/status`); nil where there is none.
  static func affinityCount() -> Int? {
    #if os(Linux)
      guard let status = readSmallFile("/proc/self/status", limit: 64 << 10) else { return nil }
      for line in status.split(separator: "\n") where line.hasPrefix("Cpus_allowed_list:") {
        return cpuCount(fromList: String(line.dropFirst("Cpus_allowed_list:".count)))
      }
      return nil
    #else
      return nil
    #endif
  }

  /// The number of CPUs in a kernel CPU list such as `"0-3,8,10-11"` (7); nil if unreadable.
  static func cpuCount(fromList text: String) -> Int? {
    var count = 0
    for item in text.split(separator: ",") {
      let bounds = item.trimmingSpaces.split(separator: "-")
      guard let first = bounds.first.flatMap({ Int($0) }) else { return nil }
      let last = bounds.count > 1 ? Int(bounds[1]) : first
      guard let last, bounds.count <= 2, last >= first else { return nil }
      count += last - first + 1
    }
    return count > 0 ? count : nil
  }

  /// The cgroup CPU quota in whole cores (rounded up), from cgroup v2's `cpu.max` of this
  /// process's cgroup or cgroup v1's `cpu.cfs_quota_us` / `cpu.cfs_period_us`; nil when
  /// there is no quota.
  static func cgroupQuota() -> Int? {
    #if os(Linux)
      if let own = cgroupV2Path(fromProcSelfCgroup: readSmallFile("/proc/self/cgroup") ?? ""),
        let text = readSmallFile("/sys/fs/cgroup" + own + "/cpu.max")
      {
        return quota(fromCPUMax: text)
      }
      if let text = readSmallFile("/sys/fs/cgroup/cpu.max") { return quota(fromCPUMax: text) }
      if let q = readSmallFile("/sys/fs/cgroup/cpu/cpu.cfs_quota_us"),
        let p = readSmallFile("/sys/fs/cgroup/cpu/cpu.cfs_period_us")
      {
        return quota(quota: q, period: p)
      }
      return nil
    #else
      return nil
    #endif
  }

  /// The cgroup v2 path in `/proc/self/cgroup` (its `0::/path` line); nil without one.
  static func cgroupV2Path(fromProcSelfCgroup text: String) -> String? {
    for line in text.split(separator: "\n") where line.hasPrefix("0::") {
      let path = String(line.dropFirst(3))
      return path == "/" ? nil : path
    }
    return nil
  }

  /// Whole cores from a cgroup v2 `cpu.max` text (`"max 100000"`: no quota;
  /// `"150000 100000"`: 2).
  static func quota(fromCPUMax text: String) -> Int? {
    let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
    guard fields.count >= 2 else { return nil }
    return quota(quota: String(fields[0]), period: String(fields[1]))
  }

  /// Whole cores (rounded up) from a quota and a period in microseconds; nil for "max",
  /// -1 or anything unreadable.
  static func quota(quota: String, period: String) -> Int? {
    guard let q = Int(quota.trimmingSpaces), let p = Int(period.trimmingSpaces), q > 0, p > 0
    else { return nil }
    return max(1, (q + p - 1) / p)
  }

  /// The first `limit` bytes of a small system file as text; nil if it cannot be read.
  private static func readSmallFile(_ path: String, limit: Int = 4096) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: limit)
    var filled = 0
    while filled < limit {
      let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, limit - filled) }
      guard n > 0 else { break }
      filled += n
    }
    return filled > 0 ? String(decoding: bytes[0..<filled], as: UTF8.self) : nil
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces, tabs and line breaks.
  fileprivate var trimmingSpaces: Substring {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" }
    let text = Substring(self)
    guard let first = text.firstIndex(where: { !isSpace($0) }),
      let last = text.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return text[first...last]
  }
}
