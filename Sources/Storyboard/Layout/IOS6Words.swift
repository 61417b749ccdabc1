// The few words the system chrome of iOS 6 wrote itself, in the app's language: the back
// button's "Back" (when the scene below's title does not fit) and the status bar's clock.
//
// Where they come from: UIKit looked "Back" up in its own bundle (the key "Back" of
// com.apple.UIKit's Localizable.strings, as apps still read it, e.g. Nanoray-pl/iOS-Kokoro's
// KokoroUI/Utils/SystemUILocalizable.swift; the per-language values are listed by
// applelocalization.com): 返回 (zh_CN, zh_TW), 戻る (ja), 뒤로 (ko), Zurück (de), Retour
// (fr), Atrás (es), Indietro (it), Voltar (pt), Назад (ru). The clock followed the region's
// short time format of the day: "9:41 AM" (en_US), "上午9:41" (zh_CN's ah:mm without the
// zero), "9:41" (ja_JP, 24-hour), "오전 9:41" (ko_KR), "09:41" (de, fr, it, pt, ru),
// "9:41" (es). A language not listed here reads English.

/// iOS 6's words for one language.
public struct IOS6Words: Equatable, Sendable {
  /// The BCP 47 tag asked for.
  public var language: String
  /// The back button's fallback title.
  public var back: String
  /// The clock's pattern: "h:mm a" style pieces chosen below.
  private var clock: Clock

  private enum Clock: Equatable, Sendable {
    case english, chinese, korean, twentyFour, twentyFourPadded
  }

  /// The words of `language` (its primary subtag, and the script for Chinese).
  public init(language: String) {
    self.language = language
    let primary = language.split(separator: "-").first.map { $0.lowercased() } ?? "en"
    switch primary {
    case "zh": (back, clock) = ("返回", .chinese)
    case "ja": (back, clock) = ("戻る", .twentyFour)
    case "ko": (back, clock) = ("뒤로", .korean)
    case "de": (back, clock) = ("Zurück", .twentyFourPadded)
    case "fr": (back, clock) = ("Retour", .twentyFourPadded)
    case "es": (back, clock) = ("Atrás", .twentyFour)
    case "it": (back, clock) = ("Indietro", .twentyFourPadded)
    case "pt": (back, clock) = ("Voltar", .twentyFourPadded)
    case "ru": (back, clock) = ("Назад", .twentyFourPadded)
    default: (back, clock) = ("Back", .english)
    }
  }

  /// The status bar's clock at `hour`:`minute` (0–23, 0–59).
  public func time(hour: Int, minute: Int) -> String {
    let mm = minute < 10 ? "0\(minute)" : "\(minute)"
    let twelve = hour % 12 == 0 ? 12 : hour % 12
    switch clock {
    case .english: return "\(twelve):\(mm) \(hour < 12 ? "AM" : "PM")"
    case .chinese: return "\(hour < 12 ? "上午" : "下午")\(twelve):\(mm)"
    case .korean: return "\(hour < 12 ? "오전" : "오후") \(twelve):\(mm)"
    case .twentyFour: return "\(hour):\(mm)"
    case .twentyFourPadded: return "\(hour < 10 ? "0" : "")\(hour):\(mm)"
    }
  }
}
