// The app's language tag and iOS 6's words for it, and UINavigationBar's title rule.

import Storyboard
import Testing

@Test func wellFormedLanguageTagsPassAndOthersGetTheNearest() {
  for tag in ["en", "zh-Hans", "zh-hant-TW", "ja", "ko-KR", "de-CH-1996", "es-419", "sr-Latn-RS"] {
    #expect(LanguageTag.problem(tag) == nil, "\(tag)")
  }
  #expect(LanguageTag.nearest("zh_hans") == "zh-Hans")
  #expect(LanguageTag.nearest("zh_CN") == "zh-CN")
  #expect(LanguageTag.nearest("Chinese") == "zh")
  #expect(LanguageTag.nearest("en us") == "en-US")
  #expect(LanguageTag.nearest("12") == "en")
  for bad in ["zh_hans", "english", "", "z", "zh--Hans", "zh-Hans-", "中文"] {
    let problem = LanguageTag.problem(bad)
    #expect(problem != nil, "\(bad)")
    // The suggestion is itself well formed.
    #expect(LanguageTag.isWellFormed(LanguageTag.nearest(bad)), "\(bad)")
  }
  #expect(LanguageTag.problem("zh_hans")?.contains("did you mean 'zh-Hans'") == true)
}

@Test func iOS6WordsInTheAppsLanguage() {
  #expect(IOS6Words(language: "en").back == "Back")
  #expect(IOS6Words(language: "zh-Hans").back == "返回")
  #expect(IOS6Words(language: "zh-Hans").time(hour: 9, minute: 41) == "上午9:41")
  #expect(IOS6Words(language: "zh-Hant").time(hour: 21, minute: 5) == "下午9:05")
  #expect(IOS6Words(language: "en-GB").time(hour: 9, minute: 41) == "9:41 AM")
  #expect(IOS6Words(language: "de").time(hour: 9, minute: 41) == "09:41")
  #expect(IOS6Words(language: "xx").back == "Back")
}

@Test func aBarTitleIsCentredMovedOrCut() {
  let one: (Character) -> Double = { _ in 1 }
  // Fits centred: at the middle.
  var p = BarTitle.place("abcd", middle: 50, left: 20, right: 95, measure: one)
  #expect(p.text == "abcd" && p.centre == 50)
  // Centred would run under the back button: moved right, whole.
  p = BarTitle.place(
    String(repeating: "x", count: 70), middle: 50, left: 20, right: 95, measure: one)
  #expect(p.text.count == 70 && p.centre - p.width / 2 >= 20 && p.centre + p.width / 2 <= 95)
  // Longer than the room: cut with "…" to fill it, never left of the back button.
  p = BarTitle.place(
    String(repeating: "y", count: 90), middle: 50, left: 20, right: 95, measure: one)
  #expect(p.text.hasSuffix("…") && p.width <= 75 && p.centre - p.width / 2 >= 20)
}
