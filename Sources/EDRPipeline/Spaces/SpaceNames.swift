public import ColorMath

/// The camera, log and display names a cube's own words may use (docs/space-names.md), each
/// with the curve and/or primaries it stands for.
///
/// A name is written as its words joined without separators and in lower case: `slog3`
/// matches `S-Log3`, `SLog3`, `S_Log3` and `s log3`; it never matches inside a word
/// (``SpaceWords``).
public struct SpaceName: Sendable, Hashable {
  /// The name's words, joined, lower case (`logc`, `sgamut3cine`, `rec709`).
  public var key: String
  /// The curve it names, if any.
  public var transfer: TransferFunction?
  /// The primaries it names, if any (a curve's own default applies when nil).
  public var primaries: NamedPrimaries?
  /// Whether it names only an output (`video` in `LogC to Video`).
  public var outputOnly: Bool

  init(
    _ key: String, _ transfer: TransferFunction?, _ primaries: NamedPrimaries? = nil,
    outputOnly: Bool = false
  ) {
    self.key = key
    self.transfer = transfer
    self.primaries = primaries
    self.outputOnly = outputOnly
  }

  /// The table, the one place the names live; docs/space-names.md lists it.
  public static let table: [SpaceName] =
    cameraNames + gamutNames + displayNames

  static let cameraNames: [SpaceName] = [
    // ARRI
    SpaceName("logc", .logc3), SpaceName("logc3", .logc3), SpaceName("arrilogc", .logc3),
    SpaceName("logcv3", .logc3), SpaceName("alexalogc", .logc3), SpaceName("logc4", .logc4),
    SpaceName("arrilogc4", .logc4),
    // Sony
    SpaceName("slog3", .slog3), SpaceName("slog2", .slog2),
    // Panasonic
    SpaceName("vlog", .vlog),
    // Fujifilm
    SpaceName("flog", .flog), SpaceName("flog2", .flog2),
    // RED
    SpaceName("log3g10", .log3g10), SpaceName("redlog3g10", .log3g10),
    // Canon
    SpaceName("clog2", .clog2), SpaceName("canonlog2", .clog2), SpaceName("clog3", .clog3),
    SpaceName("canonlog3", .clog3),
    // Blackmagic
    SpaceName("bmdfilmgen5", .bmdFilmGen5), SpaceName("blackmagicfilmgen5", .bmdFilmGen5),
    SpaceName("blackmagicdesignfilmgen5", .bmdFilmGen5), SpaceName("filmgen5", .bmdFilmGen5),
    SpaceName("davinciintermediate", .davinciIntermediate),
    SpaceName("davinciwgintermediate", .davinciIntermediate, .dwg),
    SpaceName("davinciwidegamutintermediate", .davinciIntermediate, .dwg),
    SpaceName("dwgintermediate", .davinciIntermediate, .dwg),
    // DJI, Apple
    SpaceName("dlog", .dlog), SpaceName("djidlog", .dlog), SpaceName("applelog", .applelog),
    // Film and ACES
    SpaceName("cineon", .cineon), SpaceName("acescct", .acescct), SpaceName("acescc", .acescc),
    // OpenColorIO's lg2 allocation (AgX)
    SpaceName("lg2", .lg2), SpaceName("log2", .lg2), SpaceName("agxlog", .lg2),
    SpaceName("agx", .lg2),
  ]

  static let gamutNames: [SpaceName] = [
    SpaceName("awg", nil, .awg3), SpaceName("awg3", nil, .awg3),
    SpaceName("alexawidegamut", nil, .awg3), SpaceName("awg4", nil, .awg4),
    SpaceName("sgamut", nil, .sgamut3), SpaceName("sgamut3", nil, .sgamut3),
    SpaceName("sgamut3cine", nil, .sgamut3cine), SpaceName("vgamut", nil, .vgamut),
    SpaceName("fgamut", nil, .rec2020), SpaceName("rwg", nil, .rwg),
    SpaceName("redwidegamut", nil, .rwg), SpaceName("redwidegamutrgb", nil, .rwg),
    SpaceName("dwg", nil, .dwg), SpaceName("davinciwidegamut", nil, .dwg),
    SpaceName("bmdwg", nil, .bmdwg), SpaceName("blackmagicwidegamut", nil, .bmdwg),
    SpaceName("cinemagamut", nil, .cinemaGamut), SpaceName("dgamut", nil, .dgamut),
    SpaceName("egamut", nil, .egamut),
    SpaceName("ap0", nil, .ap0), SpaceName("ap1", nil, .ap1),
    SpaceName("rec2020", nil, .rec2020), SpaceName("bt2020", nil, .rec2020),
    SpaceName("p3d65", nil, .p3), SpaceName("displayp3", nil, .p3),
  ]

  static let displayNames: [SpaceName] = [
    SpaceName("rec709", .bt1886, .rec709), SpaceName("bt709", .bt1886, .rec709),
    SpaceName("r709", .bt1886, .rec709), SpaceName("709", .bt1886, .rec709),
    SpaceName("lc709", .bt1886, .rec709), SpaceName("lc709typea", .bt1886, .rec709),
    SpaceName("bt1886", .bt1886, .rec709), SpaceName("gamma24", .bt1886, .rec709),
    SpaceName("srgb", .srgb, .rec709),
    SpaceName("video", .bt1886, .rec709, outputOnly: true),
    SpaceName("pq", .pq), SpaceName("st2084", .pq), SpaceName("smpte2084", .pq),
    SpaceName("hdr10", .pq),
    SpaceName("hlg", .hlg),
  ]
}
