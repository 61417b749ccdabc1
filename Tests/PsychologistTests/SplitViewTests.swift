import LuaHost
import Psychologist
import Storyboard
import Testing

/// The iPad's split view in portrait, as a script drives it: the master hidden behind the
/// detail's bar button, shown in a popover by `s:show_master()`, and rotation keeping the
/// state (UISplitViewController on iOS 5/6).
@Suite struct SplitViewTests {
  @Test func theBarButtonShowsTheMenuAndADiagnosisDismissesIt() throws {
    let lines = try run(
      """
      require "ipad"
      local s = session { device = "ipad", orientation = "portrait" }
      print("[" .. s.scene .. "]")  -- the empty detail
      s:show_master() print(s.scene)
      s:tap("bite") print(s.scene, s.happiness, table.concat(s.stack, ">"))
      s:show_master() s:show_master() print(s.scene, s:back(), s.scene, s.happiness)
      print(s:back())
      """)
    #expect(
      lines == [
        "[]", "Psychologist", "Happiness\t70\tPsychologist>Happiness",
        "Psychologist\ttrue\tHappiness\t70", "false",
      ])
  }

  @Test func rotatingKeepsTheState() throws {
    let lines = try run(
      """
      require "ipad"
      local s = session { device = "ipad", orientation = "landscape" }
      s:tap("bite") s:pan(-20)
      local before = s:svg { screen = true }
      s:rotate() print(s.orientation, s.scene, s.happiness, table.concat(s.stack, ">"))
      s:show_master() print(s.scene)
      s:rotate() print(s.orientation, s.scene)
      s:tap("flaying") print(s.happiness)
      s:rotate() print(s.orientation, s.scene, s.happiness)
      s:rotate() s:tap("bite") s:pan(-20)
      print(s:svg { screen = true } == before)
      """)
    #expect(
      lines == [
        "portrait\tHappiness\t80\tPsychologist>Happiness", "Psychologist",
        "landscape\tPsychologist", "86", "portrait\tHappiness\t86", "true",
      ])
  }

  @Test func showMasterWhereThereIsNoneSaysWhyAndWhere() {
    let cases: [(String, String)] = [
      ("device = 'iphone'", "an iphone has no split view"),
      ("device = 'ipad', orientation = 'landscape'", "in landscape the master is always on screen"),
    ]
    for (options, why) in cases {
      let e = error(
        """
        require "ipad"
        local s = session { \(options) }
        s:show_master()
        """)
      #expect(e?.message == "cannot show the master: \(why)")
      #expect(e?.location?.description.hasSuffix(":3") == true)
    }
    let covered = error(
      """
      require "ipad"
      local s = session { device = "ipad" }
      s:perform("cartoon")
      s:show_master()
      """)
    #expect(covered?.message.hasPrefix("cannot show the master: a modal ('Happiness')") == true)
  }
}
