import Psychologist
import TestSupport
import Testing

/// `play` asks for a transition after every tap and moves its own cells: the movie draws
/// the two screens (running the features' Lua) only when its frames are drawn.
@Test func aTransitionDrawsItsScreensOnlyWhenItsFramesAreDrawn() throws {
  let folder = try temporaryFolder()
  defer { removeFolder(folder) }
  let path = folder + "/s.lua"
  let lua = """
    diagnosis "bite" { happiness = 70 }
    feature "broken" { everywhere = true, draw = function(face, pen) error("drawn") end }
    """
  try writeFile(path, lua)
  let script = try Script(path: path)
  try script.load()
  let session = try Session(script: script, device: .iphone, orientation: .portrait)
  let before = session.navigator
  try session.tap("bite")
  // Nothing is drawn yet: the placements and what moves are known without the screens.
  let movie = try session.transition(from: before, tapped: "bite")
  #expect(movie.style == .push && !movie.movesScreens && movie.pane == .navigation)
  #expect(try movie.placements(at: 0.5).to.dx > 0)
  // Drawing a frame draws the face, whose feature fails: the error comes then.
  #expect(throws: (any Error).self) { try movie.frame(at: 0.5) }
}
