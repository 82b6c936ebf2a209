import ColorMath
import EDRPipeline
import LUTEngine

/// The options of `edrcube_transform_new`: the CLI's `eval` / `apply` flags under their
/// snake_case names (`lut_space` is `--lut-space`, `policy` is `--edr-policy`). Absent keys
/// take the CLI's defaults.
struct TransformOptions: Decodable {
  var interpolation: String?
  var extrapolation: String?
  var policy: String?
  var lutSpace: String?
  var lutPrimaries: String?
  var lutOutputSpace: String?
  var lutOutputPrimaries: String?
  var referenceWhite: Double?
  var workingSpace: String?
  var workingPrimaries: String?

  private enum CodingKeys: String, CodingKey {
    case interpolation, extrapolation, policy
    case lutSpace = "lut_space"
    case lutPrimaries = "lut_primaries"
    case lutOutputSpace = "lut_output_space"
    case lutOutputPrimaries = "lut_output_primaries"
    case referenceWhite = "reference_white"
    case workingSpace = "working_space"
    case workingPrimaries = "working_primaries"
  }

  /// Whether an option saying what the cube's values mean was given, other than
  /// `lut_space="raw"` alone (what a CLF/CTF process list is anyway, as on the command line).
  var givesCubeSpace: Bool {
    let rawOnly =
      lutSpace?.lowercased() == "raw" && lutPrimaries == nil && lutOutputPrimaries == nil
      && (lutOutputSpace.map { $0.lowercased() == "raw" } ?? true) && referenceWhite == nil
    return !rawOnly
      && (lutSpace != nil || lutPrimaries != nil || lutOutputSpace != nil
        || lutOutputPrimaries != nil || referenceWhite != nil)
  }

  /// The pixels' space: linear Rec.709 unless `working_space` / `working_primaries` say otherwise.
  func working() throws(APIError) -> WorkingSpace {
    var working = WorkingSpace.linearRec709
    if let transfer = try Self.parse(workingSpace, "working_space", as: WorkingSpace.Transfer.self)
    {
      working.transfer = transfer
    }
    if let primaries = try Self.parse(
      workingPrimaries, "working_primaries", as: NamedPrimaries.self)
    {
      working.primaries = primaries.primaries
    }
    return working
  }

  /// `text` as a `T`, nil when absent.
  /// - Throws: ``APIError`` `.options` naming the choices when `text` is none of them.
  static func parse<T: RawRepresentable & CaseIterable>(
    _ text: String?, _ name: String, as type: T.Type
  ) throws(APIError) -> T? where T.RawValue == String {
    guard let text else { return nil }
    if let value = T(rawValue: text.lowercased()) { return value }
    let choices = T.allCases.map(\.rawValue).joined(separator: ", ")
    throw APIError(kind: "options", message: "\(name): unknown value '\(text)' (one of \(choices))")
  }
}
