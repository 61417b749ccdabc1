import Face
import Render
import Testing

/// A palette's description (what tells a prototype's states apart) says every colour and
/// whether it steps: palettes that differ in one colour, or in stepping, are told apart.
@Test func aPaletteDescriptionTellsEveryColour() {
  let many = (0..<1000).map { Color(r: UInt8($0 % 256), g: UInt8($0 / 256), b: 7) }
  var other = many
  other[999] = Color(r: 0, g: 0, b: 0)
  let a = FillPalette(colors: many, stepped: false)
  #expect(a.description == FillPalette(colors: many, stepped: false).description)
  #expect(a.description != FillPalette(colors: other, stepped: false).description)
  #expect(a.description != FillPalette(colors: many, stepped: true).description)
  #expect(String(describing: [a]).contains(" 000007 010007"))
}
