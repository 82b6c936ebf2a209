#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `body`, whose recursion is `levels` deep (one level per channel in the sample-storage
/// builders), on a thread whose stack holds that many levels when the caller's might not: a
/// worker thread's stack is often 512 KiB, and a sanitizer build's frames are several KiB.
/// Shallow calls run in place; the caller waits for the thread (it is joined before return).
func withDeepStack<R>(levels: Int, _ body: () throws -> R) throws -> R {
  guard levels > 32 else { return try body() }
  var result: Result<R, any Error>?
  withoutActuallyEscaping({ result = Result { try body() } }) { run in
    let box = DeepStackJob(run)
    let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
    pthread_attr_init(attributes)
    defer {
      pthread_attr_destroy(attributes)
      attributes.deallocate()
    }
    // 32 KiB a level covers the sanitizer builds' frames; 1 MiB for the rest of the call.
    pthread_attr_setstacksize(attributes, (1 << 20) + levels * (32 << 10))
    let context = Unmanaged.passRetained(box).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
      &thread, attributes,
      { raw in
        Unmanaged<DeepStackJob>.fromOpaque(raw!).takeRetainedValue().run()
        return nil
      }, context)
    if started == 0 {
      pthread_join(thread, nil)
    } else {
      Unmanaged<DeepStackJob>.fromOpaque(context).release()
      run()
    }
  }
  return try result!.get()
}

/// The work handed to the deep-stack thread (the caller joins it before reading its result).
private final class DeepStackJob: @unchecked Sendable {
  let run: () -> Void
  init(_ run: @escaping () -> Void) { self.run = run }
}
