import CLuaBridge

/// The commit the binary was built from (`3f2a9c1`, `3f2a9c1-dirty` with uncommitted
/// changes), or `unknown` when the build had no repository to ask (a tarball, or a plain
/// `swift build` without scripts/build-info).
public var buildCommit: String { String(cString: psy_build_commit()) }

/// The linked Lua library's release (`Lua 5.4.4`), read from its own identification
/// string, so it names the library loaded, not the header compiled against.
public var linkedLuaRelease: String {
  let ident = String(cString: psy_lua_ident())
  let prefix = "$LuaVersion: "
  guard ident.hasPrefix(prefix) else { return "Lua" }
  let rest = ident.dropFirst(prefix.count)
  // The release ends where its two-space gap before the copyright begins.
  var release = ""
  for c in rest {
    if c == " " && release.hasSuffix(" ") { break }
    release.append(c)
  }
  return release.hasSuffix(" ") ? String(release.dropLast()) : release
}
