import EDRPipeline

extension CubeApplication {
  /// The warning `apply` and `convert` print once when a look that clips at white meets EDR
  /// input under a policy that leaves its highlights flat (docs/semantics.md §4), or nil.
  func flatteningWarning(path: String) -> String? {
    guard flattensHighlights, let policy else { return nil }
    return "\(path): warning: this look clips at white; under --edr-policy \(policy.rawValue) "
      + "EDR highlights above white come out flat (rising-maxrgb, the default, keeps them rising)"
  }
}
