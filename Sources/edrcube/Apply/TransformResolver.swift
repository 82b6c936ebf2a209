import EDRPipeline
import Synchronization

/// `apply`'s transform for each working space met, made on first use and reused; asked by the
/// thread that prepares frames, read by the command at the end. The notes a new transform
/// brings are handed back, so they are printed in frame order.
final class TransformResolver: Sendable {
  private let make: @Sendable (WorkingSpace) throws -> ResolvedTransform
  private let made = Mutex<[ResolvedTransform]>([])

  /// Makes transforms with `make`.
  init(_ make: @escaping @Sendable (WorkingSpace) throws -> ResolvedTransform) {
    self.make = make
  }

  /// The transform for pixels in `working`; a new one appends its notes (the policy note for
  /// the first, then its summary line) to `notes`.
  func transform(for working: WorkingSpace, notes: inout [String]) throws -> ResolvedTransform {
    let (transform, new) = try made.withLock { made in
      if let known = made.first(where: { $0.application.working == working }) {
        return (known, [String]())
      }
      let transform = try make(working)
      let first = made.isEmpty ? transform.policyNote.map { [$0] } ?? [] : []
      made.append(transform)
      return (transform, first + [transform.summary])
    }
    notes += new
    return transform
  }

  /// The transforms made, one per working space, in the order met.
  var resolved: [ResolvedTransform] { made.withLock { $0 } }
}
