#if canImport(Glibc)
  import Glibc
#endif

/// Facts about the machine the engine runs on.
enum System {
  /// Online processors.
  static var activeCores: Int {
    #if canImport(Glibc)
      return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    #else
      return 1
    #endif
  }
}
