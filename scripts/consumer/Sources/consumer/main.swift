// Embeds a script through the Psychologist library alone: loads SCRIPT, taps DIAGNOSIS on
// an iPhone in portrait, and prints the face's SVG.

import Psychologist

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  FileOutput(fd: 2).write("usage: consumer SCRIPT DIAGNOSIS\n")
  FileOutput(fd: 2).flush()
  fatalError("usage")
}
let script = try Script(path: arguments[1], output: FileOutput.standard)
try script.load()
let session = try Session(script: script, device: .iphone, orientation: .portrait)
let invoke: Invoke = { try script.state.call($0, $1) }
try session.tap(arguments[2], invoke: invoke)
let svg = render(try session.drawing(screen: false, invoke: invoke), format: .svg)
FileOutput.standard.write(svg)
FileOutput.standard.flush()
