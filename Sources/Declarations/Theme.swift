// The look of the screen's chrome: colours, gradients, fonts, sizes and corner radii, as
// one value. `ScreenParts` draws the chrome from it and nothing else, so a theme changes
// the look and never the layout (which Storyboard owns).
//
// The defaults are iOS 6's (the seed app's system, May 2013). Where each fact comes from:
// - Status bar 20 pt, navigation bar 44 pt (32 pt on an iPhone in landscape): Apple's iOS
//   Human Interface Guidelines of the time (and UINavigationBar's reference: "On iPhone,
//   changing the device orientation from portrait to landscape can change the height of
//   the navigation bar automatically").
// - The iPhone's status bar takes the average colour of the navigation bar's bottom pixel
//   row (iOS 6's "adaptive status bar", found by Simon Blommegård; macmixing.com, "How the
//   color-changing status bar works in iOS 6", after Cult of Mac); the iPad's stays black.
// - The default bar is a blue-grey gradient, lighter at the top, a light highlight line on
//   its top edge and a dark line at its bottom (Stack Overflow 15304629, "How can I
//   replicate UINavigationBar's gradient colors?", which eye-drops an iOS 6.1 Simulator's
//   bar); the colours here are read the same way and so are approximate.
// - Bar titles are bold white Helvetica (iOS 6's system font) with a dark shadow one point
//   above; the back button is a bordered bar button shaped as an arrow, its title the
//   previous item's title, bold white 12 pt (UINavigationBar / UIBarButtonItem references,
//   "bordered style").
// - UIButtonTypeRoundedRect: white, a grey border, rounded corners, a bold 15 pt title in
//   dark blue (about rgb 50, 79, 133), centred.
// - UIPopoverController: a dark navy frame with 7-point rounded corners, 8 points around
//   the content, a soft drop shadow, an arrow to the button; nothing behind it is dimmed.
//   A form sheet dims the screen behind it (UIModalPresentationFormSheet).
// - The back button's landscape artwork is 24 points tall (30 in portrait); the split
//   view's divider is dark. docs/ios6.md ("Chrome at rest") cites each fact.

import Files
import Render
import TextMetrics

/// The chrome's look. `ios6` is the built-in default.
public struct Theme: Equatable, Sendable {
  /// The theme's name (`theme "ios6" { … }`).
  public var name: String
  /// The font families of every chrome text, best first (SVG's `font-family`).
  public var fonts: [String]
  /// The screen's paper: a scene's background.
  public var background: Color

  /// The status bar where it does not take the bar's colour (the iPad's, and an iPhone
  /// whose `statusFromBar` is false).
  public var statusBar: Color
  /// Whether an iPhone's status bar takes the navigation bar's bottom colour (iOS 6).
  public var statusFromBar: Bool
  /// The status bar's text, signal and battery.
  public var statusText: Color

  /// The navigation bar's gradient, top and bottom.
  public var barTop: Color
  public var barBottom: Color
  /// The line along the bar's top edge (nil: none).
  public var barHighlight: Color?
  /// The line along the bar's bottom edge.
  public var barEdge: Color
  /// The bar's title.
  public var title: Color
  /// The title's shadow, one point above it (nil: none).
  public var titleShadow: Color?
  /// The title's size in a 44-point bar (a lower bar scales it).
  public var titleSize: Double
  /// Whether bar titles are bold.
  public var titleBold: Bool

  /// Whether the back button is a bordered arrow (iOS 6) or a plain "‹ title" (iOS 7).
  public var backBordered: Bool
  /// The back button's gradient, top and bottom, and its border.
  public var backTop: Color
  public var backBottom: Color
  public var backBorder: Color
  /// The back button's title (and a plain back button's chevron).
  public var backText: Color
  /// The back button's corner radius.
  public var backRadius: Double
  /// The back button's height in a 44-point bar (UIKit's artwork: 30).
  public var backHeight: Double
  /// The back button's height in an iPhone's 32-point landscape bar (its own artwork: 24).
  public var backHeightLandscape: Double

  /// A menu button's fill, border and title.
  public var buttonFill: Color
  public var buttonBorder: Color
  public var buttonText: Color
  /// A menu button's title size, weight and corner radius; whether its title is centred.
  public var buttonSize: Double
  public var buttonBold: Bool
  public var buttonRadius: Double
  public var buttonCentred: Bool

  /// A popover's frame gradient, top and bottom (its arrow takes the colour of the frame's
  /// edge it stands on).
  public var popoverTop: Color
  public var popoverBottom: Color
  /// The frame's width around the content, and the outer corners' radius.
  public var popoverFrame: Double
  public var popoverRadius: Double
  /// A popover arrow's base width and height (UIKit's iOS 6 artwork: 37 by 19).
  public var popoverArrowWidth: Double
  public var popoverArrowHeight: Double
  /// How dark the popover's drop shadow is right under its frame, 0…1 (0: none), and how
  /// many points it takes to fade out (it falls half that far below the frame).
  public var popoverShadow: Double
  public var popoverShadowBlur: Double
  /// The line between the iPad's master and detail in landscape.
  public var divider: Color
  /// How dark the dimming behind a form sheet is, 0…1.
  public var dim: Double

  /// iOS 6's look, the default.
  public static let ios6 = Theme(
    name: "ios6", fonts: TextWidth.families,
    background: .white,
    statusBar: .black, statusFromBar: true, statusText: .white,
    barTop: Color(r: 176, g: 188, b: 205), barBottom: Color(r: 109, g: 132, b: 162),
    barHighlight: Color(r: 214, g: 221, b: 230), barEdge: Color(r: 45, g: 54, b: 66),
    title: .white, titleShadow: Color(r: 54, g: 66, b: 82), titleSize: 20, titleBold: true,
    backBordered: true, backTop: Color(r: 132, g: 151, b: 178),
    backBottom: Color(r: 76, g: 101, b: 137), backBorder: Color(r: 55, g: 71, b: 97),
    backText: .white, backRadius: 5, backHeight: 30, backHeightLandscape: 24,
    buttonFill: .white, buttonBorder: Color(r: 160, g: 160, b: 160),
    buttonText: Color(r: 50, g: 79, b: 133), buttonSize: 15, buttonBold: true,
    buttonRadius: 10, buttonCentred: true,
    popoverTop: Color(r: 58, g: 70, b: 92), popoverBottom: Color(r: 12, g: 20, b: 36),
    popoverFrame: 8, popoverRadius: 7, popoverArrowWidth: 37, popoverArrowHeight: 19,
    popoverShadow: 0.5, popoverShadowBlur: 20,
    divider: Color(r: 26, g: 26, b: 26), dim: 0.4)

  /// The text style of chrome text in this theme.
  package func text(bold: Bool, centred: Bool = false) -> TextStyle {
    TextStyle(bold: bold, families: fonts, anchor: centred ? .middle : .start)
  }

  /// The status bar's colour on a device (the iPad's is black; an iPhone's, the bar's).
  package func statusBarColor(isPad: Bool) -> Color {
    !isPad && statusFromBar ? barEdge : statusBar
  }
}
