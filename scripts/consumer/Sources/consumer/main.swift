// Embeds a script through the Psychologist library alone: loads SCRIPT, taps DIAGNOSIS on
// an iPhone in portrait, and prints the face's SVG.

import Psychologist

let arguments = CommandLine.arguments
guard arguments.count == 3 else { fatalError("usage: consumer SCRIPT DIAGNOSIS") }
let script = try Script(path: arguments[1])
try script.load()
let session = try Session(script: script, device: .iphone, orientation: .portrait)
try session.tap(arguments[2])
let svg = render(try session.drawing(screen: false), format: .svg)
print(String(decoding: svg, as: UTF8.self), terminator: "")
