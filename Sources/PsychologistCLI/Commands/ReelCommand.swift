import Options
import Psychologist

/// `psychologist reel SCRIPT -o lesson.mp4`: the app's tour as one clip, each menu button
/// tapped in turn with its transition, held, and back, a caption naming the segue and its
/// kind.
enum ReelCommand: Command {
  /// The script.
  static let script = Positional("SCRIPT")
  /// `-o`: the clip (a reel has no stdout form).
  static let output = Option<String>(
    "--output", short: "-o", value: "FILE",
    help: "the clip to write (atomically): FILE.gif, .mp4, .webm or .png (an animated PNG)")

  static let name = "reel"

  static let spec = CommandSpec(
    name, positionals: [script],
    summary: "Make the app's tour into one clip: each button's transition, captioned, and back.",
    options: SharedOptions.script + [output] + SharedOptions.clip,
    details: [
      "examples:",
      "  psychologist reel examples/lesson.lua -o lesson.mp4",
      "  psychologist reel examples/lesson.lua --device ipad --orientation landscape --time-limit 60 -o ipad.gif",
      "",
      "Every menu's buttons in the order the menus show them: each tapped from its menu with",
      "its segue's transition at UIKit's duration and curve, held --hold seconds, then back",
      "(a replace, which has no way back, is followed by a cut to the menu). A band under the",
      "screen names the button, the segue and its kind on --device. -o NAME.gif, .mp4, .webm",
      "or .png (animated), encoded by Debian's ffmpeg as `show --animate` encodes one",
      "transition; at most 10000 frames and 10 minutes, refused before anything is drawn.",
    ])

  static func run(_ args: ParsedArguments) throws -> ExitCode {
    let options = try scriptOptions(args)
    guard let output = try args[Self.output], let format = ClipFormat.of(output) else {
      throw UsageError("reel writes a clip: give -o NAME with \(ClipFormat.extensions)")
    }
    try refuseUnencodableClip(output)
    let settings = try clipSettings(args)
    let script = try loadForDeclarations(args[Self.script], options)
    try requireValid(script, on: options.device)
    let session = try Session(
      script: script, device: options.device, orientation: options.orientation)
    let buttons = session.tourButtons
    guard !buttons.isEmpty else {
      throw UsageError("\(script.path): the app has no menu button to tap")
    }
    var clip = TransitionClip(
      segments: [], fps: settings.fps, slow: slowAnimations(), pixelScale: settings.pixelScale)
    // Refused before anything is drawn, counting every button there and back.
    let most = Session.tourSegmentBound(buttons: buttons.count)
    if let why = clip.tooLong(segments: most, hold: settings.hold) { throw UsageError(why) }
    for button in buttons {
      clip.segments += try session.tourSegments(of: button, hold: settings.hold)
    }
    return try writeClip(clip, to: output, format: format, work: script.hostWork(showing: ""))
  }
}
