import CLISupport
import Face
import Geometry
import Options
import Psychologist
import Readable
import Render

/// `psychologist face`: the seed's face for one happiness value, filling a device's screen.
enum FaceCommand: Command {
  /// `--happiness`.
  static let happiness = Option<Double>(
    "--happiness", value: "N", help: "0 (unhappy) … 100 (happy), fractions allowed; default 50",
    in: 0...100)
  /// `--scale`.
  static let scale = Option<Double>(
    "--scale", value: "S",
    help: "the face's size relative to the view, 0.0001 to 100; default 0.90",
    in: 0.0001...100)
  /// `--size`: a view of its own instead of a device's screen.
  static let size = Option<Size>(
    "--size", value: "WxH",
    help: "a view of W×H points (sides 1 to 10000) instead of a device's screen",
    expected: "WxH with sides from 1 to 10000 points", parse: parseSize)

  static let name = "face"

  static let spec = CommandSpec(
    name, summary: "Draw the seed's face for a happiness value.",
    options: [
      happiness, scale, SharedOptions.device, size, SharedOptions.orientation,
      SharedOptions.format, SharedOptions.output, SharedOptions.color, SharedOptions.plugin,
      SharedOptions.style, SharedOptions.theme, SharedOptions.timeLimit,
      SharedOptions.memoryLimit,
    ],
    details: [
      "Style and feature plugins (--plugin, PSYCHOLOGIST_PATH, the config folder) apply.",
      "examples:",
      "  psychologist face --happiness 90",
      "  psychologist face --happiness 20 --device ipad --orientation landscape -o sad.svg",
      "  psychologist face --happiness 90 -o happy.png",
      "  psychologist face --size 200x200 --format ascii",
    ])

  static func run(_ args: ParsedArguments) throws -> ExitCode {
    let happiness = try args[Self.happiness] ?? 50
    let scale = try args[Self.scale] ?? 0.90
    var view = try viewSize(args)
    if try orientation(args) == .landscape { view = view.swapped }
    let title = "happiness \(SVGNumber.string(happiness))"
    let options = try scriptOptions(args)
    // Plugins (and a named style or theme, checked against what they declare) apply to
    // this face too; without them no Lua state starts.
    if !options.plugins.isEmpty || options.style != nil || options.theme != nil {
      let script = try Script(path: "", options: options, output: FileOutput.standard)
      try script.loadPlugins()
      try refuseCommandLineProblems(script, on: options.device)
      try requireValid(script, on: options.device)
      let given = args.given(Self.scale) ? scale : nil
      // Plugins' features may draw many strokes: drawn under the plugins' limits, their
      // errors at the first feature's declaration (else the first plugin's file).
      try emit(
        try script.faceDrawing(
          happiness: happiness, scale: given, width: view.width, height: view.height,
          title: title), args,
        work: HostWork(
          after: script.state,
          at: script.registry.features.first?.location
            ?? script.files.dropFirst().first.map { SourceLocation(file: $0) } ?? .nowhere))
      return .ok
    }
    let state = try FaceState(happiness: happiness, scale: scale)
    let geometry = try faceGeometry(
      state: state, style: FaceStyle(),
      bounds: Rect(x: 0, y: 0, width: view.width, height: view.height))
    try emit(geometry.drawing(width: view.width, height: view.height, title: title), args)
    return .ok
  }

  /// The view in portrait: `--size`, else the device's screen.
  private static func viewSize(_ args: ParsedArguments) throws(UsageError) -> Size {
    guard args.given(size) else { return try device(args).portraitSize }
    guard !args.given(SharedOptions.device) else {
      throw UsageError("give --device or --size, not both")
    }
    return try args[size]!
  }
}

/// `320x480` → 320×480; nil unless both sides are numbers from 1 to 10000.
func parseSize(_ text: String) -> Size? {
  let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
  guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
    (1...10000).contains(w), (1...10000).contains(h)
  else { return nil }
  return Size(width: w, height: h)
}
