import Files
import LuaHost
import Readable
import Render

/// What a style's `color` and `pen:color` say of a colour they cannot read: the name, the
/// nearest CSS names to it (a person misspells "saddlebrown", or guesses "darkbrown"), and
/// the other form a colour may take.
package func unknownColor(_ text: String) -> String {
  let close = nearest(text, Color.names)
  let hint =
    close.isEmpty ? "" : "did you mean " + close.map { "'\($0)'" }.joined(separator: ", ") + "? "
  return
    "unknown color \(quotedPrefix(text)) (\(hint)a color is one of the \(Color.cssNames.count) CSS color names or #rgb/#rrggbb)"
}
