import CubeAuthoring
import EDRPipeline

/// A 5×7 bitmap font of our own for plot labels, covering printable ASCII (32…126).
///
/// Each glyph is seven rows, top to bottom, written as two hex digits per row; bit 4 (0x10)
/// is the leftmost of the five columns. Characters outside the range draw as `?`.
enum BitmapFont {
  /// Glyph width in pixels.
  static let glyphWidth = 5
  /// Glyph height in pixels.
  static let glyphHeight = 7
  /// Horizontal distance from one character to the next (one blank column).
  static let advance = 6

  /// The glyph rows for ASCII 32…126, in order.
  private static let glyphs: [String] = [
    // ' '…'$'
    "00000000000000", "04040404040004", "0A0A0000000000", "0A0A1F0A1F0A0A", "040F140E051E04",
    // '%'…')'
    "18190204081303", "0C12140815120D", "04040000000000", "02040808080402", "08040202020408",
    // '*'…'.'
    "0004150E150400", "0004041F040400", "000000000C0408", "0000001F000000", "00000000000C0C",
    // '/'…'3'
    "00010204081000", "0E11131519110E", "040C040404040E", "0E11010204081F", "1F02040201110E",
    // '4'…'8'
    "02060A121F0202", "1F101E0101110E", "0608101E11110E", "1F010204080808", "0E11110E11110E",
    // '9'…'='
    "0E11110F01020C", "000C0C000C0C00", "000C0C000C0408", "02040810080402", "00001F001F0000",
    // '>'…'B'
    "08040201020408", "0E110102040004", "0E11010D15150E", "0E11111F111111", "1E11111E11111E",
    // 'C'…'G'
    "0E11101010110E", "1C12111111121C", "1F10101E10101F", "1F10101E101010", "0E11101711110F",
    // 'H'…'L'
    "1111111F111111", "0E04040404040E", "0702020202120C", "11121418141211", "1010101010101F",
    // 'M'…'Q'
    "111B1515111111", "11111915131111", "0E11111111110E", "1E11111E101010", "0E11111115120D",
    // 'R'…'V'
    "1E11111E141211", "0F10100E01011E", "1F040404040404", "1111111111110E", "11111111110A04",
    // 'W'…'['
    "1111111515150A", "11110A040A1111", "11110A04040404", "1F01020408101F", "0E08080808080E",
    // '\\'…'`'
    "00100804020100", "0E02020202020E", "040A1100000000", "0000000000001F", "08040000000000",
    // 'a'…'e'
    "00000E010F110F", "1010161911111E", "00000E1010110E", "01010D1311110F", "00000E111F100E",
    // 'f'…'j'
    "0609081C080808", "00000E110F010E", "10101619111111", "04000C0404040E", "0200060202120C",
    // 'k'…'o'
    "10101214181412", "0C04040404040E", "00001A15151111", "00001619111111", "00000E1111110E",
    // 'p'…'t'
    "00001E111E1010", "00000E110F0101", "00001619101010", "00000E100E011E", "08081C08080906",
    // 'u'…'y'
    "0000111111130D", "00001111110A04", "0000111115150A", "0000110A040A11", "000011110F010E",
    // 'z'…'~'
    "00001F0204081F", "02040408040402", "04040404040404", "08040402040408", "00000815020000",
  ]

  /// The seven row bit patterns of a character.
  static func rows(of character: Character) -> [UInt8] {
    let code = character.asciiValue.map(Int.init) ?? 63
    let index = (32...126).contains(code) ? code - 32 : 63 - 32
    let hex = Array(glyphs[index].utf8)
    return (0..<glyphHeight).map { row in
      UInt8(nibble(hex[2 * row]) << 4 | nibble(hex[2 * row + 1]))
    }
  }

  /// The pixel width of a line of text at `scale`.
  static func width(of text: String, scale: Int = 1) -> Int {
    text.isEmpty ? 0 : (text.count * advance - 1) * scale
  }

  /// The value of one hex digit (uppercase, as the table is written).
  private static func nibble(_ c: UInt8) -> UInt8 {
    c >= 65 ? c - 55 : c - 48
  }
}
