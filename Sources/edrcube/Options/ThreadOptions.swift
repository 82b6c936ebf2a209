import ArgumentParser
import WorkScheduler

/// `--threads N`, shared by the commands that run on several cores (`apply`, `convert`,
/// `generate`). The default is the cores this process may use (its CPU affinity mask and
/// cgroup CPU quota, ``ProcessCores``).
struct ThreadOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Worker threads (default: the cores this process may use, honouring CPU affinity and "
        + "cgroup quotas). Results do not depend on it.", valueName: "N"))
  var threads: Int?

  /// Checks the value and sets the process-wide worker count: ArgumentParser validates every
  /// option group before the command runs, so no work starts with the default by mistake.
  func validate() throws {
    if let threads, threads < 1 { throw ValidationError("--threads must be at least 1.") }
    WorkScheduler.limitWorkers(to: threads)
  }
}
