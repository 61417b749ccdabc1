import App
import Declarations
import Geometry
import LuaHost
import Readable

/// The `nav` a custom segue's perform gets: one method per navigation operation, and the
/// device and orientation it runs on.
enum NavigationBindings {
  nonisolated(unsafe) static let luaClass = LuaClass<NavigationHandle>(
    name: "nav", misuse: { "nav:\($0) must be called with ':' (nav:\($0)(scene))" }
  ) { m in
    for op in NavigationOperation.allCases {
      m.method(op.rawValue) { nav, call in
        try nav.perform(op, size: nav.session == nil ? nil : popoverSize(op, call))
      }
    }
    m.property("device", get: { .text($0.session?.device.rawValue ?? "") })
    m.property("orientation", get: { .text($0.session?.orientation.rawValue ?? "") })
  }

  /// `nav:popover(scene, { width = …, height = … })`: the size asked for, checked as a
  /// segue's declared size is (a NaN or huge size would reach the layout); nil: none given.
  private static func popoverSize(_ op: NavigationOperation, _ call: LuaCall) throws -> Size? {
    guard op == .popover, case .map(let m) = try call.value(3),
      let w = m[.text("width")]?.number, let h = m[.text("height")]?.number
    else { return nil }
    for (name, v) in [("width", w), ("height", h)] where !(1...4096).contains(v) {
      throw sessionError(
        "nav:popover: \(name) must be between 1 and 4096, got \(formatNumber(v))")
    }
    return Size(width: w, height: h)
  }
}
