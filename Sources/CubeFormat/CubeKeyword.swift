/// The keywords of both `.cube` dialects (Adobe Cube LUT Specification 1.0 and Resolve).
public enum CubeKeyword: String, Sendable, Hashable, CaseIterable {
  /// `TITLE "text"`.
  case title = "TITLE"
  /// `DOMAIN_MIN r g b` (Adobe, per channel).
  case domainMin = "DOMAIN_MIN"
  /// `DOMAIN_MAX r g b` (Adobe, per channel).
  case domainMax = "DOMAIN_MAX"
  /// `LUT_1D_SIZE n`, 2…65536.
  case lut1DSize = "LUT_1D_SIZE"
  /// `LUT_2D_SIZE`: not a `.cube` table type; always rejected.
  case lut2DSize = "LUT_2D_SIZE"
  /// `LUT_3D_SIZE n`, 2…256 (257…1024 with a warning).
  case lut3DSize = "LUT_3D_SIZE"
  /// `LUT_1D_INPUT_RANGE min max` (Resolve, scalar).
  case lut1DInputRange = "LUT_1D_INPUT_RANGE"
  /// `LUT_3D_INPUT_RANGE min max` (Resolve, scalar).
  case lut3DInputRange = "LUT_3D_INPUT_RANGE"
  /// `LUT_IN_VIDEO_RANGE` (Resolve flag, no arguments).
  case inputVideoRange = "LUT_IN_VIDEO_RANGE"
  /// `LUT_OUT_VIDEO_RANGE` (Resolve flag, no arguments).
  case outputVideoRange = "LUT_OUT_VIDEO_RANGE"

  /// The keyword spelled by `bytes` in any letter case, or `nil` if unknown.
  init?(caseInsensitive bytes: UnsafeBufferPointer<UInt8>) {
    let upper = String(
      decoding: bytes.lazy.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
    self.init(rawValue: upper)
  }
}
