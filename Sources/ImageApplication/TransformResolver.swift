import EDRPipeline
import Synchronization

/// The lookup for the pixels of one working space, and what to tell the user about it.
public struct ImageLookup: Sendable {
  /// The cube (or process list) as applied to pixels in that working space.
  public var application: CubeApplication
  /// Notes for the caller when this lookup is made (the CLI: its `lut: …` summary line).
  public var notes: [String]
  /// Notes only when this is the first lookup made (the CLI: the note about an `--edr-policy`
  /// that does not apply).
  public var firstNotes: [String]
  /// The warning for a look that flattens EDR highlights under its policy, if any.
  public var flatteningWarning: String?

  /// A lookup and its notes.
  public init(
    application: CubeApplication, notes: [String] = [], firstNotes: [String] = [],
    flatteningWarning: String? = nil
  ) {
    self.application = application
    self.notes = notes
    self.firstNotes = firstNotes
    self.flatteningWarning = flatteningWarning
  }
}

/// The lookup for each working space met, made on first use and reused; asked by the thread
/// that prepares frames. The notes a new lookup brings are handed back, so they are printed in
/// frame order.
package final class TransformResolver: Sendable {
  private let make: @Sendable (WorkingSpace) throws -> ImageLookup
  private let made = Mutex<[ImageLookup]>([])

  /// Makes lookups with `make`.
  package init(_ make: @escaping @Sendable (WorkingSpace) throws -> ImageLookup) {
    self.make = make
  }

  /// The lookup for pixels in `working`; a new one appends its notes (the first notes for the
  /// first, then its own) to `notes`.
  package func transform(for working: WorkingSpace, notes: inout [String]) throws -> ImageLookup {
    let (transform, new) = try made.withLock { made in
      if let known = made.first(where: { $0.application.working == working }) {
        return (known, [String]())
      }
      let transform = try make(working)
      let first = made.isEmpty ? transform.firstNotes : []
      made.append(transform)
      return (transform, first + transform.notes)
    }
    notes += new
    return transform
  }
}
