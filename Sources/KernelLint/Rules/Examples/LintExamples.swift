enum LintExamples {
  static let lint001Triggering: [Example] = [
    Example(
      """
      kernel vec4 keep(__sample s) {
        ↓// edrlint:disable-next-line EDR001
        return s;
      }
      """, skipWrapping: true),
    Example(
      """
      ↓/* edrlint:disable EDR003 */
      kernel vec4 keep(__sample s) { return s; }
      """, skipWrapping: true),
  ]

  static let lint001NonTriggering: [Example] = [
    Example(
      """
      kernel vec4 sdr(__sample s) {
        // edrlint:disable-next-line EDR001 -- SDR export only
        return vec4(clamp(s.rgb, 0.0, 1.0), s.a);
      }
      """, skipWrapping: true)
  ]

  static let lint002Triggering: [Example] = [
    Example(
      """
      kernel vec4 keep(__sample s) {
        ↓// edrlint:disable-next-line EDR999
        return s;
      }
      """, skipWrapping: true),
    Example(
      """
      ↓// edrlint:param opacity in [1, 0]
      kernel vec4 fade(__sample s, float opacity) { return vec4(s.rgb * opacity, s.a); }
      """, skipWrapping: true),
    Example(
      """
      kernel vec4 keep(__sample s) {
        ↓// edrlint:enable EDR001
        return s;
      }
      """, skipWrapping: true),
  ]

  static let lint002NonTriggering: [Example] = [
    Example(
      """
      // edrlint:param opacity in [0, 1]
      kernel vec4 fade(__sample s, float opacity) { return s * opacity; }
      """, skipWrapping: true)
  ]

  static let lint003Triggering: [Example] = [
    Example(
      """
      kernel vec4 broken(__sample s) {
        return s ↓@ 2.0;
      }
      """),
    Example(
      """
      kernel vec4 mystery(__sample s) {
        return vec4(↓frobnicate(s.rgb), s.a);
      }
      """),
    Example(
      """
      let gain = 2.0
      let k = CIColorKernel(source: "kernel vec4 g(__sample s) { return vec4(s.rgb * ↓\\(gain), s.a); }")
      """, fileExtension: "swift"),
  ]

  static let lint003NonTriggering: [Example] = [
    Example(
      """
      #define GAIN 2.0
      #define SCALE(x) ((x) * GAIN)
      #if defined(GAIN) && GAIN > 1
      kernel vec4 g(__sample s) { return vec4(SCALE(s.rgb), s.a); }
      #else
      kernel vec4 g(__sample s) { return s @ s; }
      #endif
      """)
  ]
}
