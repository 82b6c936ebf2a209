import Testing

@testable import WorkScheduler

/// The core count (affinity lists, cgroup quotas) and the one parallel loop.
@Suite struct WorkSchedulerTests {
  @Test func cpuListsAreCounted() {
    #expect(ProcessCores.cpuCount(fromList: "0-3,8,10-11") == 7)
    #expect(ProcessCores.cpuCount(fromList: " 0\n") == 1)
    #expect(ProcessCores.cpuCount(fromList: "0-63") == 64)
    #expect(ProcessCores.cpuCount(fromList: "3-1") == nil)
    #expect(ProcessCores.cpuCount(fromList: "x") == nil)
  }

  @Test func cgroupQuotasRoundUpToWholeCores() {
    #expect(ProcessCores.quota(fromCPUMax: "max 100000\n") == nil)
    #expect(ProcessCores.quota(fromCPUMax: "800000 100000\n") == 8)
    #expect(ProcessCores.quota(fromCPUMax: "150000 100000") == 2)
    #expect(ProcessCores.quota(fromCPUMax: "50000 100000") == 1)
    #expect(ProcessCores.quota(quota: "-1\n", period: "100000\n") == nil)
    #expect(ProcessCores.quota(quota: "400000\n", period: "100000\n") == 4)
  }

  @Test func cgroupV2PathComesFromTheUnifiedLine() {
    let text = "12:cpu,cpuacct:/old\n0::/system.slice/slurm/job_42\n"
    #expect(ProcessCores.cgroupV2Path(fromProcSelfCgroup: text) == "/system.slice/slurm/job_42")
    #expect(ProcessCores.cgroupV2Path(fromProcSelfCgroup: "0::/\n") == nil)
    #expect(ProcessCores.cgroupV2Path(fromProcSelfCgroup: "3:cpu:/x\n") == nil)
  }

  @Test func availableCoresStayWithinTheMachine() {
    #expect(ProcessCores.available >= 1)
    #expect(ProcessCores.available <= ProcessCores.onlineProcessors())
    if let mask = ProcessCores.affinityCount() { #expect(ProcessCores.available <= mask) }
  }

  @Test func workersNeverExceedTheWork() {
    #expect(WorkScheduler.workers(for: 3, requested: 8) == 3)
    #expect(WorkScheduler.workers(for: 0, requested: 8) == 1)
    #expect(WorkScheduler.workers(for: 100, requested: 2) == 2)
    #expect(WorkScheduler.workers(for: 100) == min(100, WorkScheduler.defaultWorkers))
  }

  @Test func everyWorkerRunsOnceAndWritesItsOwnSlot() {
    for workers in [1, 2, 5] {
      var slots = [Int](repeating: 0, count: workers)
      slots.withUnsafeMutableBufferPointer { slot in
        WorkScheduler.run(workers: workers) { w in slot[w] += w + 1 }
      }
      #expect(slots == Array(1...workers))
    }
  }
}
