import Channels

// Made by scripts/lua-api from types/psychologist.lua: edit that file, then run it.

/// The LuaCATS definitions of the Lua API, as types/psychologist.lua holds them.
public let luaAPIDefinitions = ##"""
---@meta
-- The Lua API of the psychologist host, for lua-language-server (LuaCATS annotations).
-- Editors that read .luarc.json at the project's root find this folder on their own;
-- elsewhere add it to `workspace.library`. Nothing here runs: the host defines it all.
-- Tests/PsychologistTests/DefinitionFileTests.swift checks that every global, method and
-- field the host exposes is named here, and nothing else.

-- ---------------------------------------------------------------------------------------
-- Names

---@alias psychologist.DeviceName
---| "iphone"  # 320×480 points, a navigation controller
---| "iphone5" # 320×568 points
---| "ipad"    # 768×1024 points, a split view

---@alias psychologist.OrientationName "portrait"|"landscape"

---A built-in segue kind, or the name of a `segue_kind`.
---@alias psychologist.KindName "push"|"modal"|"popover"|"replace"|string

---One of the 148 CSS colour names (`"saddlebrown"`, `"dodgerblue"`, any letter case), or
---`"#rgb"` / `"#rrggbb"`; a wrong name is refused with the nearest names.
---@alias psychologist.ColorName string

-- ---------------------------------------------------------------------------------------
-- Declarations

---The fields of `diagnosis "name" { … }`: a button of the menu that computes a happiness
---and performs a segue.
---@class psychologist.DiagnosisFields
---0 (unhappy) … 100 (happy), or a function of the tap's input returning one
---(outside 0 … 100 an error, unless `clamp = true`).
---@field happiness? number|fun(input: table): number
---Its button's label, and the title of the scene it leads to: a diagnosis's title wins
---over its segue's (a menu its segue shows titles itself).
---@field title? string
---The segue it performs; `"showDiagnosis"` unless named.
---@field segue? string
---An expression besides or instead of happiness, fixed or computed from the input.
---@field expression? psychologist.Expression|fun(input: table): psychologist.Expression
---Features drawn on its faces (a feature some diagnosis lists goes only on those faces,
---unless the feature says `everywhere = true`).
---@field features? string[]
---A named style for its face (`style "name" { … }`); `--style` wins over it.
---@field style? string
---A computed happiness outside 0 … 100 is clamped instead of an error.
---@field clamp? boolean
---Inputs `psychologist check` taps the diagnosis with (default: `{}` alone).
---@field examples? table[]
---Facial channels drawn from the row's columns: `{ smile = "mpg", head_width = "wt",
---hair = { column = "hp", reverse = true }, … }`, each column scaled to its channel's range
---from the column's range (`ranges`, `--ranges FILE`, else the data's own min and max), or
---a function of the row returning channel values `{ smile = 0.4, eye_size = 1, … }`; its
---second argument holds the row's numbers scaled to 0…1 by their columns' ranges.
---Any channel may be given per half of the face (the viewer's left and right, Flury and
---Riedwyl's asymmetric faces): `left = { smile = "mpg" }`, `right = { … }`, or
---`smile = { left = "mpg", right = "qsec" }`; a function may return the same shapes.
---Channels (0 … 1 unless said; where each draws: the README's channel table), Chernoff's 18:
---head_width, head_split, head_height, forehead_width, jaw_width, nose_length,
---mouth_height, smile (-1 … 1), mouth_width, eye_height, eye_spacing, eye_slant,
---eye_eccentricity, eye_size, pupil, brow_height, brow_slant, brow_width; and eye_opening,
---mouth_opening, nose_width, ear_size, hair, face_color.
---@field channels? psychologist.Channels|fun(input: table, scaled: table<string, number>): psychologist.ChannelValues
---Column ranges `{ mpg = {10, 35}, … }` the channels scale from (streams, shards).
---@field ranges? table<string, number[]>
---What a row without a value in a channel's column draws (default "neutral": the channel's
---middle, the face marked ×); "mean": the column's mean; "drop": the row is left out;
---"error": the row fails. A channel's own `missing` wins.
---@field missing? psychologist.MissingPolicy
---The texts read as a missing value, compared without case (default: "", NA, N/A, NaN, null,
---None, nil, -, ., ?, missing); other text in a mapped column fails its row.
---@field missing_words? string[]
---How numeric columns are scaled to their channels, unless a channel says (default
---"column": each from its own min to max; "common": one min and max over all such columns;
---"centred": the column's mean at the neutral middle, its largest deviation at the ends;
---"none": values are the channel's own, clamped).
---@field scale? psychologist.ChannelScale
---The colours face_color runs through, for a channels function too: a palette's name.
---@field palette? psychologist.PaletteName
---Replace an earlier declaration of the same name instead of being an error.
---@field override? boolean

---@alias psychologist.MissingPolicy "neutral"|"mean"|"drop"|"error"

---@alias psychologist.ChannelScale "column"|"common"|"centred"|"centered"|"none"

---viridis, then ColorBrewer's sequential, diverging and qualitative sets (any letter case).
---@alias psychologist.PaletteName "viridis"|"Blues"|"Greens"|"Greys"|"Oranges"|"Purples"|"Reds"|"YlGnBu"|"YlOrRd"|"PiYG"|"RdBu"|"RdYlBu"|"Spectral"|"Accent"|"Dark2"|"Paired"|"Pastel1"|"Pastel2"|"Set1"|"Set2"|"Set3"

---A column driving a channel, maybe reversed (high values draw the channel's low end).
---@class psychologist.ColumnChannel
---@field column string
---@field reverse? boolean
---@field missing? psychologist.MissingPolicy
---This channel's scaling (else the diagnosis's `scale`).
---@field scale? psychologist.ChannelScale
---A text column's values in order: level i of n draws i / (n − 1) of the channel's range
---(default: the levels in order of appearance, found by batch's first pass over a file).
---@field levels? (string|number)[]
---face_color only: a palette's name.
---@field palette? psychologist.PaletteName
---face_color only: colours of one's own, `{ "#1b9e77", "teal", … }`, blended in order (a
---text column with as many levels as colours: one each).
---@field colors? psychologist.ColorName[]

---A channel computed from the row beside channels naming columns: its value, or nil.
---`scaled` holds the row's numbers scaled to 0…1 by their columns' ranges.
---@alias psychologist.ChannelFunction fun(input: table, scaled: table<string, number>): number?

---A channel's column: one for both halves, or each half its own.
---@alias psychologist.ChannelColumn string|psychologist.ColumnChannel|psychologist.ChannelFunction|{ left?: string|psychologist.ColumnChannel|psychologist.ChannelFunction, right?: string|psychologist.ColumnChannel|psychologist.ChannelFunction }

---A diagnosis's channels: channel names to columns, and `left`/`right` tables of one
---half's channels.
---@class psychologist.Channels
---@field left? table<psychologist.ChannelName, string|psychologist.ColumnChannel>
---@field right? table<psychologist.ChannelName, string|psychologist.ColumnChannel>
---@field [psychologist.ChannelName] psychologist.ChannelColumn

---What a channels function returns: channel names to values (or `{ left = v, right = v }`),
---and `left`/`right` tables of one half's values.
---@class psychologist.ChannelValues
---@field left? table<psychologist.ChannelName, number>
---@field right? table<psychologist.ChannelName, number>
---@field [psychologist.ChannelName] number|{ left?: number, right?: number }

---The channels' names.
---@alias psychologist.ChannelName
---| "head_width" # the head's half width at the split, 0.6 s … s (s: the head's radius)
---| "head_height" # the head's half height, 0.6 s … s
---| "head_split" # where the outline's halves meet: 0.3 of the half height below (0) … above (1) the centre
---| "forehead_width" # the upper half: pointed (0) … elliptic (0.5) … square (1)
---| "jaw_width" # the lower half: a pointed chin (0) … a square jaw (1)
---| "eye_size" # the eyes' radius, 0.04 s … 0.16 s
---| "eye_spacing" # each eye 0.2 … 0.5 of the half width from the centre line
---| "eye_height" # the eyes 0.15 … 0.55 of the half height above the centre
---| "eye_slant" # outer corners 30° down (0) … level (0.5) … 30° up (1)
---| "eye_eccentricity" # round (0) … 0.4 as tall as wide (1)
---| "pupil" # pupils looking left (0), ahead (0.5), right (1)
---| "eye_opening" # closed (0) … open (1)
---| "brow_height" # brows 1.4 … 3 eye radii above the eyes
---| "brow_slant" # inner ends up (0), level (0.5), down (1)
---| "brow_width" # brows' half length, 0.8 … 2.2 eye radii
---| "mouth_width" # the mouth's half width, 0.2 … 0.7 of the half width
---| "mouth_height" # the mouth's ends 0.55 (0) … 0.25 (1) of the half height below the centre
---| "smile" # -1 (frown) … 1 (smile)
---| "mouth_opening" # a lower lip 0 … 0.3 s below the mouth
---| "nose_length" # a triangle nose 0.1 s … 0.4 s long
---| "nose_width" # its base 0.08 s … 0.4 s wide
---| "ear_size" # ears 0.12 s … 0.4 s tall at the split
---| "hair" # a fringe of 9 strands, 0 … 0.2 s long
---| "face_color" # the head's fill: pale blue, green, yellow, orange, red

---An expression (all optional): `mouth` -1 (frown) … 1 (smile) overrides the happiness's
---curve; `eyes` 1 open … 0 closed (drawn as a line); `brows` -1 furrowed … 1 relaxed
---(eyebrows are drawn only when given).
---@class psychologist.Expression
---@field mouth? number
---@field eyes? number
---@field brows? number

---The fields of `segue "identifier" { … }`: how a scene appears and with what face.
---@class psychologist.SegueFields
---A kind for every device, or one per device: `{ iphone = "push", ipad = "replace" }`.
---@field kind? psychologist.KindName|table<psychologist.DeviceName, psychologist.KindName>
---The happiness it gives its scene: a number or a function of the context.
---@field happiness? number|fun(ctx: psychologist.SegueContext): number
---Its button's label (a button segue), and its scene's title when the tapped diagnosis has
---none (or `s:perform` performs it): a diagnosis's title wins. `check` notes one no tap
---shows.
---@field title? string
---A popover's content size (default 320×320).
---@field size? psychologist.Size
---A named style for its face.
---@field style? string
---A computed happiness outside 0 … 100 is clamped instead of an error.
---@field clamp? boolean
---`false`: a manual segue, on no menu, performed only by the diagnoses that name it
---(`segue = "…"`), by `s:perform` and by `show` (default: true, a menu button).
---@field button? boolean
---The name of a `menu` it shows instead of a face (then no happiness, style or clamp).
---@field menu? string
---Replace an earlier declaration of the same identifier.
---@field override? boolean

---The fields of `app { … }`: the app itself.
---@class psychologist.AppFields
---The root menu's title: its bar, the iPad's bar button, the back button above it, play's
---screen, `list`, `s.scene` and `s.stack` (default: "Psychologist").
---@field title? string
---The app's language, a BCP 47 tag such as "zh-Hans" (default "en"): the page's `lang`, the
---back button's "Back" (返回) and the status bar's clock (上午9:41) as iOS 6 wrote them.
---@field language? string
---Replace an earlier `app { … }`.
---@field override? boolean
---The theme every screen of the app is drawn in (a `theme` the script declares, or "ios6"),
---unless `--theme` or a session's own names another.
---@field theme? string

---The fields of `menu "name" { … }`: a menu scene besides the root, shown by a segue that
---says `menu = "name"`. The root menu lists the buttons no other menu claims.
---@class psychologist.MenuFields
---Its scene's title (default: the showing segue's title, else the name).
---@field title? string
---Diagnoses and button segues, by name, in the order shown (at least one).
---@field buttons string[]
---Its buttons may be on other menus too (else a button is on one menu only).
---@field shared? boolean
---Replace an earlier menu of the same name.
---@field override? boolean

---@class psychologist.Size
---@field width number
---@field height number

---What a segue's happiness function and a kind's `perform` learn about the segue.
---@class psychologist.SegueContext
---The last diagnosis (nil before any tap).
---@field diagnosis number?
---The segue's identifier.
---@field segue string
---@field device psychologist.DeviceName
---@field orientation psychologist.OrientationName

---The fields of `segue_kind "name" { … }`: a custom kind written in Lua.
---@class psychologist.SegueKindFields
---Shows the scene: must call one of `nav:push`, `nav:present`, `nav:popover`,
---`nav:replace`, or the segue fails.
---@field perform fun(nav: psychologist.Nav, scene: psychologist.Scene, ctx: psychologist.SegueContext)
---How the new screen appears (default: a cross-fade): a function of the progress t (0…1)
---returning the placements of the screen before and the screen after, or keyframes.
---@field animate? (fun(t: number, from: psychologist.TransitionScreen, to: psychologist.TransitionScreen): psychologist.Placement?, psychologist.Placement?) | psychologist.Keyframe[]
---Whether the animation moves the navigation bars with their scenes ("move") or only the
---content, the bars staying where they rest, the new one fading in ("stay", the default).
---@field bars? "stay"|"move"
---The devices the kind exists on (default: all).
---@field devices? psychologist.DeviceName[]
---Replace an earlier kind of the same name.
---@field override? boolean

---Where a screen is drawn during a transition, relative to where it rests (fields left out
---are at rest). Checked: finite, |x| and |y| ≤ 10000, scale 0…100, opacity 0…1.
---@class psychologist.Placement
---Points to the right.
---@field x? number
---Points down.
---@field y? number
---Scale about the screen's centre (1: its size).
---@field scale? number
---0 (invisible) … 1.
---@field opacity? number

---One keyframe of a kind's `animate` list: placements at the moment t (rising, 0…1).
---@class psychologist.Keyframe
---@field t number
---@field from? psychologist.Placement
---@field to? psychologist.Placement

---What an `animate` function learns about each screen.
---@class psychologist.TransitionScreen
---@field width number
---@field height number
---@field title string

---The fields of `feature "name" { … }`: drawing added to faces.
---@class psychologist.FeatureFields
---Draws with the pen in face units; called every time the face is drawn.
---@field draw fun(face: psychologist.Face, pen: psychologist.Pen)
---true: on every face; false: only on faces of diagnoses that list it. Unsaid: every face
---unless some diagnosis lists it.
---@field everywhere? boolean
---Replace an earlier feature of the same name.
---@field override? boolean

---The fields of `style { … }` (every face) and `style "name" { … }` (chosen by a
---diagnosis, a segue or `--style`). Proportions are fractions of the head's radius.
---@class psychologist.StyleFields
---The head's radius over half the view's smaller side (0.90).
---@field scale? number
---Stroke width in points (5).
---@field line_width? number
---Stroke colour ("blue").
---@field color? psychologist.ColorName
---Each eye's distance from the centre (0.35).
---@field eye_h? number
---The eyes' height above the centre (0.35).
---@field eye_v? number
---An eye's radius (0.10).
---@field eye_radius? number
---Half the mouth's width (0.45).
---@field mouth_h? number
---The mouth's depth below the centre (0.40).
---@field mouth_v? number
---How far a full smile bends the mouth (0.25).
---@field mouth_smile? number
---Replace an earlier named style of the same name (the global style always accumulates).
---@field override? boolean

---The fields of `theme "name" { … }`: the chrome's look, each field over iOS 6's (the
---built-in theme `ios6`, which declaring `theme "ios6" { … }` changes). Colours are a name
---or `"#rrggbb"`; chosen by `--theme NAME` or `session { theme = "name" }`.
---@class psychologist.ThemeFields
---Font families of every chrome text, best first (Helvetica, Arial, Liberation Sans, then CJK families, then sans-serif).
---@field fonts? string[]
---A scene's background ("white").
---@field background? psychologist.ColorName
---The status bar where it does not take the bar's colour: the iPad's ("black").
---@field status_bar? psychologist.ColorName
---Whether an iPhone's status bar takes the bar's dark edge colour, as iOS 6's did (true).
---@field status_from_bar? boolean
---The status bar's text, signal and battery ("white").
---@field status_text? psychologist.ColorName
---The navigation bar's gradient, top ("#b0bccd") and bottom ("#6d84a2").
---@field bar_top? psychologist.ColorName
---@field bar_bottom? psychologist.ColorName
---The light line along the bar's top ("#d6dde6"), false for none.
---@field bar_highlight? psychologist.ColorName|false
---The line along the bar's bottom ("#2d3642").
---@field bar_edge? psychologist.ColorName
---The bar's title ("white").
---@field title? psychologist.ColorName
---The title's shadow, a point above it ("#364252"), false for none.
---@field title_shadow? psychologist.ColorName|false
---The title's size in a 44-point bar, 1…100 (20).
---@field title_size? number
---Whether bar titles are bold (true).
---@field title_bold? boolean
---Whether the back button is a bordered arrow (true) or a plain "‹ title" (iOS 7).
---@field back_bordered? boolean
---The back button's gradient, top ("#8497b2") and bottom ("#4c6589"), and border ("#374761").
---@field back_top? psychologist.ColorName
---@field back_bottom? psychologist.ColorName
---@field back_border? psychologist.ColorName
---The back button's title ("white").
---@field back_text? psychologist.ColorName
---The back button's corner radius, 0…50 (5).
---@field back_radius? number
---The back button's height in a 44-point bar, 1…44 (30), and in an iPhone's 32-point
---landscape bar, 1…32 (24: iOS 6's landscape artwork; its text is not made smaller).
---@field back_height? number
---@field back_height_landscape? number
---A menu button's fill ("white"), border ("#a0a0a0") and title ("#324f85").
---@field button_fill? psychologist.ColorName
---@field button_border? psychologist.ColorName
---@field button_text? psychologist.ColorName
---A menu button's title size, 1…100 (15), weight (bold) and corner radius, 0…50 (10).
---@field button_size? number
---@field button_bold? boolean
---@field button_radius? number
---Whether a menu button's title is centred (true) or at its left.
---@field button_centred? boolean
---A popover's frame gradient, top ("#3a465c") and bottom ("#0c1424").
---@field popover_top? psychologist.ColorName
---@field popover_bottom? psychologist.ColorName
---The popover frame's width around its content, 0…50 (8), and corner radius, 0…50 (7).
---@field popover_frame? number
---@field popover_radius? number
---A popover arrow's base width, 0…100 (37), and height from base to tip, 0…100 (19): the
---height is also the gap between the popover and its button.
---@field popover_arrow_width? number
---@field popover_arrow_height? number
---How dark a popover's drop shadow is under its frame, 0…1 (0.5; 0 for none), and the
---points it fades out over, 0…100 (20; it falls half as far below the frame).
---@field popover_shadow? number
---@field popover_shadow_blur? number
---The line between the iPad's master and detail in landscape ("#1a1a1a").
---@field divider? psychologist.ColorName
---How dark the dimming behind a form sheet is, 0…1 (0.4).
---@field dim? number
---Replace an earlier theme of the same name.
---@field override? boolean

-- ---------------------------------------------------------------------------------------
-- Custom kinds: nav and scene

---The scene a segue is about to show (pass it to `nav`'s methods).
---@class psychologist.Scene
---@field title string

---`nav` in a kind's `perform(nav, scene, ctx)`: the storyboard's navigation. Valid only
---while that `perform` runs: a `nav` kept and used later (even after `perform` failed)
---is refused with an error naming `file:line`.
---@class psychologist.Nav
---The device the session runs on.
---@field device psychologist.DeviceName
---Its orientation now.
---@field orientation psychologist.OrientationName
local Nav = {}

---Pushes the scene onto the navigation stack.
---@param scene psychologist.Scene
function Nav:push(scene) end

---Presents the scene modally (full screen; a form sheet on an iPad).
---@param scene psychologist.Scene
function Nav:present(scene) end

---Shows the scene in a popover (iPad only); `size` overrides the segue's.
---@param scene psychologist.Scene
---@param size? psychologist.Size
function Nav:popover(scene, size) end

---Replaces the split view's detail scene (iPad only).
---@param scene psychologist.Scene
function Nav:replace(scene) end

---Dismisses what is presented (does not show the scene by itself).
function Nav:dismiss() end

---Pops the navigation stack (does not show the scene by itself).
function Nav:pop() end

-- ---------------------------------------------------------------------------------------
-- Features: face and pen

---What a feature's `draw` learns about the face it adds to.
---@class psychologist.Face
---The head's radius in points.
---@field size number
---0 … 100.
---@field happiness number
---The mouth's curve, -1 … 1.
---@field smile number
---The head's radius over half the view's smaller side.
---@field scale number
---The face's expression (`eyes` is 1 when none was given).
---@field expression psychologist.Expression
---The row (the tap's input) the diagnosis was given: a batch's row, `show --input`'s
---table; nil when the face came from no tap.
---@field input? table

---The pen a feature draws with: face units (origin at the face's centre, 1 = the head's
---radius, y down), stroked in the face's colour and width until changed, clipped to the
---view. At most 10000 strokes a feature.
---@class psychologist.Pen
local Pen = {}

---Moves the pen without drawing.
---@param x number
---@param y number
function Pen:move(x, y) end

---Draws a straight line from the pen to (x, y).
---@param x number
---@param y number
function Pen:line(x, y) end

---Draws a cubic Bézier from the pen (after a `move`) to (x, y).
---@param x1 number
---@param y1 number
---@param x2 number
---@param y2 number
---@param x number
---@param y number
function Pen:curve(x1, y1, x2, y2, x, y) end

---Draws a circle.
---@param x number
---@param y number
---@param r number
function Pen:circle(x, y, r) end

---Draws an arc of the circle at (x, y) of radius r, angles in radians, clockwise on
---screen (y down): 0 points right, math.pi / 2 down.
---@param x number
---@param y number
---@param r number
---@param from number
---@param to number
function Pen:arc(x, y, r, from, to) end

---Sets the stroke colour of what follows.
---@param name psychologist.ColorName
function Pen:color(name) end

---Sets the stroke width in points (above 0, at most 100).
---@param points number
function Pen:width(points) end

-- ---------------------------------------------------------------------------------------
-- Sessions

---@class psychologist.SessionOptions
---The device (default: `--device`, else iphone).
---@field device? psychologist.DeviceName
---The orientation (default: `--orientation`, else portrait).
---@field orientation? psychologist.OrientationName
---The theme its screens are drawn in (default: `--theme`, else ios6).
---@field theme? string

---@class psychologist.SvgOptions
---Draw the whole device screen (bars, split view, popovers), not just the face.
---@field screen? boolean

---@class psychologist.TerminalOptions
---Cells wide (4 … 1000, default 80).
---@field columns? integer
---Cells high (2 … 500, default 24).
---@field rows? integer
---Plain ASCII instead of braille.
---@field ascii? boolean
---The whole device screen.
---@field screen? boolean

---@class psychologist.SnapshotOptions
---The whole device screen.
---@field screen? boolean

---@class psychologist.Point
---@field x number
---@field y number

---The focused face's geometry in points (`s:face()`).
---@class psychologist.FaceGeometry
---@field center psychologist.Point
---@field size number
---@field line_width number
---@field eyes { left: psychologist.Point, right: psychologist.Point, radius: number, open: number }
---@field mouth { start: psychologist.Point, control1: psychologist.Point, control2: psychologist.Point, end: psychologist.Point }
---@field happiness number
---@field smile number
---@field scale number

---A headless run of the app, driven as a person would.
---@class psychologist.Session
---The focused face's happiness (nil on the menu); assignable, clamped to 0 … 100.
---@field happiness number?
---The focused face's scale (nil on the menu); assignable.
---@field scale number?
---The focused scene's title (the root menu's is the app's title).
---@field scene string
---The titles on screen, from the root outwards (an iPad's detail that shows nothing yet is
---left out).
---@field stack string[]
---@field device psychologist.DeviceName
---@field orientation psychologist.OrientationName
---The last diagnosis a tap set (nil before any).
---@field diagnosis number?
---The buttons a tap reaches now, the frontmost menu's first (none while no menu is on
---screen): a menu's buttons can be tapped when it is the top scene of a pane on screen
---(an iPad's master in portrait counts: its bar button shows it) and no modal covers it.
---@field buttons string[]
local Session = {}

---Taps a diagnosis (or a segue's button) on a menu on screen; `input` reaches its
---functions. A manual segue (`button = false`) has no button to tap.
---@param name string
---@param input? table
function Session:tap(name, input) end

---Performs a segue by identifier: a button's from its menu, which must be on screen; a
---manual one from wherever the app is.
---@param identifier string
function Session:perform(identifier) end

---A vertical pan by `dy` points: happiness -= dy / 2.
---@param dy number
function Session:pan(dy) end

---A pinch: scale *= factor.
---@param factor number
function Session:pinch(factor) end

---Turns the device a quarter turn. On an iPad, turning to portrait hides the master (the
---focus goes to the detail) and turning to landscape shows both panes; the scenes stay.
function Session:rotate() end

---Taps the bar button of the iPad's detail in portrait: the master (the menu, or what was
---pushed on it) shows in a popover hanging from it, until a diagnosis shown in the detail
---or `back()` dismisses it. An error on an iPhone, in landscape or under a modal.
function Session:show_master() end

---Pops or dismisses.
---@return boolean went_back false when there was nothing to go back to
function Session:back() end

---Scrolls the menu `n` buttons on (back when negative) when it holds more buttons than
---fit, as `show --screen` and `play` show it, staying within the scrolling there is (the
---last button no higher than the last row). `n` must be a whole number; the menu must be on
---screen.
---@param n integer
---@return integer first the first button shown now, 1 the first
function Session:scroll(n) end

---Scrolls the menu `n` screenfuls on (back when negative): `s:scroll(n * rows)`. Kept for
---scripts written when the menu paged.
---@param n integer
---@return integer first the first button shown now, 1 the first
function Session:page(n) end

---Taps `name` (as `tap` does; a manual segue: performs it) and returns the transition as
---one animated SVG (SMIL, plays once, then shows the screen as `svg({ screen = true })`
---draws it).
---@param name string
---@param input? table
---@return string
function Session:animate(name, input) end

---Taps `name` (as `tap` does; a manual segue: performs it) and returns `n` (2…1000)
---still SVG frames of the screen, sampled evenly: the first is the screen before, the
---last the screen after.
---@param name string
---@param n integer
---@param input? table
---@return string[]
function Session:frames(name, n, input) end

---The focused scene (or the screen) as SVG text.
---@param options? psychologist.SvgOptions
---@return string
function Session:svg(options) end

---The focused scene (or the screen) as terminal text, drawn within the call's time limit
---and charged to the memory limit while it is drawn.
---@param options? psychologist.TerminalOptions
---@return string
function Session:terminal(options) end

---The focused face's geometry, nil when no face is on screen.
---@return psychologist.FaceGeometry?
function Session:face() end

---Writes the focused scene under the output folder (`.svg`, `.png` drawn by librsvg, or `.txt` for ASCII;
---no extension: `.svg`; any other is refused). Outside `run` (show, list, check) it writes nothing.
---A PNG is drawn within the call's time limit and what the memory limit leaves. A snapshot
---not written ends the run with exit 3, even when its error is caught.
---@param name string
---@param options? psychologist.SnapshotOptions
---@return string path
function Session:snapshot(name, options) end

-- ---------------------------------------------------------------------------------------
-- Globals

---Declares a diagnosis: `diagnosis "bite" { happiness = 70 }`.
---@param name string
---@return fun(fields: psychologist.DiagnosisFields)
function diagnosis(name) end

---Declares a segue: `segue "movie" { kind = "push", happiness = 50 }`.
---@param identifier string
---@return fun(fields: psychologist.SegueFields)
function segue(identifier) end

---Declares a custom segue kind: `segue_kind "fade" { perform = function(nav, scene) … end }`.
---@param name string
---@return fun(fields: psychologist.SegueKindFields)
function segue_kind(name) end

---Declares a feature: `feature "brows" { draw = function(face, pen) … end }`.
---@param name string
---@return fun(fields: psychologist.FeatureFields)
function feature(name) end

---Sets the global style (`style { color = "red" }`) or declares a named one
---(`style "night" { color = "white" }`).
---@overload fun(fields: psychologist.StyleFields)
---@param name string
---@return fun(fields: psychologist.StyleFields)
function style(name) end

---Names the app: `app { title = "Barista" }` titles the root menu.
---@param fields psychologist.AppFields
function app(fields) end

---Declares a menu besides the root: `menu "drinks" { title = "Drinks", buttons = { "espresso" } }`,
---shown by `segue "drinks" { kind = "push", menu = "drinks" }`.
---@param name string
---@return fun(fields: psychologist.MenuFields)
function menu(name) end

---Declares a theme, the look of the screen's chrome: `theme "night" { bar_top = "#333333" }`.
---Fields left out keep iOS 6's.
---@param name string
---@return fun(fields: psychologist.ThemeFields)
function theme(name) end

---Starts a headless session: `local s = session { device = "ipad" }`.
---@param options? psychologist.SessionOptions
---@return psychologist.Session
function session(options) end
"""##
