import ArgumentParser
import ColorMath
import EDRPipeline
import LUTEngine

// The option enums of the library modules carry their CLI spellings as raw values
// (docs/semantics.md §8), so they parse directly.
extension Interpolation: ExpressibleByArgument {}
extension Extrapolation: ExpressibleByArgument {}
extension EDRPolicy: ExpressibleByArgument {}
extension CubeSpace.Transfer: ExpressibleByArgument {}
extension NamedPrimaries: ExpressibleByArgument {
  /// Every spelling, comma-separated, for help texts.
  static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
extension WorkingSpace.Transfer: ExpressibleByArgument {}
extension EDRToneMap.Curve: ExpressibleByArgument {}
