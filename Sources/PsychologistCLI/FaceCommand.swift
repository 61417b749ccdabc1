import Face
import CLISupport
import Geometry
import Psychologist
import Render

/// `psychologist face`: the seed's face for one happiness value, filling a device's screen.
func faceCommand(_ args: ParsedArguments) throws -> ExitCode {
  let happiness =
    try number(args, "--happiness", in: 0...100, what: "a number from 0 to 100") ?? 50
  let scale = try number(args, "--scale", in: 0.0001...100, what: "a number above 0") ?? 0.90
  var width: Double
  var height: Double
  if let size = args.value("--size") {
    guard args.value("--device") == nil else {
      throw UsageError("give --device or --size, not both")
    }
    guard let (w, h) = parseSize(size) else {
      throw UsageError("--size must be WxH with sides from 1 to 10000 points, got '\(size)'")
    }
    (width, height) = (w, h)
  } else {
    let s = try device(args).portraitSize
    (width, height) = (s.width, s.height)
  }
  if try orientation(args) == .landscape { (width, height) = (height, width) }
  let title = "happiness \(SVGNumber.string(happiness))"
  let options = try scriptOptions(args)
  // Plugins (and a named style) apply to this face too; without them no Lua state starts.
  if !options.plugins.isEmpty || options.style != nil {
    let script = try Script(path: "", options: options, output: FileOutput.standard)
    try script.loadPlugins()
    try refuseCommandLineProblems(script, on: options.device)
    try requireValid(script, on: options.device)
    let given = args.value("--scale") == nil ? nil : scale
    try emit(
      try script.faceDrawing(
        happiness: happiness, scale: given, width: width, height: height, title: title), args)
    return .ok
  }
  let state = try FaceState(happiness: happiness, scale: scale)
  let geometry = try faceGeometry(
    state: state, style: FaceStyle(), bounds: Rect(x: 0, y: 0, width: width, height: height))
  try emit(geometry.drawing(width: width, height: height, title: title), args)
  return .ok
}

/// `320x480` → (320, 480); nil unless both sides are numbers from 1 to 10000.
func parseSize(_ text: String) -> (Double, Double)? {
  let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
  guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
    (1...10000).contains(w), (1...10000).contains(h)
  else { return nil }
  return (w, h)
}
