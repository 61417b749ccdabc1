import Declarations
import LuaBindings
import LuaHost

extension Script {
  /// A script with the whole Lua side registered: the declarations and the sessions.
  /// Prepares a state; nothing runs until `load()`. `print` goes to `output`, or to
  /// standard output when none is given.
  public convenience init(
    path: String, options: ScriptOptions = ScriptOptions(), output: LuaPrintTarget? = nil
  ) throws {
    try self.init(path: path, options: options, output: output) { try $0.registerSessions() }
  }
}
