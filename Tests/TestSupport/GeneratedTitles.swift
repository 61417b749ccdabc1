// Titles in many scripts, generated from a fixed seed: what the pixel tests draw.

/// A small deterministic generator (a 64-bit LCG), so every run draws the same titles.
package struct Seeded {
  package var state: UInt64
  package init(state: UInt64) { self.state = state }
  package mutating func next(_ n: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(n))
  }
}

/// The kinds of title generated, one after another (right-to-left scripts are not among
/// them: Arabic's joined forms are not its characters' own advances; `rightToLeftTitles`).
package enum TitleScript: CaseIterable {
  case latin, chinese, japanese, korean, mixed, emoji, marks
}

/// `count` titles of 1 to `longest` grapheme clusters, cycling through the scripts.
package func generatedTitles(_ count: Int, longest: Int = 10, seed: UInt64 = 33) -> [String] {
  var r = Seeded(state: seed)
  let latin = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 ,.'!?éüñçßøå")
  let chinese = Array("宠物诊所开心咬人发烧心理医生快乐悲伤朋友小狗小猫今天明天我们你们他们电影卡通回家")
  let japanese = Array("あいうえおかきくけこさしすせそアイウエオカキクケコ日本語漢字の")
  let korean = Array("가나다라마바사아자차카타파하한국어안녕하세요")
  let emoji = ["☕", "⭐", "🚀", "🥐", "😀", "🐶", "❤️", "👍🏽", "👨‍👩‍👧", "🇨🇳"]
  let marks: [String] = ["e\u{301}", "a\u{308}", "o\u{302}\u{323}", "n\u{303}", "u\u{30A}"]
  var titles: [String] = []
  for i in 0..<count {
    let script = TitleScript.allCases[i % TitleScript.allCases.count]
    let length = 1 + r.next(longest)
    var t = ""
    for _ in 0..<length {
      switch script {
      case .latin: t.append(latin[r.next(latin.count)])
      case .chinese: t.append(chinese[r.next(chinese.count)])
      case .japanese: t.append(japanese[r.next(japanese.count)])
      case .korean: t.append(korean[r.next(korean.count)])
      case .mixed:
        let pick = r.next(3)
        t.append(
          pick == 0
            ? latin[r.next(latin.count)]
            : pick == 1 ? chinese[r.next(chinese.count)] : korean[r.next(korean.count)])
      case .emoji:
        t += r.next(2) == 0 ? emoji[r.next(emoji.count)] : String(latin[r.next(26)])
      case .marks:
        t += r.next(2) == 0 ? marks[r.next(marks.count)] : String(latin[r.next(52)])
      }
    }
    // No title starts or ends with a space: its width would be advance without ink.
    while t.first == " " || t.last == " " { t = "x" + t.trimmingSpaces() + "x" }
    titles.append(t)
  }
  return titles
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    var s = Substring(self)
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}

/// Arabic and Hebrew titles (with harakat and points), for the tests that only ask that
/// nothing overlaps or leaves its box.
package let rightToLeftTitles = [
  "مرحبا", "عيادة الحيوانات", "كَلْب سَعِيد", "שלום", "מרפאה וטרינרית", "שָׁלוֹם עוֹלָם",
  "Back ← مرحبا", "כלב 123",
]
